package io.jtune.gc.finding;

import io.jtune.common.jvm.JvmOption;
import io.jtune.common.finding.Severity;
import io.jtune.gc.aggregate.CollectionCauses;
import io.jtune.gc.aggregate.ExampleList;
import io.jtune.gc.aggregate.PauseDistribution;
import io.jtune.gc.facts.GcFacts;
import io.jtune.gc.model.MemoryModel;
import io.jtune.gc.event.Anomaly;
import io.jtune.gc.event.Collector;
import io.jtune.gc.event.PauseKind;
import java.util.List;
import java.util.Locale;

/**
 * Collections requested by System.gc() (application code, RMI's distributed GC, tools), with
 * advice that fits what a call costs on the collector: a stop-the-world Full GC (Serial,
 * Parallel, and G1/CMS/Shenandoah without -XX:+ExplicitGCInvokesConcurrent), or a concurrent
 * cycle (ZGC always; Shenandoah by default; G1 with -XX:+ExplicitGCInvokesConcurrent), which
 * stops the application only for the cycle's short pauses and costs the cycle's CPU instead.
 */
final class ExplicitGcRule implements FindingRule {
  static final String CAUSE = "System.gc()";
  private static final String WHO = "Find who calls System.gc() (a thread dump or JFR's jdk.SystemGC event shows the"
      + " stack; RMI's distributed GC calls it every hour by default).";
  private static final String DIRECT_BUFFERS = "nothing relies on them (NIO direct buffers and other memory freed by"
      + " Cleaners are released only after a collection; code that calls System.gc() to get them back would then run"
      + " out of direct memory)";

  @Override
  public void evaluate(GcFacts a, MemoryModel model, List<Finding> out) {
    Collector c = a.jvm().collector();
    if (c.collectsConcurrently()) {
      CollectionCauses.ByCause explicit = a.concurrent().collections().of(CAUSE);
      if (explicit.stopTheWorld() > 0) {
        fullGcs(a, c, explicit.stopTheWorld(), explicit.examples(), out);
      } else if (explicit.concurrent() > 0) {
        concurrentCycles(a, c, explicit, out);
      }
      return;
    }
    ExampleList hits = a.anomalies().of(Anomaly.SYSTEM_GC);
    long count = Math.max(hits.count(), a.pauses().causeCount(CAUSE));
    if (count == 0) {
      return;
    }
    long full = Math.max(a.pauses().count(CAUSE, PauseKind.FULL), hits.count() - a.pauses().causeCount(CAUSE));
    if (full == 0 && (c == Collector.G1 || c.isCms())) {
      concurrentStarts(a, c, count, hits, out);
    } else {
      fullGcs(a, c, count, hits, out);
    }
  }

  /** Explicit collections that stopped the application: a Full GC each. */
  private static void fullGcs(GcFacts a, Collector c, long count, ExampleList hits, List<Finding> out) {
    boolean concurrentCapable = c == Collector.G1 || c.isCms() || c.isShenandoah();
    // already in force: proposing it again changes nothing
    boolean alreadyConcurrent = a.flags().isOn(JvmOption.EXPLICIT_GC_INVOKES_CONCURRENT);
    long cancelling = a.concurrent().cancelledBySystemGc();
    String rec = WHO + " "
        + (concurrentCapable && alreadyConcurrent
            ? "-XX:+ExplicitGCInvokesConcurrent is already set, and these calls still stopped the application: if"
                + " they are not needed (note: NIO direct buffers rely on them under memory pressure), disable them."
            : concurrentCapable
            ? "With " + c.displayName() + ", let explicit GCs run as concurrent cycles instead of stop-the-world Full GCs."
            : "If the calls are not needed (note: NIO direct buffers rely on them under memory pressure), disable them.")
        + (cancelling > 0 ? " " + cancelling + " of them cancelled a concurrent cycle that was running (\"Cancelling"
            + " concurrent GC: System.gc()\"): the call, not the allocation, stopped it." : "");
    List<String> flags = concurrentCapable && !alreadyConcurrent
        ? List.of(JvmOption.EXPLICIT_GC_INVOKES_CONCURRENT.on())
        : List.of(JvmOption.DISABLE_EXPLICIT_GC.on());
    out.add(new Finding("system-gc", Severity.WARNING, count + " collection(s) requested by System.gc()",
        hits.examples(), count, rec, flags));
  }

  /**
   * ZGC and Shenandoah: each call ran a concurrent cycle. A warning (and the flag that disables the
   * calls) only when they are at least half of the collections: then they, not the heap, set how
   * often the collector runs.
   */
  private static void concurrentCycles(GcFacts a, Collector c, CollectionCauses.ByCause explicit, List<Finding> out) {
    long count = explicit.concurrent();
    long all = a.concurrent().collections().count();
    boolean most = 2 * count >= all;
    PauseDistribution pauses = a.pauses().byCause().stream().filter(e -> e.getKey().equals(CAUSE))
        .map(java.util.Map.Entry::getValue).findFirst().orElse(null);
    String pauseCost = pauses == null || pauses.count() == 0
        ? "only for the cycle's short pauses (not in this log)"
        : String.format(Locale.US, "only for the cycles' short pauses (%d here, at most %s ms, %s ms in total)",
            pauses.count(), ms(pauses.maxMs()), ms(pauses.totalMs()));
    String work = explicit.durations().timed() == 0 ? ""
        : String.format(Locale.US, " (%s ms of concurrent work each on average here)", ms(explicit.durations().meanMs()));
    String rec = "Under " + c.displayName() + " System.gc() runs a concurrent collection, not a stop-the-world Full GC:"
        + " the application stops " + pauseCost + ". What a call costs is a whole collection cycle: the GC threads"
        + " take CPU from the application while it runs" + work + ", and it comes on top of the cycles the"
        + " allocation asks for. " + (most
            ? "Here they are " + count + " of " + all + " collections, so they set how often the collector runs: disable"
                + " them if " + DIRECT_BUFFERS + ". " + WHO
            : "Here they are " + count + " of " + all + " collections: disabling them (-XX:+DisableExplicitGC) saves"
                + " little, and is only worth it when the CPU of those cycles matters and " + DIRECT_BUFFERS + ".");
    out.add(new Finding("system-gc", most ? Severity.WARNING : Severity.INFO,
        count + " concurrent collection(s) requested by System.gc()", explicit.examples().examples(), count, rec,
        most ? List.of(JvmOption.DISABLE_EXPLICIT_GC.on()) : List.of()));
  }

  /**
   * G1 (or CMS) with -XX:+ExplicitGCInvokesConcurrent: each call started a concurrent cycle with a
   * young pause ("Pause Young (Concurrent Start) (System.gc())"), no Full GC.
   */
  private static void concurrentStarts(GcFacts a, Collector c, long count, ExampleList hits, List<Finding> out) {
    long all = a.pauses().all().count();
    boolean most = 2 * count >= all;
    String rec = "System.gc() already starts a concurrent cycle here (-XX:+ExplicitGCInvokesConcurrent), not a"
        + " stop-the-world Full GC: each call costs a young pause and a concurrent marking cycle's CPU. "
        + (most
            ? "They are " + count + " of " + all + " pauses: disable them if " + DIRECT_BUFFERS + ". " + WHO
            : "They are " + count + " of " + all + " pauses: disabling them saves little.");
    out.add(new Finding("system-gc", most ? Severity.WARNING : Severity.INFO,
        count + " concurrent cycle(s) started by System.gc() with " + c.displayName(), hits.examples(), count, rec,
        most ? List.of(JvmOption.DISABLE_EXPLICIT_GC.on()) : List.of()));
  }

  private static String ms(double v) {
    return String.format(Locale.US, v < 1 ? "%.3f" : "%.1f", v);
  }
}
