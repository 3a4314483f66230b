package io.jtune.experiment.tune;

import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.report.ExperimentReport;
import io.jtune.experiment.run.RunListener;
import io.jtune.experiment.run.RunResult;
import io.jtune.experiment.search.SearchListener;
import io.jtune.experiment.search.SearchResult;
import io.jtune.experiment.suggest.Suggestion;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.diagnosis.Diagnosis;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * What a {@link TuneSession} reports while it runs, in order: the baseline (from a log, or measured),
 * its diagnosis, a longer baseline when the live set rose, a budget cut, the suggestion and its
 * candidates, the experiment's runs (to {@link #runs()}, with the time left), and one
 * of the three verdicts. Every method does nothing by default.
 */
public interface TuneListener extends SearchListener {
  /** Hears the runs of the baseline, the search and the experiment (starting, kept, finished, load progress). */
  @Override
  default RunListener runs() {
    return RunListener.NONE;
  }

  /** The baseline is the GC log given, not measured; the experiment runs {@code high}. */
  default void baselineFromLog(Path gcLog, Level high) {}

  /**
   * A baseline run starts: {@code high}'s load for {@code measured}; {@code longer} for the run that
   * checks a rising live set.
   */
  default void baselineStarting(Level high, Duration measured, boolean longer) {}

  /**
   * A baseline run is measured and its GC log analyzed: {@code run} (ok or failed), its analysis, the
   * pauses while the service started that the diagnosis leaves out and the longest of them.
   */
  default void baselineMeasured(RunResult run, Analysis analysis, int startupPauses, double longestStartupMs) {}

  /**
   * The first baseline served clearly less than the rate offered: its capacity and what limits it;
   * the session measures the baseline again, and compares, at {@link BaselineOverload#measuredAtRps()}.
   */
  default void baselineOverloaded(BaselineOverload overload, RunResult run) {}

  /**
   * The first run's cold start asked for a ramp-up of the open-model rate at the start of each
   * later run's warm-up ({@link ColdStartRamp}); {@code firstCeiling} is the first run's warm-up ceiling.
   */
  default void coldStartRamp(ColdStartRamp ramp, Level level, Duration firstCeiling) {}

  /**
   * The baseline measured again at a rate below an overload ({@link BaselineOverload#reruns}, its
   * last one): served, or still a queue (the session steps down once more, or, with no rerun left,
   * ends with the overload as its finding: {@link BaselineOverload#unresolved}).
   */
  default void baselineRerun(BaselineOverload overload, RunResult run) {}

  /**
   * The baseline run was killed by the container's memory limit ({@code kill}: where, and what the
   * process held, part by part): that is the diagnosis; {@code report} is its GC report.
   */
  default void baselineKilled(BaselineKill kill, RunResult run, Path report) {}

  /**
   * Under a memory limit ({@code limits}) with the JVM's default heap, the baseline's live set
   * filled the heap as a leak would: the experiment tells a leak from a heap too small.
   */
  default void defaultHeapFilled(String limits) {}

  /** The first baseline's live set rose and then levelled off ({@code evidence}). */
  default void liveSetLevelled(String evidence) {}

  /** The baseline's diagnosis; {@code overruled} when a live set rising under the load overrules it. */
  default void diagnosis(Analysis analysis, boolean overruled) {}

  /** The live set rose; a run {@code times} as long as {@code window} is not run: {@code left} has no room. */
  default void longerSkipped(int times, Duration left) {}

  /** The live set rose; a run {@code times} as long as {@code window} tells a leak from a cache. */
  default void longerStarting(int times, Duration window) {}

  /**
   * The longer run did not see the live set keep rising over {@code measured}; {@code levelled} is the
   * evidence that it levelled off, or null.
   */
  default void longerSettled(String levelled, Duration measured) {}

  /** The experiment was cut to fit the {@code left} of the budget; {@code overhead}: a service's start and stop. */
  /** A run at a larger heap and {@code times} the window starts: the heap filled, a leak or a store's bound. */
  default void largerHeapStarting(List<String> flags, int times, Duration window) {}

  /** No larger-heap run: {@code why}. */
  default void largerHeapSkipped(String why) {}

  /** What the larger-heap run showed: the live set levelled off (a store's bound) or kept rising (a leak). */
  default void largerHeapSettled(StoreBound store) {}

  /**
   * A memory search's answer, {@code step}, is run {@code times} a probe's window ({@code measured})
   * at the same load before its check; the search's report says what that showed.
   */
  default void answerLongerStarting(io.jtune.experiment.search.MemoryGrid.Step step, int times, Duration measured) {}

  default void budgetCut(Duration overhead, Duration left, List<String> cuts) {}

  /** The candidates are being suggested. */
  default void suggesting() {}

  /** The suggestion; {@code notes} tell what the baseline rests on (shown for a command's service). */
  default void suggested(Suggestion suggestion, boolean notes) {}

  /**
   * The experiment's configurations; {@code lab} when the baseline's flags are the lab scenario's,
   * {@code skipped} the suggested candidates left out, listed by 'jtune suggest' on {@code gcLog}.
   */
  default void candidates(Plan plan, boolean lab, int skipped, Path gcLog) {}

  /** The experiment starts: {@code plan}, saved as {@code planFile}. */
  default void experimentStarting(Plan plan, Path planFile) {}

  /** Before the first of {@code runs} runs, each taking about {@code perRun}. */
  default void runsEstimated(int runs, Duration perRun) {}

  /** After a run, {@code left} runs remain, about {@code rest} in all. */
  default void runsLeft(int left, Duration rest) {}

  /** Verdict: a memory leak ({@code liveRising}: the rising live set's evidence, else the diagnosis's). */
  default void memoryLeak(Diagnosis diagnosis, String liveRising, RunResult baseline, Path report) {}

  /** Verdict: no candidate worth trying; {@code report} is the baseline's GC report. */
  default void noCandidates(Suggestion suggestion, Path report) {}

  /** Verdict of the experiment, with the reports written and the baseline's GC report. */
  default void verdict(ExperimentReport report, Plan plan, List<Path> files, Path runs, Path baselineReport) {}

  /** The search over the application's parameters ended; its report is in {@code files}. */
  default void searched(SearchResult result, List<Path> files) {}

  /** The application fix is checked: one run of the service with the application changed. */
  default void applicationFixStarting(ApplicationFix fix, Level level) {}

  /** The application fix's run beside the first baseline run ({@code fixed} may have failed). */
  default void applicationFixChecked(ApplicationFix fix, RunResult baseline, RunResult fixed, Path dir) {}
}
