package io.jtune.experiment.run;

import io.jtune.common.JtuneException;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.gc.analysis.GcAnalyzer;
import io.jtune.runtime.lab.LabLauncher;
import io.jtune.runtime.process.ChildJvmSpec;
import io.jtune.runtime.process.ChildProcess;
import io.jtune.runtime.process.ProcessSpec;
import io.jtune.common.format.JsonNumbers;
import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.LevelRequest;
import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanException;
import io.jtune.experiment.plan.ServiceSpec;
import io.jtune.load.ErrorKind;
import io.jtune.load.HostCpu;
import io.jtune.load.LoadException;
import io.jtune.load.LoadModel;
import io.jtune.load.LoadPlan;
import io.jtune.load.LoadProgress;
import io.jtune.load.LoadResult;
import io.jtune.load.LoadRun;
import io.jtune.experiment.attribution.GcAttribution;
import io.jtune.experiment.attribution.PauseAttribution;
import io.jtune.load.ProcessCpu;
import io.jtune.load.RequestTemplate;
import io.jtune.load.WeightedUrl;
import io.jtune.load.TimelinePoint;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs a plan: checks it (every candidate's flags against its JDK, the target starts and serves
 * every URL) before any long run, then for each level x candidate x repetition in the plan's
 * order starts the target with the candidate's flags and GC logging, warms up (taking a thread
 * dump), loads it for the measured window with jtune's own engine, stops it cleanly, analyzes the
 * GC log over the measured window and writes the run's artifacts and {@code result.json} into
 * {@code DIR/runs/ID/} as soon as the run ends. Runs whose result file exists are kept, so a
 * killed experiment resumes where it stopped.
 */
public final class Experiment {
  /** The plan as given, kept in the run directory for {@code --resume}. */
  public static final String PLAN_FILE = "plan.yaml";
  /** Where relative paths of the plan point (its original directory). */
  public static final String PLAN_BASE_FILE = "plan-base.txt";

  /** Options beyond the plan. */
  public record Options(boolean jfr, boolean threadDumps) {
    public static final Options DEFAULTS = new Options(false, true);
  }

  private final Plan plan;
  private final Path dir;
  private final Options options;
  private final RunListener listener;
  private final Map<String, Integer> majors = new HashMap<>();
  private LabLauncher lab;

  private Experiment(Plan plan, Path dir, Options options, RunListener listener) {
    this.plan = plan;
    this.dir = dir;
    this.options = options;
    this.listener = listener == null ? RunListener.NONE : listener;
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
        Files.writeString(saved, planText, StandardCharsets.UTF_8);
        Path base = plan.source() == null ? Path.of("").toAbsolutePath() : plan.source().getParent();
        Files.writeString(dir.resolve(PLAN_BASE_FILE), base.toString() + "\n", StandardCharsets.UTF_8);
      }
    } catch (IOException ex) {
      throw new JtuneException("cannot write the run directory " + dir + ": " + ex.getMessage(), ex);
    }
    e.check();
    return e;
  }

  public Path dir() {
    return dir;
  }

  public Plan plan() {
    return plan;
  }

  /** The checks done before any long run; each failure is one line naming the plan line. */
  private void check() {
    String file = plan.source() == null ? "plan" : plan.source().getFileName().toString();
    ServiceSpec t = plan.target();
    List<String> base = List.of();
    if (t.isLab()) {
      listener.checking("lab scenario '" + t.lab() + "'");
      lab = LabLauncher.locate();
      try {
        base = lab.scenario(t.lab()).jvmFlags();
      } catch (JtuneException e) {
        throw new PlanException(file + " line " + t.line() + ": " + e.getMessage());
      }
    }
    for (Candidate c : plan.candidates()) {
      listener.checking("flags of candidate '" + c.name() + "'");
      List<String> flags = new ArrayList<>(base);
      flags.addAll(c.flags());
      JvmCheck.Result r = JvmCheck.check(javaHome(c), flags);
      if (!r.accepted()) {
        throw new PlanException(file + " line " + c.line() + ": candidate '" + c.name()
            + "': the JVM rejects its flags: " + r.complaint());
      }
      majors.put(c.name(), r.major());
    }
    listener.checking("the target starts and serves every URL (baseline flags)");
    Candidate baseline = plan.baselineCandidate();
    Path probeDir = dir.resolve("check");
    try {
      Files.createDirectories(probeDir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    // the readiness URL is the target's, checked as loosely as the loosest level asks (insecure)
    boolean insecure = plan.levels().stream().anyMatch(l -> l.request().insecure());
    try (RunningService target = start(baseline, probeDir.resolve("gc.log"), probeDir, insecure)) {
      for (Level l : plan.levels()) {
        for (RequestTemplate lt : targets(l, target.url())) {
          String problem = probe(lt, l.request().insecure());
          if (problem != null) {
            throw new PlanException(file + " line " + l.line() + ": level '" + l.name() + "': " + problem);
          }
        }
      }
    } catch (PlanException e) {
      throw e;
    } catch (JtuneException e) {
      throw new PlanException(file + " line " + t.line() + ": the target does not start: " + e.getMessage(), e);
    }
  }

  /**
   * Sends the level's request once, as the load will (method, headers, body, TLS): null when it
   * succeeds, else what went wrong in one line.
   */
  private static String probe(RequestTemplate request, boolean insecure) {
    LoadResult r;
    try {
      r = LoadRun.execute(LoadPlan.closed(List.of(request), 1, Duration.ZERO).withRequests(1, Duration.ZERO)
          .withTimeout(Duration.ofSeconds(10)).withInsecure(insecure), LoadProgress.NONE);
    } catch (LoadException e) {
      return e.getMessage();
    }
    if (r.successes() > 0) {
      return null;
    }
    String what = r.errors().get(ErrorKind.STATUS_4XX) > 0 ? "answers HTTP 4xx"
        : r.errors().get(ErrorKind.STATUS_5XX) > 0 ? "answers HTTP 5xx" : "does not answer";
    return request.method() + " " + request.url() + " " + what;
  }

  private Path javaHome(Candidate c) {
    if (c.javaHome() != null) {
      return c.javaHome();
    }
    return plan.target().javaHome() != null ? plan.target().javaHome() : ChildJvmSpec.currentJavaHome();
  }

  /** Runs every run not done yet, in plan order; returns all results (kept and new). */
  public List<RunResult> run() {
    List<Plan.RunKey> schedule = plan.schedule();
    List<RunResult> results = new ArrayList<>();
    int i = 0;
    boolean first = true;
    for (Plan.RunKey key : schedule) {
      i++;
      Optional<RunResult> done = RunStore.readResult(dir, key);
      if (done.isPresent()) {
        results.add(done.get());
        listener.runKept(done.get(), i, schedule.size());
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
    List<String> tail = List.of();
    long pid = -1;
    try {
      target = start(c, gcLog, rd, level.request().insecure());
      pid = target.jvmPid();
      long jvmStart = ProcessHandle.of(pid).flatMap(h -> h.info().startInstant()).map(Instant::toEpochMilli)
          .orElse(System.currentTimeMillis());
      long ready = System.currentTimeMillis();
      Measure m = new Measure(target, level, rd);
      LoadPlan lp = loadPlan(level, target.url());
      LoadResult load = LoadRun.execute(lp, m.progress(listener.loadProgress(key,
          (level.warmup().toMillis() + level.duration().toMillis()) / 1000.0)), rd.resolve("load.hlog"), true);
      m.end();
      boolean alive = target.isAlive();
      double rssMb = peakRssMb(pid);
      try (Writer w = Files.newBufferedWriter(rd.resolve("load.json"), StandardCharsets.UTF_8)) {
        load.writeJson(w);
      }
      target.close();
      tail = target.outputTail();
      Files.write(rd.resolve("output-tail.txt"), tail, StandardCharsets.UTF_8);
      if (!alive) {
        return failed(key, c, pid, startedAt, RunFailure.describe("the target JVM exited during the run"
            + target.exitCode().stream().mapToObj(x -> " (exit code " + x + ")").findFirst().orElse(""), tail,
            target.exitCode(), load), tail, rd);
      }
      if (load.successes() == 0) {
        return failed(key, c, pid, startedAt, RunFailure.describe("no request succeeded (" + load.errorTotal()
            + " errors)", tail, target.exitCode(), load), tail, rd);
      }
      Analysis a = GcAnalyzer.analyzeRun(gcLog.toString(), new AnalysisOptions(60, 50, Double.NaN, null, true));
      long from = m.measureStartEpochMs;
      long to = from + Math.round(load.measuredSeconds() * 1000);
      Map<String, Double> metrics = new LinkedHashMap<>();
      metrics.put(Metric.THROUGHPUT.key(), load.throughputRps());
      metrics.put(Metric.P50.key(), load.latencyMs().p50());
      metrics.put(Metric.P95.key(), load.latencyMs().p95());
      metrics.put(Metric.P99.key(), load.latencyMs().p99());
      metrics.put(Metric.P999.key(), load.latencyMs().p999());
      metrics.put(Metric.LATENCY_MAX.key(), load.latencyMs().max());
      metrics.put(Metric.ERRORS.key(), (double) load.errorTotal());
      metrics.putAll(GcWindow.metrics(a.pauses().events(), jvmStart, ready, from, to));
      WindowPauses.write(rd, a.pauses().events(), jvmStart, from, to);
      GcAttribution attribution = PauseAttribution.ofRun(load, a.pauses().events());
      if (attribution != null) {
        metrics.put(Metric.SLOW_IN_PAUSE.key(), GcAttribution.pct(attribution.slowInPauseShare()));
        metrics.put(Metric.ALL_IN_PAUSE.key(), GcAttribution.pct(attribution.allInPauseShare()));
        metrics.put(Metric.PAUSE_MS_PER_SLOW.key(),
            attribution.pauseMsPerSlow() == null ? Double.NaN : attribution.pauseMsPerSlow());
        metrics.put(Metric.PAUSE_MS_IN_SLOW.key(), attribution.pauseMsInSlow());
      }
      if (m.cpuPct >= 0) {
        metrics.put(Metric.CPU.key(), m.cpuPct);
      }
      if (m.othersCpuPct >= 0) {
        metrics.put(Metric.OTHERS_CPU.key(), m.othersCpuPct);
      }
      if (rssMb > 0) {
        metrics.put(Metric.RSS.key(), rssMb);
      }
      // rounded as every jtune document rounds (no float noise); a value that is not a number is left out
      metrics.replaceAll((k, v) -> JsonNumbers.round(v, 4));
      metrics.values().removeIf(Objects::isNull);
      RunResult r = new RunResult(RunResult.SCHEMA, key.id(), key.level(), key.candidate(), key.repetition(), "ok",
          null, startedAt, c.flags(), pid, from, to, metrics, m.threads, a.input().unparsed(), lastLines(tail, 20),
          RunDiagnosis.of(a, tail), options.jfr() ? RecordingEvidence.of(rd.resolve("recording.jfr")) : null,
          attribution);
      RunStore.write(rd, r);
      return r;
    } catch (RuntimeException | IOException e) {
      if (target != null) {
        target.close();
        tail = target.outputTail();
      }
      String msg = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      return failed(key, c, pid, startedAt, msg.lines().findFirst().orElse(msg), tail, rd);
    }
  }

  private RunResult failed(Plan.RunKey key, Candidate c, long pid, String startedAt, String why, List<String> tail,
      Path rd) {
    if (ChildProcess.jtuneExiting()) {
      // the service died because jtune is stopping it: not the run's failure; --resume redoes it
      throw new JtuneException("interrupted: jtune is exiting");
    }
    RunResult r = new RunResult(RunResult.SCHEMA, key.id(), key.level(), key.candidate(), key.repetition(), "failed",
        why, startedAt, c.flags(), pid, 0, 0, Map.of(), null, 0, lastLines(tail, 40),
        RunDiagnosis.ofFailedRun(rd.resolve("gc.log"), tail), null);
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

  /**
   * Starts the target for a candidate, with GC logging into {@code gcLog}; with {@code insecure}
   * an https:// readiness URL may have any certificate (as the level's requests may).
   */
  private RunningService start(Candidate c, Path gcLog, Path runDir, boolean insecure) {
    ServiceSpec t = plan.target();
    int major = majors.getOrDefault(c.name(), -1);
    List<String> flags = new ArrayList<>(c.flags());
    boolean commandLogs = !t.isLab() && t.command().contains("{gcLog}");
    if (!commandLogs) {
      flags.addAll(JvmCheck.gcLogFlags(major, gcLog.toAbsolutePath()));
    }
    if (options.jfr()) {
      flags.add("-XX:StartFlightRecording=filename=" + runDir.resolve("recording.jfr").toAbsolutePath()
          + ",settings=default,dumponexit=true");
    }
    Path work = t.workDir() != null ? t.workDir()
        : plan.source() != null ? plan.source().getParent() : Path.of("").toAbsolutePath();
    return ServiceLauncher.start(t, lab, flags, javaHome(c), gcLog, work, insecure);
  }

  /** The level's requests against a running target. */
  static List<RequestTemplate> targets(Level level, URI base) {
    List<RequestTemplate> out = new ArrayList<>();
    for (WeightedUrl u : level.weightedUrls()) {
      LevelRequest request = level.request();
      out.add(new RequestTemplate(RequestTemplate.parseUrl(u.against(base).toString()), request.method(), request.headers(),
          request.body().getBytes(StandardCharsets.UTF_8), u.weight()));
    }
    return out;
  }

  static LoadPlan loadPlan(Level l, URI base) {
    return new LoadPlan(targets(l, base), l.open() ? LoadModel.OPEN : LoadModel.CLOSED, l.concurrency(),
        l.open() ? l.rateRps() : 0, l.duration(), 0, l.warmup(), Duration.ZERO, l.timeout(),
        LoadPlan.defaultThreads(l.concurrency()), l.request().insecure());
  }

  /** Samples around the measured window: CPU at its start and end, a thread dump during warm-up. */
  private final class Measure {
    private final RunningService target;
    private final Level level;
    private final Path rd;
    private volatile long measureStartEpochMs = System.currentTimeMillis();
    private long cpu0 = -1;
    private long wall0;
    private double cpuPct = -1;
    private long host0 = -1;
    private long self0 = -1;
    private double othersCpuPct = -1;
    private volatile RunResult.ThreadsSeen threads;
    private volatile Thread dumper;
    private volatile boolean measuring;

    Measure(RunningService target, Level level, Path rd) {
      this.target = target;
      this.level = level;
      this.rd = rd;
    }

    LoadProgress progress(LoadProgress outer) {
      // a thread dump half-way through the warm-up: under load, but outside the measured window
      if (options.threadDumps() && level.warmup().toMillis() >= 1000) {
        long at = level.warmup().toMillis() / 2;
        dumper = new Thread(() -> {
          try {
            Thread.sleep(at);
          } catch (InterruptedException e) {
            return;
          }
          if (!measuring) {
            threadDump();
          }
        }, "jtune-thread-dump");
        dumper.setDaemon(true);
        dumper.start();
      }
      return new LoadProgress() {
        @Override
        public void onInterval(double elapsedSeconds, boolean warmup, TimelinePoint point) {
          outer.onInterval(elapsedSeconds, warmup, point);
        }

        @Override
        public void onMeasureStart() {
          measuring = true;
          measureStartEpochMs = System.currentTimeMillis();
          try {
            cpu0 = new ProcessCpu(target.jvmPid()).cpuNanos();
            self0 = new ProcessCpu(ProcessHandle.current().pid()).cpuNanos();
            host0 = HostCpu.busyNanos();
            wall0 = System.nanoTime();
          } catch (RuntimeException e) {
            cpu0 = -1;
          }
          outer.onMeasureStart();
        }
      };
    }

    void end() {
      if (cpu0 >= 0) {
        try {
          long cpu1 = new ProcessCpu(target.jvmPid()).cpuNanos();
          long self1 = new ProcessCpu(ProcessHandle.current().pid()).cpuNanos();
          long host1 = HostCpu.busyNanos();
          long wall = Math.max(1, System.nanoTime() - wall0);
          cpuPct = 100.0 * (cpu1 - cpu0) / wall;
          if (host0 >= 0 && host1 >= 0) {
            // the host's busy time less the service's and jtune's own (the load generator's): the 10 ms
            // ticks of /proc make a few % of noise, never below zero
            othersCpuPct = Math.max(0, 100.0 * ((host1 - host0) - (cpu1 - cpu0) - (self1 - self0)) / wall);
          }
        } catch (RuntimeException e) {
          cpuPct = -1;
        }
      }
      Thread d = dumper;
      if (d != null) {
        try {
          d.join(5000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }

    private void threadDump() {
      OutputCapture cap = target.capture();
      cap.start();
      try {
        ChildProcess.run(ProcessSpec.of("kill -QUIT", List.of("kill", "-QUIT", Long.toString(target.jvmPid())))
            .withTimeout(Duration.ofSeconds(5)));
        cap.awaitLine("JNI global ref", 3000);
        Thread.sleep(100); // the heap summary follows the JNI line
      } catch (JtuneException e) {
        return;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } finally {
        List<String> lines = cap.stop();
        try {
          Files.write(rd.resolve("threads.txt"), lines, StandardCharsets.UTF_8);
        } catch (IOException e) {
          // the dump is evidence, not a result: the run goes on
        }
        threads = ThreadEvidence.summarize(lines);
      }
    }
  }

  private static double peakRssMb(long pid) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
        if (line.startsWith("VmHWM:")) {
          String[] f = line.substring(6).trim().split("\\s+");
          return Long.parseLong(f[0]) / 1024.0;
        }
      }
    } catch (IOException | RuntimeException e) {
      return -1;
    }
    return -1;
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
    if (!plan.target().isLab()) {
      return List.of();
    }
    try {
      return LabLauncher.locate().scenario(plan.target().lab()).jvmFlags();
    } catch (JtuneException e) {
      return List.of();
    }
  }
}
