package io.jtune.experiment.report;

import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.report.ExperimentReport.Recommendation;
import io.jtune.experiment.run.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Runs that served clearly less than their open-model load offered (under 90 %): the requests
 * queued, so their latencies measure the queue, not the service. Per level and candidate: the
 * rate offered, the rate served (the capacity at that load), and what limits it by what the runs
 * measured: GC (its share of the time), the CPU (the service's use, or with the other processes'
 * the host's, against the cores it has),
 * a lock (threads BLOCKED on one lock in the warm-up's thread dump), else none of these.
 */
public final class Overload {
  /** GC time share (%) from which GC is named as what limits an overloaded service. */
  static final double GC_LIMIT_PCT = 10;
  /**
   * CPU use, as a share of the cores the JVM has, from which the CPU is named: the service's own,
   * or the service's with the other processes' (the host's cores all busy).
   */
  static final double CPU_LIMIT_SHARE = 0.75;
  static final double HOST_BUSY_SHARE = 0.9;

  private Overload() {}

  /**
   * One candidate overloaded at one level.
   *
   * @param offeredRps the rate the level offered
   * @param capacityRps the mean rate the candidate's overloaded runs served
   * @param runs how many of its runs at the level were overloaded
   * @param of its successful runs at the level
   * @param limitedBy what limits it, in words
   */
  public record Finding(String level, String candidate, double offeredRps, double capacityRps, int runs, int of,
      String limitedBy) {

    /** "overloaded at 120 req/s: baseline served 85 req/s (3 of 3 runs); these latencies are a queue; ...". */
    public String words() {
      return String.format(Locale.US, "overloaded at %.0f req/s: %s served %.0f req/s (%d of %d runs) — these latencies"
          + " are a queue, not its response time; what limits it: %s", offeredRps, candidate, capacityRps, runs, of,
          limitedBy);
    }
  }

  /** Every level x candidate whose runs were overloaded in at least half of its successful runs, in plan order. */
  public static List<Finding> of(Plan plan, List<RunResult> runs) {
    List<Finding> out = new ArrayList<>();
    for (Level l : plan.levels()) {
      if (!l.open()) {
        continue;
      }
      for (var c : plan.candidates()) {
        List<RunResult> mine = runs.stream().filter(r -> r.ok() && r.level().equals(l.name())
            && r.candidate().equals(c.name())).toList();
        List<RunResult> over = mine.stream().filter(RunResult::overloaded).toList();
        if (!over.isEmpty() && 2 * over.size() >= mine.size()) {
          double served = over.stream().mapToDouble(r -> r.steadiness().servedRps()).average().orElse(0);
          out.add(new Finding(l.name(), c.name(), l.rateRps(), served, over.size(), mine.size(), limitedBy(over)));
        }
      }
    }
    return out;
  }

  /** The baseline's finding at the level with the most load, or null when it served what was offered. */
  public static Finding ofBaseline(Plan plan, List<RunResult> runs) {
    return of(plan, runs).stream().filter(f -> f.candidate().equals(plan.baseline()))
        .max(java.util.Comparator.comparingDouble(Finding::offeredRps)).orElse(null);
  }

  /** What limits the service in these runs, by their GC time share, CPU use and thread dumps. */
  public static String limitedBy(List<RunResult> runs) {
    double gc = mean(runs, Metric.GC_TIME_SHARE.key());
    double cpu = mean(runs, Metric.CPU.key());
    double others = mean(runs, Metric.OTHERS_CPU.key());
    int cores = runs.stream().filter(r -> r.ergonomics() != null && r.ergonomics().activeProcessors() != null)
        .map(r -> r.ergonomics().activeProcessors()).findFirst().orElse(Runtime.getRuntime().availableProcessors());
    List<String> found = new ArrayList<>();
    if (gc >= GC_LIMIT_PCT) {
      found.add(String.format(Locale.US, "GC (%.1f %% of the time)", gc));
    }
    if (cpu >= CPU_LIMIT_SHARE * 100 * cores || cpu + others >= HOST_BUSY_SHARE * 100 * cores) {
      found.add(String.format(Locale.US, "the CPU (the service %.0f %% of a core, other processes %.0f %%, on %d"
          + " cores)", cpu, others, cores));
    }
    runs.stream().map(RunResult::threads).filter(t -> t != null && t.topLock() != null
        && t.blockedOnTopLock() >= Math.max(2, t.javaThreads() / 4)).findFirst()
        // the thread dump's line names the count itself ("20 of 62 threads BLOCKED on <0x..> ...")
        .ifPresent(t -> found.add("a lock (" + (t.topLock().contains(" BLOCKED on ") ? t.topLock()
            : t.blockedOnTopLock() + " threads BLOCKED on " + t.topLock()) + ")"));
    if (found.isEmpty()) {
      return String.format(Locale.US, "not GC (%.1f %% of the time), the CPU (%.0f %% of a core on %d) or a lock:"
          + " requests wait for something else (a pool, I/O, a downstream service)", gc, cpu, cores);
    }
    return String.join(", ", found);
  }

  /**
   * The recommendation with an overloaded baseline said first: its capacity and what limits it, and
   * that the comparison at that rate compares queues (a rate the baseline serves compares the
   * configurations). The verdict stays the comparison's.
   */
  static Recommendation withFinding(Plan plan, Recommendation rec, List<RunResult> runs) {
    Finding f = ofBaseline(plan, runs);
    if (f == null) {
      return rec;
    }
    List<String> reasons = new ArrayList<>(rec.reasons());
    reasons.add(0, f.level() + ": " + f.words());
    String summary = String.format(Locale.US, "The baseline is overloaded at %.0f req/s (capacity about %.0f req/s,"
        + " limited by %s): latencies at that rate are a queue's; compare at a rate it serves (about %.0f req/s). ",
        f.offeredRps(), f.capacityRps(), shortLimit(f.limitedBy()), validRate(f.capacityRps())) + rec.summary();
    return new Recommendation(rec.verdict(), rec.winner(), summary, reasons, rec.flagDiff(), rec.gcNotTheBottleneck());
  }

  /** A rate an overloaded service serves with room: 90 % of the capacity measured. */
  public static double validRate(double capacityRps) {
    return Math.max(1, Math.floor(capacityRps * 0.9));
  }

  private static String shortLimit(String limitedBy) {
    return limitedBy.startsWith("not GC") ? "neither GC, the CPU nor a lock" : limitedBy;
  }

  private static double mean(List<RunResult> runs, String key) {
    return runs.stream().mapToDouble(r -> r.metric(key)).filter(v -> !Double.isNaN(v)).average().orElse(0);
  }
}
