package io.jtune.experiment.tune;

import io.jtune.common.JtuneException;
import io.jtune.common.units.ByteSize;
import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanWriter;
import io.jtune.experiment.plan.RunBudget;
import io.jtune.experiment.run.Experiment;
import io.jtune.experiment.run.RunResult;
import io.jtune.experiment.suggest.Suggestion;
import io.jtune.experiment.suggest.rule.ContainerLimit;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.analysis.GcAnalyzer;
import io.jtune.gc.analysis.LiveSetUnderLoad;
import io.jtune.gc.analysis.StartupPauses;
import io.jtune.gc.diagnosis.Problem;
import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.gc.model.MemoryModel;
import io.jtune.gc.render.html.AnalysisHtml;
import io.jtune.runtime.output.OutputFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The runs a tune session measures the service as it is configured with, before any candidate:
 * the baseline under the first level's load (or its GC log, analyzed), the longer run that tells a
 * cache filling for longer than a run from a leak, and the run at a larger heap that tells a leak
 * from a store whose bound does not fit. Each is one experiment run under its own directory, its
 * GC log read once for the run's figures and for the view of the service under load (start-up
 * left out).
 */
final class BaselineRuns {
  /** How many times the first baseline's measured window the run that checks a rising live set is. */
  static final int LONGER = 3;

  /** A guess of a run's start and stop until one is timed. */
  static final Duration START_STOP = Duration.ofSeconds(6);

  private final TuneSettings job;
  private final TuneListener listener;
  /** The latest baseline run and its analysis, for the document of a session stopped by an error. */
  private RunResult lastRun;
  private Analysis lastAnalysis;
  /** What the larger-heap run showed of a heap that filled, or null when none ran. */
  private StoreBound settled;

  BaselineRuns(TuneSettings job, TuneListener listener) {
    this.job = job;
    this.listener = listener;
  }

  RunResult lastRun() {
    return lastRun;
  }

  Analysis lastAnalysis() {
    return lastAnalysis;
  }

  StoreBound settled() {
    return settled;
  }

  /** The baseline from the GC log given: analyzed, not measured here. */
  Baseline fromLog(Level high) {
    listener.baselineFromLog(job.gcLog(), high);
    Analysis a = GcAnalyzer.analyze(job.gcLog().toString(), analysisOptions(), e -> true);
    Path dir = job.dir().resolve(TuneSettings.BASELINE_DIR);
    listener.diagnosis(a, false);
    return new Baseline(null, a, job.gcLog(), report(a, dir), null, null, null, Double.NaN, null);
  }

  /**
   * The live set rose through the first baseline run: a cache or pool that fills for longer than
   * a run, or a leak. A run {@value #LONGER} times as long tells them apart when the budget has
   * room for it and an experiment after it: the live set levels off (the longer run is then the
   * baseline) or keeps rising (a leak).
   */
  Baseline longer(Level high, Baseline first) throws IOException {
    Duration measured = high.duration().multipliedBy(LONGER);
    Duration run = first.perRun() == null ? high.warmup().plus(measured).plus(START_STOP)
        : first.perRun().plus(measured.minus(high.duration()));
    TuneBudget b = job.budget();
    if (b != null) {
      Duration left = b.left();
      if (left.compareTo(run.multipliedBy(2)) < 0) {
        listener.longerSkipped(LONGER, left.isNegative() ? Duration.ZERO : left);
        return first;
      }
    }
    listener.longerStarting(LONGER, high.duration());
    Baseline again = measure(high, measured, TuneSettings.BASELINE_DIR + "-longer",
        job.flags() == null ? List.of() : job.flags(), true);
    if (again.liveRising() == null && again.analysis().diagnosis().primary() != Problem.MEMORY_LEAK) {
      listener.longerSettled(again.levelled(), measured);
    }
    return again;
  }

  /**
   * Whether the first baseline's heap filled with a live set that rose to its size (Full GCs that
   * free almost nothing): a leak, or a store whose bound does not fit. Measured runs only: a log
   * given cannot be run again with a larger heap.
   */
  static boolean saturated(Baseline base) {
    return base.run() != null && base.analysis().diagnosis().primary() == Problem.MEMORY_LEAK
        && base.analysis().model().live().saturates() && base.analysis().model().capacities().heapMax() > 0;
  }

  /**
   * The run an engineer makes when the heap filled: twice the heap (within the container's heap
   * budget when there is a memory limit), {@value #LONGER} times as long. Null when the budget
   * has no room for it and an experiment after it, or a memory limit leaves no larger heap.
   */
  Baseline larger(Level high, Baseline first) throws IOException {
    long heap = first.analysis().model().capacities().heapMax();
    long bigger = MemoryModel.roundUp(2.0 * heap, 64);
    long cap = heapCap(high, first);
    if (cap > 0) {
      bigger = Math.min(bigger, cap / (64L << 20) * (64L << 20));
    }
    if (bigger <= heap) {
      listener.largerHeapSkipped("the container's memory limit leaves no larger heap than " + ByteSize.human(heap));
      return null;
    }
    Duration measured = high.duration().multipliedBy(LONGER);
    Duration run = first.perRun() == null ? high.warmup().plus(measured).plus(START_STOP)
        : first.perRun().plus(measured.minus(high.duration()));
    TuneBudget b = job.budget();
    if (b != null && b.left().compareTo(run.multipliedBy(2)) < 0) {
      Duration left = b.left();
      listener.largerHeapSkipped("the budget left (" + RunBudget.words(left.isNegative() ? Duration.ZERO : left)
          + ") has no room for a run at a larger heap and an experiment after it");
      return null;
    }
    List<String> flags = new ArrayList<>(job.flags() == null ? List.of() : job.flags());
    flags.add("-Xmx" + ByteSize.flagValue(bigger));
    listener.largerHeapStarting(flags, LONGER, high.duration());
    Baseline again = measure(high, measured, TuneSettings.BASELINE_DIR + "-larger-heap", flags, true);
    settled = StoreBound.of(flags, bigger, heap, again.analysis(), again.liveRising(), again.levelled(), cap,
        again.grew());
    listener.largerHeapSettled(settled);
    return again;
  }

  /** The most heap a memory limit of the level allows beside the measured non-heap, or -1 without one. */
  private static long heapCap(Level high, Baseline first) {
    if (high.limits() == null || high.limits().memory() == null) {
      return -1;
    }
    ContainerLimit c = ContainerLimit.of(high.limits().memory().bytes(), Double.NaN, "--memory-limit")
        .withNativeMemory(first.run() == null ? null : first.run().nativeMemory());
    var budget = c.budget(first.analysis().model().capacities().metaspacePeak());
    return budget == null ? -1 : budget.heapBytes();
  }

  /** The baseline run: the service with the baseline's flags under the first level's load, as one experiment run. */
  Baseline measure(Level high, Duration measured, String dirName) throws IOException {
    return measure(high, measured, dirName, job.flags() == null ? List.of() : job.flags(), false);
  }

  /**
   * As {@link #measure(Level, Duration, String)}, the service run with {@code flags}; with
   * {@code histograms}, a class histogram at the end of the warm-up and of the window names what grew.
   */
  private Baseline measure(Level high, Duration measured, String dirName, List<String> flags, boolean histograms)
      throws IOException {
    String reason = flags.isEmpty()
        ? "The service's own configuration, unchanged." : "The service's configuration: " + String.join(" ", flags);
    return measure(high, measured, dirName, Candidate.of(Suggestion.BASELINE, flags, reason), true, histograms);
  }

  /**
   * A memory search's answer run {@value #LONGER} times a probe's window at {@code at} (the first
   * level, under the answer's memory limit when the search sized one), read as a baseline is (its
   * live set under the load), in {@code dirName}; the search says what it showed, this prints
   * nothing of its own. The session's baseline stays the one measured before.
   */
  Baseline answerLonger(Level at, Candidate answer, String dirName) throws IOException {
    return measure(at, at.duration().multipliedBy(LONGER), dirName, answer, false, true);
  }

  /**
   * The service run as {@code candidate} under the first level's load for {@code measured}, as one
   * experiment run in {@code dirName}; {@code baseline} false for a run that is not the session's
   * baseline (a search's answer run longer): no baseline lines printed, not kept as the baseline of
   * a session stopped by an error. With {@code histograms}, the run that checks whether a live set
   * keeps rising: a class histogram at the end of its warm-up and of its window names what grew.
   */
  private Baseline measure(Level high, Duration measured, String dirName, Candidate candidate, boolean baseline,
      boolean histograms) throws IOException {
    List<String> flags = candidate.flags();
    boolean first = dirName.equals(TuneSettings.BASELINE_DIR);
    // "longer" for the runs that measure longer (a rising live set, a larger heap), not for the run at a rate it serves
    if (baseline) {
      listener.baselineStarting(high, measured, measured.compareTo(high.duration()) > 0);
    }
    Level load = high.withDuration(measured).withGoals(Map.of()).withLine(0);
    Plan plan = new Plan(job.name() + "-" + candidate.name(), job.target(), candidate.name(), List.of(candidate),
        List.of(load), 1, Plan.Order.INTERLEAVED, Duration.ZERO, null);
    String yaml = new PlanWriter().header(List.of((baseline ? "the baseline run of " : "the answer run longer of ")
        + job.by())).write(plan);
    Path dir = job.dir().resolve(dirName);
    Path saved = dir.resolve(Experiment.PLAN_FILE);
    if (Files.isRegularFile(saved) && !Files.readString(saved, StandardCharsets.UTF_8).equals(yaml)) {
      throw new JtuneException(dir + " holds a baseline of another service, flags or load: give another --out");
    }
    RunTimer timer = new RunTimer(listener, high.warmup().plus(measured).plus(START_STOP));
    // the diagnosis is of the service under load: its start-up's pauses are left out (Full GCs kept);
    // the longer run also asks that a live set still rising at the end had a Full GC near it. The
    // run's GC log is read once, for the run's figures and for this view of it
    UnderLoad underLoad = new UnderLoad(first, analysisOptions(flags));
    Experiment.Options options = histograms ? Experiment.Options.DEFAULTS.withClassHistograms()
        : Experiment.Options.DEFAULTS;
    Experiment experiment = TuneSession.prepare(plan, yaml, dir, options, timer).alsoAnalyzing(underLoad);
    RunResult r = experiment.run().get(0);
    if (baseline) {
      lastRun = r;
    }
    Path gcLog = dir.resolve("runs").resolve(r.id()).resolve("gc.log");
    Analysis a = null;
    JtuneException unreadable = null;
    Optional<GcAnalyzer.Viewed> viewed = experiment.secondAnalysis(r.id());
    if (viewed.isEmpty() && Files.isRegularFile(gcLog)) {
      // a run kept from before, or one that failed before its log was read: read it now
      viewed = Optional.of(read(r, gcLog, high.warmup(), underLoad));
    }
    if (viewed.isPresent()) {
      a = viewed.get().analysis();
      if (baseline) {
        lastAnalysis = a;
      }
      unreadable = viewed.get().failure();
    }
    BaselineKill kill = null;
    if (!r.ok() && r.oomKilled()) {
      // a JVM the container killed before its first collection still states its heap and collector
      if (a == null && Files.isRegularFile(gcLog)) {
        a = GcAnalyzer.analyzeRun(gcLog.toString(), analysisOptions(flags));
        if (baseline) {
          lastAnalysis = a;
        }
      }
      kill = BaselineKill.of(r, io.jtune.common.jvm.FlagSet.merge(Experiment.baseFlags(job.target()), flags), a,
          TuneAdvice.container(high, r));
    }
    StartupPauses startup = underLoad.startup;
    // a baseline that answered nothing is still evidence when its GC log shows why (a leak that
    // filled the heap): the verdict is then that, not a failed session
    if (!r.ok() && kill == null && (a == null || a.diagnosis().primary() != Problem.MEMORY_LEAK)) {
      throw new JtuneException("baseline run: " + r.failure());
    }
    if (a == null) {
      throw unreadable != null ? unreadable : new JtuneException("baseline run wrote no GC log at " + gcLog);
    }
    if (baseline) {
      listener.baselineMeasured(r, a, startup == null ? 0 : startup.left(),
          startup == null ? 0 : startup.longestMs());
    }
    String rising = underLoad.rising();
    String levelled = underLoad.levelled();
    if (levelled != null && first) {
      listener.liveSetLevelled(levelled);
    }
    // one voice: with the live set rising, the findings of this log alone are shown as overruled
    if (baseline && diagnosed(r, kill, !first && dirName.startsWith(TuneSettings.BASELINE_DIR + "-at-capacity"))) {
      // a killed baseline's diagnosis is its kill (baselineKilled), not its log's
      listener.diagnosis(a, rising != null);
    }
    // the experiment's runs take about as long as this one did (a longer run's less its longer window)
    Duration perRun = timer.perRun() == null ? null : timer.perRun().minus(measured.minus(high.duration()));
    // a run the container killed early says nothing of how long a run takes
    return new Baseline(r, a, gcLog, report(a, dir), kill == null ? perRun : null, kill == null ? rising : null, levelled,
        startup == null ? Double.NaN : startup.loadStartUptimeS(), kill);
  }

  /**
   * Whether a baseline run's GC log is its diagnosis: not when the container killed it (the kill is,
   * {@link TuneListener#baselineKilled}), nor when it served clearly less than offered: an
   * overloaded run's latencies and pauses are a queue's, its diagnosis is its overload (its
   * capacity and what limits it, {@link BaselineOverload}); the run at a rate it serves diagnoses it.
   * A run {@code belowAnOverload} (the baseline again at a lower rate after an overload) whose p99
   * rose through its window, a queue growing near the capacity, is a queue's too.
   */
  static boolean diagnosed(RunResult r, BaselineKill kill, boolean belowAnOverload) {
    return kill == null && BaselineOverload.of(r) == null && !(belowAnOverload && BaselineOverload.queueGrowing(r) != null);
  }

  /**
   * A recorded run's GC log ({@code gcLog}) read through {@code view} from its load's start (its
   * warm-up before its window; {@code warmup} when the run did not record its own) to its window's end.
   */
  static GcAnalyzer.Viewed read(RunResult r, Path gcLog, Duration warmup, UnderLoad view) {
    long warmupMs = r.steadiness() != null ? Math.round(r.steadiness().warmupS() * 1000) : warmup.toMillis();
    long loadStart = r.windowStartEpochMs() > 0 ? r.windowStartEpochMs() - warmupMs : 0;
    return GcAnalyzer.analyze(gcLog.toString(), List.of(view.of(loadStart, r.windowEndEpochMs()))).get(0);
  }

  /**
   * The tune session's view of a baseline run: the service under load, its start-up left out;
   * {@code first} for the session's first baseline run, whose live set is judged over the whole
   * load, not only up to its window's end.
   */
  static final class UnderLoad implements Experiment.SecondView {
    private final boolean first;
    private final AnalysisOptions options;
    private StartupPauses startup;
    private LiveSetUnderLoad live;

    UnderLoad(boolean first, AnalysisOptions options) {
      this.first = first;
      this.options = options;
    }

    @Override
    public GcAnalyzer.View of(long loadStartEpochMs, long windowEndEpochMs) {
      startup = new StartupPauses(loadStartEpochMs);
      live = new LiveSetUnderLoad(loadStartEpochMs, first ? 0 : windowEndEpochMs, startup);
      return new GcAnalyzer.View(options, live, false);
    }

    /** The live set's rise under the load, in words, or null (read after the view). */
    String rising() {
      return live == null ? null : live.rising();
    }

    /** Its levelling off under the load, in words, or null. */
    String levelled() {
      return live == null ? null : live.levelledOff();
    }
  }

  private AnalysisOptions analysisOptions() {
    return analysisOptions(job.flags());
  }

  static AnalysisOptions analysisOptions(List<String> flags) {
    return flags == null || flags.isEmpty() ? AnalysisOptions.DEFAULTS
        : new AnalysisOptions(AnalysisOptions.DEFAULTS.windowS(), AnalysisOptions.DEFAULTS.pauseTargetMs(), Double.NaN,
            String.join(" ", flags), false);
  }

  private static Path report(Analysis a, Path dir) {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new JtuneException("cannot write " + dir + ": " + e.getMessage(), e);
    }
    Path html = dir.resolve("gc-report.html");
    OutputFile.write(html, w -> AnalysisHtml.write(a, w));
    return html;
  }
}
