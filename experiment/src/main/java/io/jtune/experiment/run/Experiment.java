package io.jtune.experiment.run;

import io.jtune.common.JtuneException;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.gc.analysis.GcAnalyzer;
import io.jtune.runtime.container.ContainerKill;
import io.jtune.runtime.container.ContainerLimits;
import io.jtune.runtime.lab.LabLauncher;
import io.jtune.runtime.process.ChildProcess;
import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.Plan;
import io.jtune.load.DurationText;
import io.jtune.experiment.plan.ServiceSpec;
import io.jtune.load.LoadPlan;
import io.jtune.load.LoadResult;
import io.jtune.load.LoadRun;
import io.jtune.experiment.attribution.GcAttribution;
import io.jtune.experiment.attribution.PauseAttribution;
import io.jtune.runtime.output.OutputFile;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Runs a plan: checks it (every candidate's flags against its JDK, the target starts and serves
 * every URL) before any long run, then for each level x candidate x repetition in the plan's
 * order starts the target with the candidate's flags and GC logging, warms up until the service
 * is in steady state ({@link SteadyState}, at most the level's ceiling; taking a thread dump),
 * loads it for the measured window with jtune's own engine, stops it cleanly, analyzes the
 * GC log over the measured window and writes the run's artifacts and {@code result.json} into
 * {@code DIR/runs/ID/} as soon as the run ends. Runs whose result file exists are kept, so a
 * killed experiment resumes where it stopped.
 */
public final class Experiment {
  /** The plan as given, kept in the run directory for {@code --resume}. */
  public static final String PLAN_FILE = "plan.yaml";
  /** Where relative paths of the plan point (its original directory). */
  public static final String PLAN_BASE_FILE = "plan-base.txt";

  private static final AnalysisOptions RUN_OPTIONS = new AnalysisOptions(60, 50, Double.NaN, null, true);

  /**
   * Options beyond the plan.
   *
   * @param jfr a JFR recording per run
   * @param threadDumps a thread dump half-way through each warm-up
   * @param nativeMemory Native Memory Tracking on the baseline's runs, its summary taken at the
   *     end of each measured window (the non-heap budget a container limit must hold)
   * @param classHistograms a class histogram of the target at the end of each warm-up and at the end
   *     of each measured window ({@link ClassGrowth}, in the result and as files): the runs that check
   *     whether a live set keeps rising; each forces a Full GC, outside the window
   */
  public record Options(boolean jfr, boolean threadDumps, boolean nativeMemory, boolean classHistograms) {
    public static final Options DEFAULTS = new Options(false, true, true);

    public Options(boolean jfr, boolean threadDumps) {
      this(jfr, threadDumps, true);
    }

    public Options(boolean jfr, boolean threadDumps, boolean nativeMemory) {
      this(jfr, threadDumps, nativeMemory, false);
    }

    /** These options with class histograms at the end of each warm-up and window. */
    public Options withClassHistograms() {
      return new Options(jfr, threadDumps, nativeMemory, true);
    }
  }

  private final Plan plan;
  private final Path dir;
  private final Options options;
  private final RunListener listener;
  private final RunStarter starter;
  private final Map<String, GcAnalyzer.Viewed> second = new HashMap<>();
  private SecondView secondView;
  /** The class histograms' growth of the run under way (null when not asked): failed runs keep it too. */
  private ClassGrowth growth;

  private Experiment(Plan plan, Path dir, Options options, RunListener listener) {
    this.plan = plan;
    this.dir = dir;
    this.options = options;
    this.listener = listener == null ? RunListener.NONE : listener;
    this.starter = new RunStarter(plan, options.jfr(), options.nativeMemory());
  }

  /**
   * Creates the run directory (or reuses it to resume), saves the plan text and checks the plan.
   *
   * @param planText the plan file's text, saved as {@value #PLAN_FILE}
   */
  public static Experiment prepare(Plan plan, String planText, Path dir, Options options, RunListener listener) {
    Experiment e = new Experiment(plan, dir, options, listener);
    try {
      Files.createDirectories(dir.resolve("runs"));
      Path saved = dir.resolve(PLAN_FILE);
      if (!Files.exists(saved)) {
        // the plan holds request data (headers, body): only its owner reads it
        OutputFile.createPrivate(saved);
        Files.writeString(saved, planText, StandardCharsets.UTF_8);
        Path base = plan.source() == null ? Path.of("").toAbsolutePath() : plan.source().getParent();
        Files.writeString(dir.resolve(PLAN_BASE_FILE), base.toString() + "\n", StandardCharsets.UTF_8);
      }
    } catch (IOException ex) {
      throw new JtuneException("cannot write the run directory " + dir + ": " + ex.getMessage(), ex);
    }
    PlanPreflight.check(plan, e.starter, dir, e.listener);
    return e;
  }

  public Path dir() {
    return dir;
  }

  public Plan plan() {
    return plan;
  }

  /**
   * A second analysis of each run's GC log, made from the same read of the log: given when the
   * run's load started and its measured window ended, the view to add (the tune session's
   * diagnosis of the service under load, without its start-up).
   */
  public interface SecondView {
    GcAnalyzer.View of(long loadStartEpochMs, long windowEndEpochMs);
  }

  /** Analyzes each run's GC log also through {@code view}; see {@link #secondAnalysis(String)}. */
  public Experiment alsoAnalyzing(SecondView view) {
    this.secondView = view;
    return this;
  }

  /** The second analysis of a run measured here (not of a run kept from before, nor one that failed first). */
  public Optional<GcAnalyzer.Viewed> secondAnalysis(String runId) {
    return Optional.ofNullable(second.get(runId));
  }

  /**
   * Runs every run not done yet, in plan order; returns all results (kept and new). With the
   * plan's {@code maxDuration}, no run starts once that much time has passed since this call
   * (the run under way finishes): the runs left are said once and not run, and the results
   * hold what was measured.
   */
  public List<RunResult> run() {
    return run(k -> true, RunGate.EVERY_RUN);
  }

  /**
   * {@link #run()}, asking {@code gate} before each run not done yet whether it is still needed: a
   * run it skips is said once to the listener and not run (early stopping).
   */
  public List<RunResult> run(RunGate gate) {
    return run(k -> true, gate);
  }

  /**
   * As {@link #run()}, for the plan's runs that {@code which} selects only, in plan order: a search
   * runs its plan round by round, each round the next repetition of the configurations still in
   * the race.
   */
  public List<RunResult> run(java.util.function.Predicate<Plan.RunKey> which) {
    return run(which, RunGate.EVERY_RUN);
  }

  /**
   * Repetitions 1 to {@code repetitions} one after another, ending after the first with a failed
   * run: a search's probe, which a failed run misses whatever the others do.
   */
  public List<RunResult> runUntilFailure(int repetitions) {
    List<RunResult> out = new ArrayList<>();
    for (int r = 1; r <= repetitions; r++) {
      int rep = r;
      List<RunResult> got = run(k -> k.repetition() == rep);
      out.addAll(got);
      if (got.stream().anyMatch(x -> !x.ok())) {
        break;
      }
    }
    return out;
  }

  private List<RunResult> run(java.util.function.Predicate<Plan.RunKey> which, RunGate gate) {
    List<Plan.RunKey> schedule = plan.schedule().stream().filter(which).toList();
    List<RunResult> results = new ArrayList<>();
    long started = System.nanoTime();
    int i = 0;
    boolean first = true;
    boolean capped = false;
    for (Plan.RunKey key : schedule) {
      i++;
      Optional<RunResult> done = RunStore.readResult(dir, key);
      if (done.isPresent()) {
        results.add(done.get());
        listener.runKept(done.get(), i, schedule.size());
        continue;
      }
      if (capped) {
        continue;
      }
      String skip = gate.skip(key, List.copyOf(results));
      if (skip != null) {
        listener.runSkipped(key, skip, i, schedule.size());
        continue;
      }
      Duration spent = Duration.ofNanos(System.nanoTime() - started);
      if (plan.maxDuration() != null && spent.compareTo(plan.maxDuration()) >= 0) {
        capped = true;
        long left = schedule.subList(i - 1, schedule.size()).stream()
            .filter(k -> RunStore.readResult(dir, k).isEmpty()).count();
        listener.warning(String.format(java.util.Locale.US,
            "maxDuration %s reached after %s: %d run(s) not started (%s first); the report uses the %d run(s) done,"
                + " and 'jtune experiment --resume %s' runs the rest",
            DurationText.format(plan.maxDuration()), DurationText.format(spent.withNanos(0)), left, key.id(),
            results.size(), dir));
        continue;
      }
      if (!first) {
        sleep(plan.cooldown());
      }
      first = false;
      listener.runStarting(key, i, schedule.size());
      RunResult r = runOne(key);
      results.add(r);
      listener.runFinished(r, i, schedule.size());
    }
    return results;
  }

  /** The result files of a run directory, in the plan's order (missing runs left out). */
  public static List<RunResult> readResults(Path dir, Plan plan) {
    return RunStore.readResults(dir, plan);
  }

  private RunResult runOne(Plan.RunKey key) {
    Candidate c = plan.candidate(key.candidate()).orElseThrow();
    Level level = plan.level(key.level()).orElseThrow();
    ContainerLimits limits = plan.limitsFor(c, level);
    Path rd = RunStore.runDir(dir, key);
    String startedAt = Instant.now().toString();
    try {
      if (Files.exists(rd)) {
        RunStore.deleteTree(rd);
      }
      Files.createDirectories(rd);
    } catch (IOException e) {
      throw new JtuneException("cannot write " + rd + ": " + e.getMessage(), e);
    }
    Path gcLog = rd.resolve("gc.log");
    RunningService target = null;
    RunSampler m = null;
    RunResult.Ergonomics ergonomics = null;
    List<String> tail = List.of();
    long pid = -1;
    growth = null;
    try {
      target = starter.start(c, gcLog, rd, level.request().insecure(), limits);
      pid = target.jvmPid();
      // the JVM's own choices do not change between repetitions; under limits they are the point
      ergonomics = key.repetition() == 1 || limits.any() ? JvmErgonomics.read(pid, rd) : null;
      long jvmStart = ProcessHandle.of(pid).flatMap(h -> h.info().startInstant()).map(Instant::toEpochMilli)
          .orElse(System.currentTimeMillis());
      long ready = System.currentTimeMillis();
      m = new RunSampler(target, level, rd, options.threadDumps(), starter.tracksNativeMemory(c),
          options.classHistograms());
      LoadPlan lp = LevelLoad.loadPlan(level, target.url());
      LoadResult load = LoadRun.execute(lp, m.progress(listener.loadProgress(key,
          (level.maxWarmup().toMillis() + level.duration().toMillis()) / 1000.0)), rd.resolve("load.hlog"), true);
      m.end();
      boolean alive = target.isAlive();
      double rssMb = RunSampler.peakRssMb(pid);
      // the window's class histogram forces a Full GC (it counts live objects: the live set, the point): after the
      // window, its CPU, container counters and peak RSS are read, before the target stops
      growth = m.classGrowth(alive);
      try (Writer w = Files.newBufferedWriter(rd.resolve("load.json"), StandardCharsets.UTF_8)) {
        load.writeJson(w);
      }
      target.close();
      tail = target.outputTail();
      Files.write(rd.resolve("output-tail.txt"), tail, StandardCharsets.UTF_8);
      int exit = target.exitCode().orElse(0);
      long peakRss = Math.max(m.peakRssBytes, rssMb > 0 ? Math.round(rssMb * 1024 * 1024) : -1);
      RunResult.ContainerSeen container = ContainerMetrics.seen(target.container().orElse(null), peakRss,
          alive ? 0 : exit);
      if (!alive) {
        String why = container != null && container.oomKilled()
            ? "the target JVM was " + ContainerKill.words(target.container().orElseThrow().stats(), peakRss)
                + RunFailure.when(load)
            : RunFailure.describe("the target JVM exited during the run"
                + target.exitCode().stream().mapToObj(x -> " (exit code " + x + ")").findFirst().orElse(""), tail,
                target.exitCode(), load);
        return failed(key, c, pid, startedAt, why, tail, rd, container, ergonomics);
      }
      // an open-model window that got no answer while the service worked through the warm-up's queue: an overload
      BacklogWindow backlog = load.successes() == 0 ? BacklogWindow.of(load, level, m.watch) : null;
      if (backlog != null && backlog.failure() != null) {
        return failed(key, c, pid, startedAt, backlog.failure(), tail, rd, container, ergonomics);
      }
      if (backlog != null) {
        load = backlog.load();
      } else if (load.successes() == 0) {
        // a JVM that answered nothing still measured its native memory: the non-heap a container limit must hold
        RunResult none = failed(key, c, pid, startedAt, RunFailure.describe("no request succeeded ("
            + load.errorTotal() + " errors)", tail, target.exitCode(), load), tail, rd, container, ergonomics);
        if (m.native_ == null) {
          return none;
        }
        RunResult measured = none.withNativeMemory(m.native_);
        RunStore.write(rd, measured);
        return measured;
      }
      long from = m.measureStartEpochMs;
      long to = from + Math.round(load.measuredSeconds() * 1000);
      RunResult.Steadiness steadiness = backlog != null ? backlog.steadiness()
          : m.watch.result(load.throughputRps());
      Analysis a = analyze(key, gcLog, from - Math.round(steadiness.warmupS() * 1000), to);
      WindowPauses.write(rd, a.pauses().events(), jvmStart, from, to);
      GcAttribution attribution = PauseAttribution.ofRun(load, a.pauses().events());
      Map<String, Double> metrics = RunMetrics.of(load, a.pauses().events(),
          new RunMetrics.Window(jvmStart, ready, from, to), attribution, m, rssMb);
      RunResult r = new RunResult(RunResult.SCHEMA, key.id(), key.level(), key.candidate(), key.repetition(), "ok",
          null, startedAt, c.flags(), pid, from, to, metrics, m.threads, a.input().unparsed(), lastLines(tail, 20),
          RunDiagnosis.of(a, tail), options.jfr() ? RecordingEvidence.of(rd.resolve("recording.jfr")) : null,
          attribution, container, ergonomics).withNativeMemory(m.native_)
          .withEndpoints(load.endpoints().stream().map(e -> new RunResult.EndpointSeen(e.name(), e.requests(),
              e.throughputRps(), e.latencyMs().p50(), e.latencyMs().p99(), e.errors())).toList())
          .withSteadiness(steadiness).withClassGrowth(growth);
      RunStore.write(rd, r);
      return r;
    } catch (ContainerKill e) {
      // killed at its memory limit before it served: a result of the candidate, not of the plan
      return failed(key, c, pid, startedAt, e.getMessage(), tail, rd,
          ContainerMetrics.seen(limits, e.stats(), -1, 137), ergonomics);
    } catch (RuntimeException | IOException e) {
      RunResult.ContainerSeen container = null;
      if (target != null) {
        target.close();
        tail = target.outputTail();
        long peakRss = m == null ? -1 : m.peakRssBytes;
        container = ContainerMetrics.seen(target.container().orElse(null), peakRss, target.exitCode().orElse(0));
        if (container != null && container.oomKilled()) {
          return failed(key, c, pid, startedAt, "the target JVM was "
              + ContainerKill.words(target.container().orElseThrow().stats(), peakRss), tail, rd, container, ergonomics);
        }
      }
      String msg = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      return failed(key, c, pid, startedAt, msg.lines().findFirst().orElse(msg), tail, rd, container, ergonomics);
    }
  }

  /** The run's analysis (all its events, no collection being a result), and the second view's from the same read. */
  private Analysis analyze(Plan.RunKey key, Path gcLog, long loadStart, long windowEnd) {
    GcAnalyzer.View run = new GcAnalyzer.View(RUN_OPTIONS, e -> true, true);
    if (secondView == null) {
      return GcAnalyzer.analyze(gcLog.toString(), List.of(run)).get(0).get();
    }
    List<GcAnalyzer.Viewed> views = GcAnalyzer.analyze(gcLog.toString(),
        List.of(run, secondView.of(loadStart, windowEnd)));
    second.put(key.id(), views.get(1));
    return views.get(0).get();
  }

  private RunResult failed(Plan.RunKey key, Candidate c, long pid, String startedAt, String why, List<String> tail,
      Path rd, RunResult.ContainerSeen container, RunResult.Ergonomics ergonomics) {
    if (ChildProcess.jtuneExiting()) {
      // the service died because jtune is stopping it: not the run's failure; --resume redoes it
      throw new JtuneException("interrupted: jtune is exiting");
    }
    RunResult r = new RunResult(RunResult.SCHEMA, key.id(), key.level(), key.candidate(), key.repetition(), "failed",
        why, startedAt, c.flags(), pid, 0, 0, Map.of(), null, 0, lastLines(tail, 40),
        RunDiagnosis.ofFailedRun(rd.resolve("gc.log"), tail), null, null, container, ergonomics)
        .withClassGrowth(growth);
    try {
      Files.write(rd.resolve("output-tail.txt"), tail, StandardCharsets.UTF_8);
    } catch (IOException e) {
      // the result file below still records the tail
    }
    RunStore.write(rd, r);
    return r;
  }

  private static List<String> lastLines(List<String> lines, int n) {
    return List.copyOf(lines.subList(Math.max(0, lines.size() - n), lines.size()));
  }

  private static void sleep(Duration d) {
    try {
      Thread.sleep(d.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new JtuneException("interrupted");
    }
  }

  /** The target's own JVM flags under every candidate: a lab scenario's, else none. */
  public static List<String> baseFlags(Plan plan) {
    return baseFlags(plan.target());
  }

  /** The target's own JVM flags under every candidate: a lab scenario's, else none. */
  public static List<String> baseFlags(ServiceSpec target) {
    if (!target.isLab()) {
      return List.of();
    }
    try {
      return LabLauncher.locate().scenario(target.lab()).jvmFlags();
    } catch (JtuneException e) {
      return List.of();
    }
  }
}
