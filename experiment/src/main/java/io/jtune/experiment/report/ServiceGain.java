package io.jtune.experiment.report;

import io.jtune.experiment.plan.Goal;
import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.report.ExperimentReport.CandidateReport;
import io.jtune.experiment.report.ExperimentReport.Outcome;
import java.util.ArrayList;
import java.util.List;

/**
 * What a service's users see, whatever the goals ask: a candidate whose p99 is significantly lower
 * or whose throughput is significantly higher (the 95 % interval wholly on the better side), with no
 * significant regression in what users or the GC pay ({@link #MUST_NOT_REGRESS}) and no goal missed
 * other than one that asked for more improvement than it got, improves the service. The verdict
 * adopts such a candidate even when the goals asked for something else (Full GCs halved where the
 * baseline's measured windows had none): an improvement is never "no improvement".
 *
 * <p>Peak RSS is not among the metrics that must not regress (a larger heap, when the heap was the
 * problem, uses more memory by design; a plan that must bound memory says so with an {@code rssMb}
 * goal), nor is the longest pause (p99 and p99.9 say what the requests felt). CPU counts only when
 * throughput did not rise significantly: serving more requests costs more CPU.
 */
final class ServiceGain {
  /** The metrics a candidate must not make significantly worse to win on p99 or throughput alone. */
  static final List<Metric> MUST_NOT_REGRESS = List.of(Metric.THROUGHPUT, Metric.P50, Metric.P95, Metric.P99,
      Metric.P999, Metric.ERRORS, Metric.FGC_COUNT, Metric.GC_TIME_SHARE);

  private ServiceGain() {}

  /** Whether the candidate significantly lowers p99 or raises throughput at this level, with no regression. */
  static boolean at(CandidateReport c) {
    return !c.baseline() && !gains(c).isEmpty() && noRegression(c);
  }

  /**
   * Whether nothing got significantly worse at this level: no metric of {@link #MUST_NOT_REGRESS}
   * (CPU too, unless throughput rose significantly), no goal missed except one that asked for a
   * bigger improvement than the candidate brought.
   */
  static boolean noRegression(CandidateReport c) {
    if (c.okRuns() == 0) {
      return false;
    }
    for (Metric m : MUST_NOT_REGRESS) {
      if (worse(c, m)) {
        return false;
      }
    }
    if (!better(c, Metric.THROUGHPUT) && worse(c, Metric.CPU)) {
      return false;
    }
    return c.goals().stream().noneMatch(v -> v.outcome() == Outcome.MISSED && !(v.goal().demandsBetter()
        && v.goal().kind() == Goal.Kind.RELATIVE && !worse(c, v.goal().metric())));
  }

  /** The significant gains in p99 and throughput, such as "p99 -43 % [-55 %, -27 %]". */
  static List<String> gains(CandidateReport c) {
    List<String> out = new ArrayList<>();
    for (Metric m : List.of(Metric.P99, Metric.THROUGHPUT)) {
      if (better(c, m)) {
        out.add(m.key() + " " + ExperimentText.change(c.deltas().get(m)));
      }
    }
    return out;
  }

  private static boolean better(CandidateReport c, Metric m) {
    Delta d = c.deltas().get(m);
    return d != null && d.better(m);
  }

  private static boolean worse(CandidateReport c, Metric m) {
    Delta d = c.deltas().get(m);
    return d != null && d.worse(m);
  }
}
