package io.jtune.cli;

import io.jtune.core.JtuneException;
import io.jtune.core.analysis.Analysis;
import io.jtune.core.analysis.AnalysisOptions;
import io.jtune.core.analysis.GcAnalyzer;
import io.jtune.core.event.PauseKind;
import io.jtune.core.finding.Finding;
import io.jtune.core.finding.Severity;
import io.jtune.core.render.html.HtmlReport;
import io.jtune.core.target.LabLaunch;
import io.jtune.core.target.LabScenario;
import io.jtune.core.target.LabTarget;
import io.jtune.core.target.RunningLab;
import io.jtune.load.DurationText;
import io.jtune.load.LoadModel;
import io.jtune.load.LoadPlan;
import io.jtune.load.LoadResult;
import io.jtune.load.LoadRun;
import io.jtune.load.LoadTarget;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code jtune demo}: the tuning loop on the bundled lab — run a scenario under load with its
 * default flags, analyze its GC log, take the flags the findings recommend as the candidate, run
 * it under the same load, and compare. One run per configuration: the experiment runner
 * (repetitions, load levels, confidence intervals, goals) is a separate, later piece.
 */
@Command(name = "demo", mixinStandardHelpOptions = true, sortOptions = false,
    description = {
      "Tune the bundled lab end to end: baseline, findings, candidate flags, side by side.",
      "Runs a lab scenario under load, analyzes its GC log, tries the flags the findings recommend",
      "under the same load, and compares latency and GC.",
      "Everything runs on 127.0.0.1; the lab JVMs are stopped when the demo ends or is interrupted."},
    footer = {"", "Exit codes: 0 done, 2 bad usage or the lab could not run, 1 internal error."})
final class DemoCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--scenario", paramLabel = "NAME", defaultValue = "survivor-overflow",
      description = "lab scenario to tune (default survivor-overflow; see 'jtune lab --list')")
  String scenario;

  @Option(names = "--quick", description = "shorter runs (about a minute in all)")
  boolean quick;

  @Option(names = "--duration", paramLabel = "DURATION",
      description = "measured load per run (default 40s, 15s with --quick)")
  String duration;

  @Option(names = "--out", paramLabel = "DIR", description = "where GC logs and reports go (default jtune-runs/demo-TIME)")
  Path out;

  @Override
  public Integer call() throws IOException {
    PrintWriter o = spec.commandLine().getOut();
    Duration measured = duration != null ? DurationText.parse(duration, "--duration")
        : Duration.ofSeconds(quick ? 15 : 40);
    if (measured.isZero()) {
      throw new JtuneException("--duration must be above 0");
    }
    Duration warmup = Duration.ofSeconds(quick ? 3 : 5);
    LabTarget lab = LabTarget.locate();
    LabScenario sc = lab.scenario(scenario);
    int clients = sc.concurrency().orElse(8);
    Path dir = out != null ? out
        : Path.of("jtune-runs", "demo-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    Files.createDirectories(dir);

    o.println("jtune demo: lab scenario '" + sc.name() + "'");
    o.println("  " + sc.about());
    o.println("  load: " + clients + " closed-loop clients on /scenario, " + seconds(warmup) + " warm-up + "
        + seconds(measured) + " measured per run; JVM flags: " + String.join(" ", sc.jvmFlags()));
    o.println();
    o.println("1/3  baseline: the scenario's own flags");
    o.flush();
    Run base = run(lab, sc, "baseline", List.of(), clients, warmup, measured, dir, o);
    summarize(base, o);
    o.println();
    o.println("2/3  findings of the baseline GC log");
    List<Finding> serious = base.analysis.findings().stream().filter(f -> f.severity() != Severity.INFO).toList();
    for (Finding f : base.analysis.findings()) {
      o.println("  [" + f.severity().label().toUpperCase(Locale.ROOT) + "] " + f.title()
          + (f.flags().isEmpty() ? "" : "  ->  " + String.join(" ", f.flags())));
    }
    List<String> candidate = candidateFlags(serious);
    if (candidate.isEmpty()) {
      o.println();
      o.println("The findings recommend no JVM flag changes: GC is not the fix here. Look at CPU, locks"
          + " and the code instead (see the findings above).");
      writeReports(dir, base, null, o);
      return 0;
    }
    o.println();
    o.println("3/3  candidate: baseline + " + String.join(" ", candidate) + " (from the findings)");
    o.flush();
    Run cand = run(lab, sc, "candidate", candidate, clients, warmup, measured, dir, o);
    summarize(cand, o);
    o.println();
    compare(base, cand, o);
    o.println();
    o.println("One run per configuration, so the deltas carry no confidence interval; repeated,"
        + " interleaved runs at several load levels are the job of the experiment runner.");
    writeReports(dir, base, cand, o);
    return 0;
  }

  /** One lab run under load: its GC log analyzed and the load result. */
  private record Run(String label, List<String> flags, LoadResult load, Analysis analysis, Path gcLog) {}

  private Run run(LabTarget lab, LabScenario sc, String label, List<String> flags, int clients,
      Duration warmup, Duration measured, Path dir, PrintWriter o) {
    Path gcLog = dir.resolve(label + "-gc.log").toAbsolutePath();
    List<String> jvm = new ArrayList<>(flags);
    jvm.add("-Xlog:gc*,gc+age=trace:file=" + gcLog + ":uptime,level,tags");
    LoadResult result;
    try (RunningLab running = lab.start(LabLaunch.of(sc.name()).withJvmFlags(jvm))) {
      LoadPlan plan = new LoadPlan(List.of(LoadTarget.get(running.resolve("/scenario").toString())),
          LoadModel.CLOSED, clients, 0, measured, 0, warmup, Duration.ZERO, Duration.ofSeconds(10),
          LoadPlan.defaultThreads(clients));
      ProgressPrinter progress = new ProgressPrinter(spec.commandLine().getErr(), label,
          (warmup.toMillis() + measured.toMillis()) / 1000.0);
      result = LoadRun.execute(plan, progress);
      progress.clear();
    }
    if (result.successes() == 0) {
      throw new JtuneException(label + " run: no request succeeded against the lab (errors " + result.errors() + ")");
    }
    Analysis a = GcAnalyzer.analyze(List.of(gcLog.toString()), new ByteArrayInputStream(new byte[0]),
        AnalysisOptions.DEFAULTS);
    return new Run(label, flags, result, a, gcLog);
  }

  /**
   * The candidate: every flag the serious findings recommend, most severe first; a later
   * finding's flag does not override an earlier one's for the same option.
   */
  static List<String> candidateFlags(List<Finding> findings) {
    Map<String, String> byOption = new LinkedHashMap<>();
    for (Finding f : findings) {
      for (String flag : f.flags()) {
        byOption.putIfAbsent(optionName(flag), flag);
      }
    }
    return List.copyOf(byOption.values());
  }

  /** The option a flag sets: "-XX:SurvivorRatio=6" -> "SurvivorRatio", "-Xmn64m" -> "-Xmn". */
  static String optionName(String flag) {
    if (flag.startsWith("-XX:+") || flag.startsWith("-XX:-")) {
      return flag.substring(5);
    }
    if (flag.startsWith("-XX:")) {
      int eq = flag.indexOf('=');
      return eq > 0 ? flag.substring(4, eq) : flag.substring(4);
    }
    return flag.length() > 4 ? flag.substring(0, 4) : flag;
  }

  private static void summarize(Run r, PrintWriter o) {
    var t = r.analysis.studyTable();
    o.println(String.format(Locale.ROOT,
        "  %,.0f req/s, latency p50 %.1f ms, p99 %.1f ms, max %.1f ms, errors %d | GC: %d young, %d full (%.0f ms), pauses %.0f ms, throughput %.2f%%",
        r.load.throughputRps(), r.load.latencyMs().p50(), r.load.latencyMs().p99(), r.load.latencyMs().max(),
        errors(r.load), r.analysis.pauses().kind(PauseKind.YOUNG).count(), r.analysis.pauses().kind(PauseKind.FULL).count(),
        r.analysis.pauses().kind(PauseKind.FULL).totalMs(), r.analysis.pauses().all().totalMs(), r.analysis.throughputPct()));
    o.flush();
  }

  private static long errors(LoadResult r) {
    return r.errors().values().stream().mapToLong(Long::longValue).sum();
  }

  private static void compare(Run b, Run c, PrintWriter o) {
    var tb = b.analysis.studyTable();
    var tc = c.analysis.studyTable();
    List<List<String>> rows = new ArrayList<>();
    rows.add(row("throughput req/s", b.load.throughputRps(), c.load.throughputRps(), "%,.0f"));
    rows.add(row("latency p50 ms", b.load.latencyMs().p50(), c.load.latencyMs().p50(), "%.2f"));
    rows.add(row("latency p95 ms", b.load.latencyMs().p95(), c.load.latencyMs().p95(), "%.2f"));
    rows.add(row("latency p99 ms", b.load.latencyMs().p99(), c.load.latencyMs().p99(), "%.2f"));
    rows.add(row("latency max ms", b.load.latencyMs().max(), c.load.latencyMs().max(), "%.2f"));
    rows.add(row("YGC count / min (mean)", tb.ygcCountMean(), tc.ygcCountMean(), "%.1f"));
    rows.add(row("YGC ms / min (mean)", tb.ygcMsMean(), tc.ygcMsMean(), "%.1f"));
    rows.add(row("YGC single pause ms", tb.ygcPauseMeanMs(), tc.ygcPauseMeanMs(), "%.2f"));
    rows.add(row("FGC count", b.analysis.pauses().kind(PauseKind.FULL).count(),
        c.analysis.pauses().kind(PauseKind.FULL).count(), "%.0f"));
    rows.add(row("FGC ms / min (mean)", tb.fgcMsMean(), tc.fgcMsMean(), "%.1f"));
    rows.add(row("GC pause total ms", b.analysis.pauses().all().totalMs(), c.analysis.pauses().all().totalMs(), "%.0f"));
    o.println("Side by side (same load, whole run incl. warm-up for GC):");
    io.jtune.core.render.TextReport.table(o, List.of("", "baseline", "candidate", "change"), rows);
  }

  private static List<String> row(String name, double base, double cand, String fmt) {
    String change;
    if (base == 0 && cand == 0) {
      change = "=";
    } else if (base == 0) {
      change = "new";
    } else {
      change = String.format(Locale.ROOT, "%+.0f%%", 100 * (cand - base) / base);
    }
    return List.of(name, String.format(Locale.ROOT, fmt, base), String.format(Locale.ROOT, fmt, cand), change);
  }

  private static void writeReports(Path dir, Run base, Run cand, PrintWriter o) throws IOException {
    List<String> written = new ArrayList<>();
    for (Run r : cand == null ? List.of(base) : List.of(base, cand)) {
      Path html = dir.resolve(r.label + "-gc-report.html");
      try (Writer w = Files.newBufferedWriter(html, StandardCharsets.UTF_8)) {
        HtmlReport.write(r.analysis, w);
      }
      Path json = dir.resolve(r.label + "-load.json");
      try (Writer w = Files.newBufferedWriter(json, StandardCharsets.UTF_8)) {
        r.load.writeJson(w);
      }
      written.add(html.toString());
    }
    o.println();
    o.println("Reports: " + String.join(", ", written) + " (GC logs and load results beside them)");
    o.flush();
  }

  private static String seconds(Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : String.format(Locale.ROOT, "%.1f s", d.toMillis() / 1000.0);
  }
}
