package io.jtune.cli;

import io.jtune.common.format.Json;
import com.fasterxml.jackson.databind.JsonNode;
import io.jtune.common.JtuneException;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.gc.analysis.GcAnalyzer;
import io.jtune.lab.catalog.LabScenario;
import io.jtune.runtime.lab.LabLaunch;
import io.jtune.runtime.lab.LabLauncher;
import io.jtune.runtime.lab.RunningLab;
import io.jtune.runtime.output.OutputFile;
import io.jtune.experiment.plan.Level;
import io.jtune.load.LoadModel;
import io.jtune.load.LoadPlan;
import io.jtune.load.LoadResult;
import io.jtune.load.LoadRun;
import io.jtune.load.RequestTemplate;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The demo's check of a case whose fix is in the application, not in flags (the lab knows it: a
 * cache moved off the heap): one run with the application fixed, the same JVM flags and load as
 * the baseline's first run, side by side with it, so the diagnosis is checked against the known
 * cause. Both rows come from the whole run's GC log and the load generator's report.
 */
final class ApplicationFixCheck {
  private final LabLauncher lab;
  private final LabScenario sc;
  private final Level level;
  private final PrintWriter err;

  ApplicationFixCheck(LabLauncher lab, LabScenario sc, Level level, PrintWriter err) {
    this.lab = lab;
    this.sc = sc;
    this.level = level;
    this.err = err;
  }

  /** Runs the fixed application once and prints it beside the baseline run in {@code baseRun}. */
  void run(Path baseRun, Path dir, PrintWriter o) throws IOException {
    o.println();
    o.println("Check: the application fix the lab knows for this case (" + sc.fix() + "): lab options "
        + String.join(" ", sc.fixLabArgs()) + ", the same JVM flags and load, one run");
    o.flush();
    Files.createDirectories(dir);
    Path gcLog = dir.resolve("gc.log").toAbsolutePath();
    LoadResult fixed;
    try (RunningLab running = lab.start(LabLaunch.of(sc.name())
        .withJvmFlags(List.of("-Xlog:gc*:file=" + gcLog + ":time,uptime,level,tags")).withLabArgs(sc.fixLabArgs()))) {
      LoadPlan plan = new LoadPlan(List.of(RequestTemplate.get(running.resolve("/scenario").toString())),
          level.open() ? LoadModel.OPEN : LoadModel.CLOSED, level.concurrency(), level.open() ? level.rateRps() : 0,
          level.duration(), 0, level.warmup(), Duration.ZERO, level.timeout(), LoadPlan.defaultThreads(level.concurrency()));
      ProgressPrinter progress = new ProgressPrinter(err, "application fix",
          (level.warmup().toMillis() + level.duration().toMillis()) / 1000.0);
      fixed = LoadRun.execute(plan, progress);
      progress.clear();
    }
    OutputFile.write(dir.resolve("load.json"), fixed::writeJson);
    JsonNode base = Json.mapper().readTree(baseRun.resolve("load.json").toFile());
    o.println(String.format(Locale.US, "  %-16s %12s %10s %10s %10s %14s", "", "req/s", "p99 ms", "Full GCs",
        "young GCs", "GC time share"));
    row(o, "baseline", base.path("throughputRps").asDouble(), base.path("latencyMs").path("p99").asDouble(),
        analyze(baseRun.resolve("gc.log")));
    row(o, "application fix", fixed.throughputRps(), fixed.latencyMs().p99(), analyze(gcLog));
    o.println("  (whole runs, warm-up included; the fixed run's GC log and load report: " + dir + ")");
    o.flush();
  }

  private static Analysis analyze(Path gcLog) throws IOException {
    try {
      return GcAnalyzer.analyze(List.of(gcLog.toString()), new ByteArrayInputStream(new byte[0]), AnalysisOptions.DEFAULTS);
    } catch (JtuneException e) {
      throw new JtuneException("application fix check: " + e.getMessage(), e);
    }
  }

  private static void row(PrintWriter o, String name, double rps, double p99, Analysis a) {
    o.println(String.format(Locale.US, "  %-16s %,12.0f %10.1f %10d %10d %13.2f%%", name, rps, p99,
        a.fullPauses(), a.youngPauses(), 100 - a.throughputPct()));
  }
}
