package io.jtune.experiment.tune;

import io.jtune.common.JtuneException;
import io.jtune.common.units.ByteSize;
import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Goal;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanException;
import io.jtune.experiment.plan.PlanWriter;
import io.jtune.experiment.plan.RunBudget;
import io.jtune.experiment.report.EarlyStopping;
import io.jtune.experiment.report.ExperimentReport;
import io.jtune.experiment.report.Verdict;
import io.jtune.experiment.report.files.ReportFiles;
import io.jtune.experiment.run.Experiment;
import io.jtune.experiment.run.RunListener;
import io.jtune.experiment.run.RunResult;
import io.jtune.experiment.suggest.Advisor;
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
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The tuning loop as a library, which {@code jtune tune} runs on any service and {@code jtune demo}
 * on the bundled lab: measure the baseline under the load (or start from a GC log), analyze and
 * diagnose it, stop at a memory leak (flags are not the fix), suggest candidates, fit the
 * experiment into the budget, run it (configurations x levels x repetitions, interleaved) and
 * return the verdict. Progress goes to a {@link TuneListener}; nothing is printed here. Every
 * document lands in the run directory: the baseline run under {@code baseline/}, the experiment's
 * runs under {@code runs/}, and plan.yaml (for 'jtune experiment --resume'), experiment.json and
 * report.txt/.md/.html; whatever the session ends with (a leak, no candidates, a verdict, an error),
 * {@value TuneJson#FILE} says so ({@link TuneJson}).
 */
public final class TuneSession {
  /** How many times the first baseline's measured window the run that checks a rising live set is. */
  public static final int LONGER = 3;

  /** A guess of a run's start and stop until one is timed. */
  private static final Duration START_STOP = Duration.ofSeconds(6);

  /** The baseline the suggestion is made from: its run (null when from a log), its analysis, its GC report. */
  private record Baseline(RunResult run, Analysis analysis, Path gcLog, Path report, Duration perRun,
      String liveRising, String levelled, double loadStartUptimeS, BaselineKill kill) {}

  private final TuneSettings job;
  private final TuneListener listener;
  private List<Level> levels;
  private int repetitions;
  private int candidates;
  private RunResult firstRun;
  /** The latest baseline run and its analysis, for the document of a session stopped by an error. */
  private RunResult lastRun;
  private Analysis lastAnalysis;
  /** What the larger-heap run showed of a heap that filled, or null when none ran. */
  private StoreBound settled;
  private boolean earlyStopping = true;
  private int shuffle;
  /** The first baseline's overload (it served less than offered), or null. */
  private BaselineOverload overload;

  public TuneSession(TuneSettings settings, TuneListener listener) {
    this.job = settings;
    this.listener = listener;
    this.levels = settings.levels();
    this.repetitions = settings.repetitions();
    this.candidates = settings.candidates();
  }

  /**
   * Runs the session to its verdict, then, when the settings give one, the application fix's run
   * beside the first baseline run.
   */
  public TuneResult run() throws IOException {
    TuneResult result = tune();
    if (job.applicationFix() == null || firstRun == null) {
      return result;
    }
    Level high = job.levels().get(0);
    listener.applicationFixStarting(job.applicationFix(), high);
    RunResult fixed = ApplicationFixRun.run(job, high, listener.runs());
    listener.applicationFixChecked(job.applicationFix(), firstRun, fixed, job.dir().resolve(ApplicationFixRun.DIR));
    return result.withApplicationFix(fixed);
  }

  /**
   * This session with early stopping on (the default) or off, and each round's candidates shuffled
   * by {@code shuffleNumber} (0: in the plan's order); see {@link Plan#earlyStopping()}.
   */
  public TuneSession withRunOrder(boolean stopEarly, int shuffleNumber) {
    this.earlyStopping = stopEarly;
    this.shuffle = shuffleNumber;
    return this;
  }

  private TuneResult tune() throws IOException {
    TuneSettings.checkFreshDir(job.dir());
    Files.createDirectories(job.dir());
    try {
      return session();
    } catch (JtuneException e) {
      // a session stopped by an error still leaves its document, then the error is reported as before
      String line = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().strip().lines().findFirst()
          .orElse("");
      List<Path> files = new ArrayList<>(List.of(job.dir().resolve(Experiment.PLAN_FILE),
          job.dir().resolve(TuneSettings.BASELINE_DIR).resolve(Experiment.PLAN_FILE)));
      if (lastRun != null) {
        files.add(job.dir().resolve(TuneSettings.BASELINE_DIR).resolve("runs").resolve(lastRun.id()));
      }
      TuneJson.write(job.dir(), new TuneJson.Content(TuneJson.FAILED, TuneJson.FAILED, "the session stopped at an error",
          null, lastAnalysis, null, lastRun, files, line));
      throw e;
    }
  }

  private TuneResult session() throws IOException {
    Level high = job.levels().get(0);
    Baseline base = job.gcLog() != null ? fromLog(high) : measure(high, high.duration(), TuneSettings.BASELINE_DIR);
    firstRun = base.run();
    overload = base.kill() == null ? BaselineOverload.of(base.run()) : null;
    if (overload != null) {
      // served less than offered: latencies there are a queue's, and a comparison of queues says "no change";
      // the capacity is a finding of its own, and the session measures at a rate the baseline serves
      listener.baselineOverloaded(overload, base.run());
      double valid = overload.measuredAtRps();
      // levels above it measured at it (one level per rate)
      Map<Double, Level> byRate = new java.util.LinkedHashMap<>();
      levels.stream().map(l -> l.open() && l.rateRps() > valid ? l.withLoad(valid, l.concurrency()) : l)
          .forEach(l -> byRate.putIfAbsent(l.open() ? l.rateRps() : -l.concurrency(), l));
      levels = List.copyOf(byRate.values());
      high = levels.get(0);
      base = measure(high, high.duration(), TuneSettings.BASELINE_DIR + "-at-capacity");
    }
    boolean defaultHeap = TuneAdvice.defaultHeapInLimit(job, high);
    boolean leak = base.analysis().diagnosis().primary() == Problem.MEMORY_LEAK || base.liveRising() != null;
    if (base.kill() != null) {
      // killed by the container's memory limit: that is the diagnosis; the advice sizes the heap the limit holds
      listener.baselineKilled(base.kill(), base.run(), base.report());
    } else if (leak && defaultHeap) {
      // a live set that fills the JVM's default heap (a share of the limit) looks like a leak: a heap the limit
      // allows tells them apart, and the verdict reads the candidates' logs for a leak
      listener.defaultHeapFilled(high.limits().describe());
    } else if (base.liveRising() != null && base.analysis().diagnosis().primary() != Problem.MEMORY_LEAK) {
      base = longer(high, base);
    }
    // the heap filled: a leak, or a store whose bound does not fit; a larger heap for longer tells (not
    // inside a container's memory limit with the JVM's default heap, nor after a kill: the candidates within
    // the limit tell there)
    Baseline advised = base;
    if (base.kill() == null && !(leak && defaultHeap) && saturated(base)) {
      Baseline bigger = larger(high, base);
      if (bigger != null) {
        // levelled off there: advice from that run; kept rising: that run is the leak's evidence
        advised = bigger;
        base = settled.levelsOff() ? base : bigger;
      }
    }
    if (advised == base && base.kill() == null && !defaultHeap
        && (base.analysis().diagnosis().primary() == Problem.MEMORY_LEAK || base.liveRising() != null)) {
      listener.memoryLeak(base.analysis().diagnosis(), base.liveRising(), base.run(), base.report());
      return result(TuneResult.Outcome.MEMORY_LEAK, Verdict.MEMORY_LEAK, base, null, null, List.of(), true);
    }
    refit(base);
    listener.suggesting();
    Advisor.Inputs inputs = TuneAdvice.inputs(job, advised.run(), high, advised.loadStartUptimeS());
    if (advised != base) {
      // advice from the run that held the store, for the service as it is configured; the goals
      // follow what the first baseline's run showed the GC costs
      inputs = inputs.withFlags(job.flags() == null ? List.of() : job.flags());
      if (base.run() != null && base.run().ok()) {
        inputs = inputs.withMeasured(BaselineCost.of(base.run()));
      }
    }
    Suggestion s = Advisor.advise(advised.analysis(), inputs);
    if (advised != base) {
      s = StoreBound.withHeldHeap(s, settled);
    } else if (base.kill() != null) {
      s = TuneAdvice.afterKill(s, base.kill());
    } else if (leak && defaultHeap) {
      s = TuneAdvice.defaultHeapFilled(s, high.limits().describe());
    }
    listener.suggested(s, !job.target().isLab());
    if (job.search() != null) {
      return searched(s, base);
    }
    if (s.candidates().isEmpty()) {
      listener.noCandidates(s, base.report());
      return result(TuneResult.Outcome.NO_CANDIDATES, TuneJson.noCandidates(s.gcNotTheProblem()), base, null, null,
          List.of(), true);
    }
    Plan plan = plan(s);
    return experiment(plan, base, s.candidates().size() - (plan.candidates().size() - 1), List.of());
  }

  /**
   * The search over the application's parameters, then the winner's check against the baseline
   * (when a value other than the service's own won).
   */
  private TuneResult searched(Suggestion s, Baseline base) throws IOException {
    Plan suggested = s.candidates().isEmpty() ? null : plan(s);
    Duration perRun = base.perRun() != null ? base.perRun().plus(Duration.ofSeconds(1))
        : levels.get(0).warmup().plus(levels.get(0).duration()).plus(START_STOP);
    SearchStep.Outcome found = SearchStep.run(job, s, suggested, levels, repetitions, perRun, listener);
    if (found.validation() == null) {
      return result(TuneResult.Outcome.SEARCH, Verdict.KEEP_BASELINE, base, null, null, found.files(), true);
    }
    return experiment(found.validation(), base, 0, found.files());
  }

  /** Runs the experiment of {@code plan} to its verdict; {@code more}: report files written before it. */
  private TuneResult experiment(Plan plan, Baseline base, int skipped, List<Path> more) throws IOException {
    listener.candidates(plan, job.target().isLab(), skipped, base.gcLog());
    // run the plan as written, so that plan.yaml (for 'jtune experiment --resume') holds exactly the
    // plan that ran: the writer gives it back as the reader would (each level's goals in the file's
    // order, the plan's common goals first; the lines that messages name)
    PlanWriter.Written written = new PlanWriter().header(List.of("written by " + job.by())).written(plan);
    String yaml = written.text();
    // the requests as given: a secret the file holds only redacted is still sent
    Plan given = plan;
    plan = written.plan().withSource(null);
    plan = plan.withLevels(plan.levels().stream()
        .map(l -> l.withRequest(given.level(l.name()).orElse(l).request())).toList());
    listener.experimentStarting(plan, job.dir().resolve(Experiment.PLAN_FILE));
    Duration perRun = base.perRun() != null ? base.perRun().plus(plan.cooldown())
        : plan.levels().get(0).warmup().plus(plan.levels().get(0).duration()).plus(START_STOP);
    RunTimer timer = new RunTimer(listener, perRun);
    listener.runsEstimated(plan.schedule().size(), timer.perRun());
    List<RunResult> results = prepare(plan, yaml, job.dir(), timer).run(EarlyStopping.of(plan));
    ExperimentReport report = ExperimentReport.of(plan, Experiment.baseFlags(plan), results);
    List<Path> files = new ArrayList<>(ReportFiles.writeAll(report, job.dir()));
    files.addAll(more);
    listener.verdict(report, plan, files, job.dir().resolve("runs"), base.report());
    return result(TuneResult.Outcome.EXPERIMENT, report.recommendation().verdict(), base, plan, report, files,
        results.stream().allMatch(r -> r.ok() || r.oomKilled()));
  }

  /** The session's result, its document written first. */
  private TuneResult result(TuneResult.Outcome outcome, Verdict verdict, Baseline base, Plan plan,
      ExperimentReport report, List<Path> files, boolean ok) {
    List<Path> written = new ArrayList<>(files);
    if (plan != null) {
      written.add(0, job.dir().resolve(Experiment.PLAN_FILE));
    }
    written.add(base.report());
    if (base.run() != null) { // a log given is the user's, not written here
      written.add(base.gcLog());
    }
    TuneJson.write(job.dir(), new TuneJson.Content(outcome.name().toLowerCase(Locale.ROOT).replace('_', '-'),
        verdict.key(), report != null ? TuneJson.words(report) : verdict.words(),
        report != null ? report.recommendation().winner() : null, base.analysis(), base.liveRising(), base.run(),
        written, null, settled, base.kill(), overload));
    return new TuneResult(outcome, base.analysis(), base.run(), base.gcLog(), base.report(), plan, report, files, ok,
        null);
  }

  /** The suggestion's plan with the job's levels (the suggestion's goals for the same level names) and candidates. */
  private Plan plan(Suggestion s) {
    Plan suggested = s.plan(job.name(), job.target(), job.urls());
    List<Level> ls = new ArrayList<>();
    for (Level l : levels) {
      Map<String, Goal> goals = suggested.level(l.name()).map(Level::goals)
          .orElse(suggested.levels().get(0).goals());
      ls.add(l.withGoals(goals).withLine(0));
    }
    List<Candidate> cs = new ArrayList<>();
    cs.add(suggested.baselineCandidate());
    suggested.candidates().stream().filter(c -> !c.name().equals(suggested.baseline())).limit(candidates)
        .forEach(cs::add);
    return suggested.withCandidates(suggested.baseline(), cs).withLevels(ls).withRepetitions(repetitions)
        .withOrder(Plan.Order.INTERLEAVED).withCooldown(Duration.ofSeconds(1)).withSource(null)
        .withEarlyStopping(earlyStopping).withShuffle(shuffle);
  }

  /**
   * The experiment fitted into what is left of the budget, now that the baseline run has shown
   * how long the service takes to start and stop; when even the smallest experiment does not
   * fit, it runs that and says by how much the budget is exceeded.
   */
  private void refit(Baseline base) {
    TuneBudget b = job.budget();
    if (b == null || base.perRun() == null) {
      return;
    }
    Level high = levels.get(0);
    Duration window = high.warmup().plus(high.duration());
    Duration overhead = base.perRun().minus(window);
    overhead = overhead.compareTo(Duration.ofSeconds(1)) < 0 ? Duration.ofSeconds(1) : overhead;
    Duration left = b.left();
    RunBudget.Shape now = new RunBudget.Shape(levels.size(), candidates, repetitions, high.warmup(), high.duration(),
        b.minDuration(), false);
    RunBudget.Fit fit;
    try {
      fit = RunBudget.fit(now, left, overhead);
    } catch (JtuneException e) {
      RunBudget.Shape least = new RunBudget.Shape(1, 1, Math.min(2, repetitions), high.warmup(), b.minDuration(),
          b.minDuration(), false);
      fit = new RunBudget.Fit(least, List.of("the smallest experiment, over the budget by about "
          + RunBudget.words(least.estimate(overhead).minus(left))), least.estimate(overhead));
    }
    if (fit.cuts().isEmpty()) {
      return;
    }
    RunBudget.Shape s = fit.shape();
    listener.budgetCut(overhead, left.isNegative() ? Duration.ZERO : left, fit.cuts());
    List<Level> cut = new ArrayList<>();
    for (Level l : levels.subList(0, s.levels())) {
      cut.add(l.withWarmup(s.warmup()).withDuration(s.duration()));
    }
    levels = cut;
    repetitions = s.repetitions();
    candidates = s.candidates();
  }

  /** The baseline from the GC log given: analyzed, not measured here. */
  private Baseline fromLog(Level high) {
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
  private Baseline longer(Level high, Baseline first) throws IOException {
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
    Baseline again = measure(high, measured, TuneSettings.BASELINE_DIR + "-longer");
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
  private static boolean saturated(Baseline base) {
    return base.run() != null && base.analysis().diagnosis().primary() == Problem.MEMORY_LEAK
        && base.analysis().model().live().saturates() && base.analysis().model().capacities().heapMax() > 0;
  }

  /**
   * The run an engineer makes when the heap filled: twice the heap (within the container's heap
   * budget when there is a memory limit), {@value #LONGER} times as long. Null when the budget
   * has no room for it and an experiment after it, or a memory limit leaves no larger heap.
   */
  private Baseline larger(Level high, Baseline first) throws IOException {
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
    Baseline again = measure(high, measured, TuneSettings.BASELINE_DIR + "-larger-heap", flags);
    settled = StoreBound.of(flags, bigger, heap, again.analysis(), again.liveRising(), again.levelled(), cap);
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
  private Baseline measure(Level high, Duration measured, String dirName) throws IOException {
    return measure(high, measured, dirName, job.flags() == null ? List.of() : job.flags());
  }

  /** As {@link #measure(Level, Duration, String)}, the service run with {@code flags}. */
  private Baseline measure(Level high, Duration measured, String dirName, List<String> flags) throws IOException {
    boolean first = dirName.equals(TuneSettings.BASELINE_DIR);
    listener.baselineStarting(high, measured, !first);
    String reason = flags.isEmpty()
        ? "The service's own configuration, unchanged." : "The service's configuration: " + String.join(" ", flags);
    Level load = high.withDuration(measured).withGoals(Map.of()).withLine(0);
    Plan plan = new Plan(job.name() + "-baseline", job.target(), Suggestion.BASELINE,
        List.of(Candidate.of(Suggestion.BASELINE, flags, reason)),
        List.of(load), 1, Plan.Order.INTERLEAVED, Duration.ZERO, null);
    String yaml = new PlanWriter().header(List.of("the baseline run of " + job.by())).write(plan);
    Path dir = job.dir().resolve(dirName);
    Path saved = dir.resolve(Experiment.PLAN_FILE);
    if (Files.isRegularFile(saved) && !Files.readString(saved, StandardCharsets.UTF_8).equals(yaml)) {
      throw new JtuneException(dir + " holds a baseline of another service, flags or load: give another --out");
    }
    RunTimer timer = new RunTimer(listener, high.warmup().plus(measured).plus(START_STOP));
    // the diagnosis is of the service under load: its start-up's pauses are left out (Full GCs kept);
    // the longer run also asks that a live set still rising at the end had a Full GC near it. The
    // run's GC log is read once, for the run's figures and for this view of it
    UnderLoad underLoad = new UnderLoad(first);
    Experiment experiment = prepare(plan, yaml, dir, timer).alsoAnalyzing(underLoad);
    RunResult r = experiment.run().get(0);
    lastRun = r;
    Path gcLog = dir.resolve("runs").resolve(r.id()).resolve("gc.log");
    Analysis a = null;
    JtuneException unreadable = null;
    Optional<GcAnalyzer.Viewed> viewed = experiment.secondAnalysis(r.id());
    if (viewed.isEmpty() && Files.isRegularFile(gcLog)) {
      // a run kept from before, or one that failed before its log was read: read it now
      long warmupMs = r.steadiness() != null ? Math.round(r.steadiness().warmupS() * 1000) : high.warmup().toMillis();
      long loadStart = r.windowStartEpochMs() > 0 ? r.windowStartEpochMs() - warmupMs : 0;
      viewed = Optional.of(GcAnalyzer.analyze(gcLog.toString(),
          List.of(underLoad.of(loadStart, r.windowEndEpochMs()))).get(0));
    }
    if (viewed.isPresent()) {
      a = viewed.get().analysis();
      lastAnalysis = a;
      unreadable = viewed.get().failure();
    }
    BaselineKill kill = null;
    if (!r.ok() && r.oomKilled()) {
      // a JVM the container killed before its first collection still states its heap and collector
      if (a == null && Files.isRegularFile(gcLog)) {
        a = GcAnalyzer.analyzeRun(gcLog.toString(), analysisOptions());
        lastAnalysis = a;
      }
      kill = BaselineKill.of(r, io.jtune.common.jvm.FlagSet.merge(Experiment.baseFlags(job.target()), flags), a,
          TuneAdvice.container(high, r));
    }
    StartupPauses startup = underLoad.startup;
    LiveSetUnderLoad live = underLoad.live;
    // a baseline that answered nothing is still evidence when its GC log shows why (a leak that
    // filled the heap): the verdict is then that, not a failed session
    if (!r.ok() && kill == null && (a == null || a.diagnosis().primary() != Problem.MEMORY_LEAK)) {
      throw new JtuneException("baseline run: " + r.failure());
    }
    if (a == null) {
      throw unreadable != null ? unreadable : new JtuneException("baseline run wrote no GC log at " + gcLog);
    }
    listener.baselineMeasured(r, a, startup == null ? 0 : startup.left(),
        startup == null ? 0 : startup.longestMs());
    String rising = live == null ? null : live.rising();
    String levelled = live == null ? null : live.levelledOff();
    if (levelled != null && first) {
      listener.liveSetLevelled(levelled);
    }
    // one voice: with the live set rising, the findings of this log alone are shown as overruled
    // an overloaded first baseline's diagnosis is its overload (baselineOverloaded): the run at a rate it serves diagnoses it
    if (kill == null && !(first && BaselineOverload.of(r) != null)) {
      // a killed baseline's diagnosis is its kill (baselineKilled), not its log's
      listener.diagnosis(a, rising != null);
    }
    // the experiment's runs take about as long as this one did (a longer run's less its longer window)
    Duration perRun = timer.perRun() == null ? null : timer.perRun().minus(measured.minus(high.duration()));
    // a run the container killed early says nothing of how long a run takes
    return new Baseline(r, a, gcLog, report(a, dir), kill == null ? perRun : null, kill == null ? rising : null, levelled,
        startup == null ? Double.NaN : startup.loadStartUptimeS(), kill);
  }

  /** The tune session's view of a baseline run: the service under load, its start-up left out. */
  private final class UnderLoad implements Experiment.SecondView {
    private final boolean first;
    private StartupPauses startup;
    private LiveSetUnderLoad live;

    UnderLoad(boolean first) {
      this.first = first;
    }

    @Override
    public GcAnalyzer.View of(long loadStartEpochMs, long windowEndEpochMs) {
      startup = new StartupPauses(loadStartEpochMs);
      live = new LiveSetUnderLoad(loadStartEpochMs, first ? 0 : windowEndEpochMs, startup);
      return new GcAnalyzer.View(analysisOptions(), live, false);
    }
  }

  private AnalysisOptions analysisOptions() {
    return job.flags() == null || job.flags().isEmpty() ? AnalysisOptions.DEFAULTS
        : new AnalysisOptions(AnalysisOptions.DEFAULTS.windowS(), AnalysisOptions.DEFAULTS.pauseTargetMs(), Double.NaN,
            String.join(" ", job.flags()), false);
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

  /** The experiment prepared; a service that does not start or answer is one line without the plan's line number. */
  static Experiment prepare(Plan plan, String yaml, Path dir, RunListener listener) {
    try {
      return Experiment.prepare(plan, yaml, dir, Experiment.Options.DEFAULTS, listener);
    } catch (PlanException e) {
      if (plan.source() != null) {
        throw e;
      }
      throw new JtuneException(e.getMessage().replaceFirst("^plan line \\d+: ", ""), e);
    }
  }
}
