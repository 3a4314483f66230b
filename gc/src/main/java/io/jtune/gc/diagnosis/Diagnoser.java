package io.jtune.gc.diagnosis;

import io.jtune.gc.facts.GcFacts;
import io.jtune.gc.finding.Finding;
import io.jtune.common.finding.Severity;
import io.jtune.gc.model.MemoryModel;
import io.jtune.common.units.ByteSize;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The primary problem of a log, from its memory model and findings, in this order: a leak (the
 * live set grows, or the heap saturates with Full GCs that free almost nothing), a heap too small
 * for the live set, premature promotion, concurrent-collector failures, metaspace threshold,
 * explicit GCs, long pauses, OS interference; else GC is not the problem, or the log is healthy.
 */
public final class Diagnoser {
  /** Which problem is primary when several are seen: causes before their consequences. */
  static final List<Problem> PRIORITY = List.of(Problem.MEMORY_LEAK, Problem.HEAP_TOO_SMALL,
      Problem.PREMATURE_PROMOTION, Problem.CONCURRENT_FAILURE, Problem.METASPACE_THRESHOLD, Problem.EXPLICIT_GC,
      Problem.LONG_PAUSES, Problem.OS_INTERFERENCE, Problem.GC_NOT_THE_PROBLEM, Problem.HEALTHY);

  private Diagnoser() {}

  public static Diagnosis diagnose(GcFacts f, MemoryModel m, List<Finding> findings) {
    Set<Problem> found = new LinkedHashSet<>();
    List<String> evidence = new ArrayList<>();
    String advice = "";
    boolean leak = m.leak();
    if (leak) {
      found.add(Problem.MEMORY_LEAK);
      // the leak finding says it in full: flags are not the fix, the delay a bigger heap buys, what to do
      advice = findings.stream().filter(x -> x.id().equals("old-gen-growth")).map(Finding::recommendation)
          .findFirst().orElse("");
    }
    if (!leak && m.heapGrows()) {
      found.add(Problem.HEAP_TOO_SMALL);
      if (findings.stream().noneMatch(x -> x.id().equals("heap-too-small"))) {
        evidence.add(String.format(Locale.US, "live set %s (%s) in %s: less than %.0fx it",
            ByteSize.human(m.live().bytes()), m.live().source(), m.oldGenerationText(), MemoryModel.OLD_FIT));
      }
      advice = String.format(Locale.US, "Give the heap -Xmx%s (%s; now %s).", ByteSize.flagValue(m.targetHeap()),
          MemoryModel.HEAP_RULE, ByteSize.human(m.capacities().heapMax()));
    }
    if (has(findings, "premature-promotion", Severity.WARNING)) {
      found.add(Problem.PREMATURE_PROMOTION);
    }
    if (has(findings, "promotion-failure", Severity.WARNING) || has(findings, "evacuation-failure", Severity.WARNING)
        || has(findings, "allocation-stall", Severity.WARNING) || has(findings, "cycle-cancelled", Severity.WARNING)
        || has(findings, "degenerated-cycle", Severity.WARNING) || has(findings, "concurrent-mark-abort", Severity.WARNING)
        || has(findings, "full-gc", Severity.WARNING)) {
      found.add(Problem.CONCURRENT_FAILURE);
    }
    if (has(findings, "metadata-gc-threshold", Severity.WARNING)) {
      found.add(Problem.METASPACE_THRESHOLD);
    }
    if (has(findings, "system-gc", Severity.WARNING)) {
      found.add(Problem.EXPLICIT_GC);
    }
    boolean gcCost = has(findings, "frequent-full-gc", Severity.WARNING) || has(findings, "low-throughput", Severity.WARNING)
        || has(findings, "humongous-allocations", Severity.WARNING);
    if (gcCost || has(findings, "long-young-pauses", Severity.WARNING) && !explainedByTheHost(findings)) {
      found.add(Problem.LONG_PAUSES);
    }
    if (has(findings, "os-interference", Severity.WARNING)) {
      found.add(Problem.OS_INTERFERENCE);
    }
    if (found.isEmpty()) {
      found.add(has(findings, "gc-not-the-problem", Severity.INFO) ? Problem.GC_NOT_THE_PROBLEM : Problem.HEALTHY);
    }
    for (Finding x : findings) {
      if (x.severity() != Severity.INFO) {
        evidence.add(x.title() + " (" + x.id() + ")");
      }
    }
    String churn = cacheChurn(f, m, findings);
    if (churn != null) {
      evidence.add(churn);
      advice = (advice.isEmpty() ? "" : advice + " ") + "Bound the cache or move it off the heap: a bigger young"
          + " generation next to a large live cache only moves the churn.";
    }
    List<Problem> ordered = new ArrayList<>(found);
    ordered.sort(java.util.Comparator.comparingInt(PRIORITY::indexOf));
    if (ordered.indexOf(Problem.HEAP_TOO_SMALL) == 0 && ordered.contains(Problem.PREMATURE_PROMOTION)
        && stopTheWorldOld(f.jvm().collector())
        && m.live().known() && m.oldCapacity() >= MemoryModel.OLD_HEADROOM * m.live().bytes()) {
      // a stop-the-world old generation (Serial, Parallel) that already keeps the headroom a live
      // set needs: what fills it is the premature promotion, and the heap is only short of the
      // roomier 2x a concurrent old collector needs for the garbage made while it runs; fix the
      // cause first
      ordered.remove(Problem.PREMATURE_PROMOTION);
      ordered.add(0, Problem.PREMATURE_PROMOTION);
      String survivors = findings.stream().filter(x -> x.id().equals("premature-promotion")).map(Finding::recommendation)
          .findFirst().orElse("");
      // the survivor sizes are computed for the heap the memory model proposes: say which
      advice = survivors + (advice.isEmpty() ? "" : " These sizes are for the heap the live set asks for: " + advice);
    }
    Problem primary = ordered.get(0);
    if (evidence.isEmpty() && primary == Problem.GC_NOT_THE_PROBLEM) {
      findings.stream().filter(x -> x.id().equals("gc-not-the-problem")).findFirst()
          .ifPresent(x -> evidence.add(x.title()));
    }
    return new Diagnosis(primary, ordered.subList(1, ordered.size()), evidence, advice);
  }

  /** Whether the old generation is collected stop-the-world only (no concurrent cycle needing room to run). */
  private static boolean stopTheWorldOld(io.jtune.gc.event.Collector c) {
    return c == io.jtune.gc.event.Collector.SERIAL || c == io.jtune.gc.event.Collector.PARALLEL
        || c == io.jtune.gc.event.Collector.PARNEW_SERIAL_OLD;
  }

  /**
   * Whether the young pauses over the goal are the host's doing: as many pauses or more waited
   * for the OS (real time over twice user+sys, or sys over user) as young pauses exceeded the
   * goal, so the long pauses are stalls of a busy or swapping host, not collection work.
   */
  static boolean explainedByTheHost(List<Finding> findings) {
    long overGoal = occurrences(findings, "long-young-pauses");
    long stretched = occurrences(findings, "os-interference");
    return overGoal > 0 && stretched >= overGoal;
  }

  private static long occurrences(List<Finding> findings, String id) {
    return findings.stream().filter(x -> x.id().equals(id)).mapToLong(Finding::occurrences).max().orElse(0);
  }

  private static boolean has(List<Finding> findings, String id, Severity atLeast) {
    return findings.stream().anyMatch(x -> x.id().equals(id) && x.severity().atLeast(atLeast));
  }

  /** The cache-churn evidence: the model's, or on G1 root and card scanning dominating young pauses; null when not seen. */
  static String cacheChurn(GcFacts f, MemoryModel m, List<Finding> findings) {
    if (findings.stream().anyMatch(x -> x.id().equals("root-scanning"))) {
      return "young pauses spend most of their time scanning old-to-young references (remembered sets, dirty cards):"
          + " old objects, such as cache entries, keep pointing at young ones";
    }
    return m.cacheChurn();
  }
}
