package io.jtune.experiment.tune;

import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanWriter;
import io.jtune.experiment.plan.ServiceSpec;
import io.jtune.experiment.run.RunListener;
import io.jtune.experiment.run.RunResult;
import io.jtune.experiment.suggest.Suggestion;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The run that checks an {@link ApplicationFix}: the session's target with the application
 * changed, the baseline's JVM flags, the first level's load and window, measured as every run of
 * an experiment is (its own plan in {@value #DIR}, so the same figures as the baseline run's).
 */
final class ApplicationFixRun {
  /** The fix run's directory inside the session's. */
  static final String DIR = "application-fix";

  private ApplicationFixRun() {
  }

  static RunResult run(TuneSettings job, Level high, RunListener runs) {
    ApplicationFix fix = job.applicationFix();
    ServiceSpec t = job.target();
    List<String> labArgs = new ArrayList<>(t.labArgs());
    labArgs.addAll(fix.labArgs());
    ServiceSpec fixed = new ServiceSpec(t.lab(), labArgs, t.command(), t.ready(), t.readyTimeout(), t.javaHome(),
        t.workDir(), 0);
    List<String> flags = job.flags() == null ? List.of() : job.flags();
    Plan plan = new Plan(job.name() + "-application-fix", fixed, Suggestion.BASELINE,
        List.of(Candidate.of(Suggestion.BASELINE, flags, "The baseline's configuration, the application changed: "
            + fix.what() + ".")),
        List.of(high.withGoals(Map.of()).withLine(0)), 1, Plan.Order.INTERLEAVED, Duration.ZERO, null);
    String yaml = new PlanWriter().header(List.of("the application-fix check of " + job.by())).write(plan);
    Path dir = job.dir().resolve(DIR);
    return TuneSession.prepare(plan, yaml, dir, runs).run().get(0);
  }
}
