package io.jtune.experiment.tune;

import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.report.ExperimentReport;
import io.jtune.experiment.run.RunResult;
import io.jtune.experiment.search.Footprint;
import io.jtune.gc.analysis.Analysis;
import java.nio.file.Path;
import java.util.List;

/**
 * What a {@link TuneSession} ended with.
 *
 * @param outcome which verdict
 * @param analysis the baseline's GC analysis (its diagnosis and findings)
 * @param baseline the baseline run, or null when the session started from a GC log
 * @param gcLog the baseline's GC log
 * @param baselineReport the baseline's HTML GC report
 * @param plan the experiment's plan, or null when none ran
 * @param report the experiment's report, or null when none ran
 * @param files the experiment's report files written (empty when none ran)
 * @param runsOk whether every run of the experiment succeeded (true when none ran)
 * @param applicationFix the run that checked the settings' application fix, or null
 */
public record TuneResult(Outcome outcome, Analysis analysis, RunResult baseline, Path gcLog, Path baselineReport,
    Plan plan, ExperimentReport report, List<Path> files, boolean runsOk, RunResult applicationFix) {
  /** The session's ends. */
  public enum Outcome {
    /** A memory leak: flags are not the fix, no experiment ran. */
    MEMORY_LEAK,
    /** No candidate worth trying: no experiment ran. */
    NO_CANDIDATES,
    /** The experiment ran and has a verdict. */
    EXPERIMENT,
    /**
     * The search found nothing better than the service's own values, or a memory search's answer
     * did not hold when run longer: nothing to check, the baseline kept.
     */
    SEARCH,
    /**
     * The baseline was overloaded at the rate asked for and at each lower rate tried: its capacity is
     * the finding; no diagnosis nor candidate is drawn from a queue's run, and no experiment ran.
     */
    OVERLOADED
  }

  public TuneResult {
    files = List.copyOf(files);
  }

  /** Why a memory search's answer is not adopted when its longer run did not hold, in words. */
  public static String answerNotHeld(Footprint f) {
    Footprint.Longer l = f.longer();
    return "the answer, " + l.step().mb() + " MB, met the SLO for a probe's window but did not hold when run "
        + l.times() + " times as long";
  }

  /** This result with the application fix's run. */
  public TuneResult withApplicationFix(RunResult run) {
    return new TuneResult(outcome, analysis, baseline, gcLog, baselineReport, plan, report, files, runsOk, run);
  }
}
