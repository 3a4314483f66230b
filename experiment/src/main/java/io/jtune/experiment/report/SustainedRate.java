package io.jtune.experiment.report;

import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.run.RunResult;
import java.util.ArrayList;
import java.util.List;

/**
 * The throughput an open-model level compares: the rate each run sustained. A run's throughput
 * is what the service served within its window (the responses completed in it), and a service
 * that keeps up serves the offered rate only to within the requests in flight at the window's
 * two edges: those answered after the window's end, less those of the warm-up answered in it.
 * The load keeps at most the level's connections in flight, so a run that kept up served within
 * {@code connections / window seconds} of the offered rate: that close, the run sustained the
 * offered rate, and two runs that both did differ in nothing but their edges. Beyond it the run
 * fell behind (or worked off a backlog) and its served rate is what it sustained. Without this
 * the edges' noise (a few tenths of a percent) would read as a throughput gain or regression
 * between configurations that both kept up, which the comparison's intervals are not meant to
 * find: under the open model, throughput differs only where a side falls behind.
 */
final class SustainedRate {
  private SustainedRate() {}

  /** The rate {@code r} sustained at the open-model level {@code l}; its throughput in the closed model. */
  static double of(RunResult r, Level l) {
    double served = r.metric(Metric.THROUGHPUT.key());
    if (!l.open() || Double.isNaN(served)) {
      return served;
    }
    double seconds = (r.windowEndEpochMs() - r.windowStartEpochMs()) / 1000.0;
    double edges = seconds > 0 ? l.concurrency() / seconds : 0;
    return Math.abs(served - l.rateRps()) <= edges ? l.rateRps() : served;
  }

  /** The sustained rates of {@code runs} (those with a throughput), in order. */
  static List<Double> of(List<RunResult> runs, Level l) {
    List<Double> out = new ArrayList<>();
    for (RunResult r : runs) {
      double v = of(r, l);
      if (!Double.isNaN(v)) {
        out.add(v);
      }
    }
    return out;
  }
}
