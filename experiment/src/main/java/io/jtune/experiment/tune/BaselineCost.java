package io.jtune.experiment.tune;

import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.run.RunResult;
import io.jtune.experiment.suggest.GoalsForProblem;

/** What a baseline run's measured window shows the GC costs: the goals follow it. */
final class BaselineCost {
  private BaselineCost() {
  }

  static GoalsForProblem.Cost of(RunResult run) {
    double fgc = run.metric(Metric.FGC_COUNT.key());
    double errors = run.metric(Metric.ERRORS.key());
    double windowMs = run.windowEndEpochMs() - run.windowStartEpochMs();
    double fgcMs = run.metric(Metric.FGC_TIME_TOTAL.key());
    double fgcShare = windowMs > 0 && fgcMs >= 0 ? 100 * fgcMs / windowMs : Double.NaN;
    return new GoalsForProblem.Cost(run.metric(Metric.GC_TIME_SHARE.key()), Double.isNaN(fgc) ? -1 : fgc,
        Double.isNaN(errors) ? 0 : errors, run.metric(Metric.SLOW_IN_PAUSE.key()), fgcShare);
  }
}
