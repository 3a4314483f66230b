package io.jtune.experiment.tune;

import io.jtune.common.JtuneException;
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
import io.jtune.experiment.search.Footprint;
import io.jtune.experiment.run.Experiment;
import io.jtune.experiment.run.RunListener;
import io.jtune.experiment.run.RunResult;
import io.jtune.experiment.suggest.Advisor;
import io.jtune.experiment.suggest.Suggestion;
import io.jtune.gc.diagnosis.Problem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

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
  private final TuneSettings job;
  private final TuneListener listener;
  private List<Level> levels;
  private int repetitions;
  private int candidates;
  private RunResult firstRun;
  private final BaselineRuns baselines;
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
    this.baselines = new BaselineRuns(settings, listener);
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
      if (baselines.lastRun() != null) {
        files.add(job.dir().resolve(TuneSettings.BASELINE_DIR).resolve("runs").resolve(baselines.lastRun().id()));
      }
      TuneJson.write(job.dir(), new TuneJson.Content(TuneJson.FAILED, TuneJson.FAILED, "the session stopped at an error",
          null, baselines.lastAnalysis(), null, baselines.lastRun(), files, line));
      throw e;
    }
  }

  private TuneResult session() throws IOException {
    Level high = job.levels().get(0);
    Baseline base = job.gcLog() != null ? baselines.fromLog(high)
        : baselines.measure(high, high.duration(), TuneSettings.BASELINE_DIR);
    firstRun = base.run();
    overload = base.kill() == null ? BaselineOverload.of(base.run()) : null;
    if (overload != null && job.search() != null) {
      // a search over the application's parameters asks which values serve this rate: it keeps it
      overload = overload.keptForSearch();
      listener.baselineOverloaded(overload, base.run());
    } else if (overload != null) {
      // served less than offered: latencies there are a queue's, and a comparison of queues says "no change";
      // the capacity is a finding of its own, and the session measures at a rate the baseline serves
      listener.baselineOverloaded(overload, base.run());
      for (int rerun = 1; ; rerun++) {
        levels = atRate(levels, overload.measuredAtRps(), firstRun);
        high = levels.get(0);
        base = baselines.measure(high, high.duration(), TuneSettings.BASELINE_DIR + "-at-capacity"
            + (rerun == 1 ? "" : "-" + rerun));
        if (base.kill() != null || base.run() == null) {
          break;
        }
        overload = overload.withRerun(base.run());
        listener.baselineRerun(overload, base.run());
        if (overload.unresolved()) {
          // a queue at every rate tried: the overload is the finding, not the GC log of a queue's run
          return result(TuneResult.Outcome.OVERLOADED, Verdict.OVERLOADED, base, null, null, List.of(), true);
        }
        if (!overload.steppingDown()) {
          break;
        }
      }
    } else if (job.gcLog() == null && job.search() == null) {
      // served what was offered: a first run that was not steady at the full rate tells the experiment's
      // runs how to start a cold JVM
      levels = ramped(levels, firstRun);
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
      base = baselines.longer(high, base);
    }
    // the heap filled: a leak, or a store whose bound does not fit; a larger heap for longer tells (not
    // inside a container's memory limit with the JVM's default heap, nor after a kill: the candidates within
    // the limit tell there)
    Baseline advised = base;
    if (base.kill() == null && !(leak && defaultHeap) && BaselineRuns.saturated(base)) {
      Baseline bigger = baselines.larger(high, base);
      if (bigger != null) {
        // levelled off there: advice from that run; kept rising: that run is the leak's evidence
        advised = bigger;
        base = baselines.settled().levelsOff() ? base : bigger;
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
      s = StoreBound.withHeldHeap(s, baselines.settled());
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
   * The levels at {@code rate} where they asked for more (one level per rate), each ramped up as the
   * first run's cold start asks ({@link ColdStartRamp}).
   */
  private List<Level> atRate(List<Level> from, double rate, RunResult first) {
    Map<Double, Level> byRate = new java.util.LinkedHashMap<>();
    from.stream().map(l -> l.open() && l.rateRps() > rate ? l.withLoad(rate, l.concurrency()) : l)
        .forEach(l -> byRate.putIfAbsent(l.open() ? l.rateRps() : -l.concurrency(), l));
    return ramped(List.copyOf(byRate.values()), first);
  }

  /** The open levels ramped up as the first run's cold start asks; said once, for the first level that ramps. */
  private List<Level> ramped(List<Level> from, RunResult first) {
    List<Level> out = new ArrayList<>();
    boolean said = false;
    for (Level l : from) {
      // a level ramped before is ramped again for its rate, against the first run's cold start
      Level plain = l.withRampUp(Duration.ZERO);
      ColdStartRamp ramp = ColdStartRamp.of(first, plain);
      Level r = ramp.applied(plain);
      if (ramp.ramps() && !said && !l.ramped()) {
        listener.coldStartRamp(ramp, r, l.maxWarmup());
        said = true;
      }
      out.add(r);
    }
    return out;
  }

  /**
   * The search over the application's parameters, then the winner's check against the baseline
   * (when a value other than the service's own won).
   */
  private TuneResult searched(Suggestion s, Baseline base) throws IOException {
    Plan suggested = s.candidates().isEmpty() || job.search().objective().sizesMemory() ? null : plan(s);
    Duration perRun = perRun(base.perRun(), Duration.ofSeconds(1), levels);
    SearchStep.Outcome found = job.search().objective().sizesMemory()
        ? FootprintStep.run(job, s, base, levels, repetitions, perRun, baselines, listener)
        : SearchStep.run(job, s, suggested, levels, repetitions, perRun, listener);
    if (found.validation() == null) {
      Footprint f = found.result().footprint();
      String words = f != null && f.longer() != null && !f.answerStands()
          ? Verdict.KEEP_BASELINE.words() + ": " + TuneResult.answerNotHeld(f) + " (" + f.longer().evidence() + ")"
          : Verdict.KEEP_BASELINE.words();
      return result(TuneResult.Outcome.SEARCH, Verdict.KEEP_BASELINE, words, base, null, null, found.files(), true);
    }
    return experiment(found.validation(), base, 0, found.files());
  }

  /**
   * A run's time for the budget: the baseline's as measured (and {@code pause} between runs), but at
   * least what a ramped-up level can take: its ramp, the seconds to steady up to its raised warm-up
   * ceiling (ramped runs of a slow-warming service often end there), its window, start and stop. A
   * baseline measured before the ramp was decided ran without one, to a shorter ceiling.
   */
  static Duration perRun(Duration measured, Duration pause, List<Level> levels) {
    Duration run = measured != null ? measured.plus(pause)
        : levels.get(0).warmup().plus(levels.get(0).duration()).plus(BaselineRuns.START_STOP);
    for (Level l : levels) {
      if (l.ramped()) {
        Duration ramped = l.maxWarmup().plus(l.duration()).plus(BaselineRuns.START_STOP).plus(pause);
        run = ramped.compareTo(run) > 0 ? ramped : run;
      }
    }
    return run;
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
    Duration perRun = perRun(base.perRun(), plan.cooldown(), plan.levels());
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
    return result(outcome, verdict, verdict.words(), base, plan, report, files, ok);
  }

  /** As above, the verdict in {@code words} when no experiment report says it. */
  private TuneResult result(TuneResult.Outcome outcome, Verdict verdict, String words, Baseline base, Plan plan,
      ExperimentReport report, List<Path> files, boolean ok) {
    List<Path> written = new ArrayList<>(files);
    if (plan != null) {
      written.add(0, job.dir().resolve(Experiment.PLAN_FILE));
    }
    written.add(base.report());
    if (base.run() != null) { // a log given is the user's, not written here
      written.add(base.gcLog());
    }
    // a queue's run is not diagnosed: an unresolved overload's document states its capacity, not its GC log's findings
    TuneJson.write(job.dir(), new TuneJson.Content(outcome.name().toLowerCase(Locale.ROOT).replace('_', '-'),
        verdict.key(), report != null ? TuneJson.words(report) : outcome == TuneResult.Outcome.OVERLOADED
            ? overload.rerunWords() : words,
        report != null ? report.recommendation().winner() : null,
        outcome == TuneResult.Outcome.OVERLOADED ? null : base.analysis(), base.liveRising(), base.run(),
        written, null, baselines.settled(), base.kill(), overload));
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

  /** The experiment prepared; a service that does not start or answer is one line without the plan's line number. */
  static Experiment prepare(Plan plan, String yaml, Path dir, RunListener listener) {
    return prepare(plan, yaml, dir, Experiment.Options.DEFAULTS, listener);
  }

  /** As above with {@code options} (class histograms for the runs that check a rising live set). */
  static Experiment prepare(Plan plan, String yaml, Path dir, Experiment.Options options, RunListener listener) {
    try {
      return Experiment.prepare(plan, yaml, dir, options, listener);
    } catch (PlanException e) {
      if (plan.source() != null) {
        throw e;
      }
      throw new JtuneException(e.getMessage().replaceFirst("^plan line \\d+: ", ""), e);
    }
  }
}
