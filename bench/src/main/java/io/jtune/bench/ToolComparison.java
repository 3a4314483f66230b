package io.jtune.bench;

import io.jtune.common.format.Json;
import io.jtune.common.JtuneException;
import io.jtune.runtime.process.ChildProcess;
import io.jtune.runtime.process.ProcessSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Compares jtune's GC log parsing speed and memory with GCViewer's and GCToolKit's on the same
 * large generated logs, in one run, and checks that jtune's memory does not grow with log size.
 * Started by {@code bench/run}; writes {@code results.md} and {@code results.json}.
 *
 * <p>Options: {@code --size MB} (default 200), {@code --tools a,b} (jtune-analyze, jtune-core,
 * gcviewer, gctoolkit), {@code --logs a,b} (parnew-cms, parnew-cms-dense, g1-unified, g1-unified-dense), {@code
 * --quick} (20 MB logs), {@code --streaming-sizes a,b,c} (MB;
 * default size/4, size, 2*size; {@code none} to skip), {@code --java PATH} (the JVM for every
 * tool), {@code --repeat N} (run each up to N times, keep the fastest), {@code --timeout
 * SECONDS} (per run, default 900), {@code --cpu LIST} (the cores every run is pinned to, as
 * taskset takes them: "0" for one core; default all cores, "0-N"),
 * {@code --root DIR} (the jtune checkout; results go to its bench/target), {@code --build DIR}
 * (the checkout the jars were built in, default the root), {@code --corpus DIR}, {@code
 * --command TEXT} (the command line to quote in the results), {@code --baseline-build DIR} and
 * {@code --baseline-ref REF} (a second build whose jtune tools run as "jtune-analyze@REF" and
 * "jtune-core@REF" beside the head's, alternating run for run).
 */
public final class ToolComparison {

  /**
   * The kinds of generated log and the corpus log each is made from. The two JDK 8 ParNew/CMS
   * logs differ in density: the detailed one (date stamps, heap at GC, tenuring, free-list
   * statistics) has one GC pause per ~2.4 KB, the dense one (one line per GC) one per ~170 bytes,
   * which stresses what a tool keeps per event. The dense unified G1 log (`-Xlog:gc`, info level:
   * one line per pause) has one pause per ~90 bytes.
   */
  public enum LogKind {
    PARNEW_CMS("parnew-cms", "JDK 8 ParNew/CMS detailed",
        "gctoolkit-testdata/gctoolkit-gclogs__preunified__cms__parnew__details__tenuring__180__fls__bob.log"),
    PARNEW_CMS_DENSE("parnew-cms-dense", "JDK 8 ParNew/CMS dense",
        "gctoolkit-testdata/gctoolkit-gclogs__preunified__cms__parnew__details__tidied_gc_www1_2013_10_19.log"),
    G1_UNIFIED("g1-unified", "unified G1 (JDK 14)",
        "gctoolkit-testdata/gctoolkit-gclogs-rolling__rolling__jdk14__rollinglogs__short_restart_4.log.4"),
    G1_UNIFIED_DENSE("g1-unified-dense", "unified G1 dense (-Xlog:gc)",
        "gctoolkit-testdata/gctoolkit-gclogs__unified__g1gc__minimal.log");

    final String id;
    final String label;
    final String template;

    LogKind(String id, String label, String template) {
      this.id = id;
      this.label = label;
      this.template = template;
    }

    /** The corpus log it is made from, relative to the corpus directory. */
    public String template() {
      return template;
    }

    static LogKind byId(String id) {
      for (LogKind k : values()) {
        if (k.id.equals(id)) {
          return k;
        }
      }
      throw new IllegalArgumentException("unknown log '" + id + "'; logs: parnew-cms, parnew-cms-dense, g1-unified, g1-unified-dense");
    }
  }

  /** A generated log. */
  record BenchLog(LogKind kind, int targetMb, Path path, long bytes) {
    double mb() {
      return bytes / 1048576.0;
    }
  }

  /** One measured run of one tool on one log. */
  record Row(String phase, Tool tool, String label, BenchLog log, List<String> command, MeasuredRun.Measurement m,
      Tool.Found found, int runs) {
    double mbPerSecond() {
      return log.mb() / m.wallSeconds();
    }

    double rssMb() {
      return m.peakRssKb() < 0 ? Double.NaN : m.peakRssKb() / 1024.0;
    }
  }

  static final double TARGET_MB_PER_S = 300;
  static final double TARGET_RSS_MB = 300;
  /** Runs longer than this are not repeated: their timing noise is small against their length. */
  static final double REPEAT_LIMIT_S = 60;
  private static final String DEFAULT_LAUNCHER_FLAGS = "-Xms32m -Xmx160m -XX:+UseSerialGC -XX:TieredStopAtLevel=1"
      + " -XX:CompileThresholdScaling=3 -XX:CompileCommand=quiet"
      + " -XX:CompileCommand=CompileThresholdScaling,io.jtune.gc.*::*,0.05 -XX:CompileCommand=CompileThresholdScaling,io.jtune.common.*::*,0.05"
      + " -XX:CompileCommand=CompileThresholdScaling,org.HdrHistogram.*::*,0.05"
      + " -XX:CompileCommand=CompileThresholdScaling,com.fasterxml.jackson.core.*::*,0.05"
      + " -XX:CompileCommand=CompileThresholdScaling,java.lang.StringCoding::*,0.05";

  private int sizeMb = 200;
  private List<Integer> streamingSizes;
  private List<Tool> tools = List.of(Tool.values());
  private List<LogKind> kinds = List.of(LogKind.values());
  private String java;
  private long timeoutSeconds = 900;
  private int repeat = 1;
  /** The longest read-through of a log before a run (page cache warm-up), seconds. */
  private double slowestPreRead;
  private String cpu = "0-" + (Runtime.getRuntime().availableProcessors() - 1);
  private Path root = Path.of("").toAbsolutePath();
  private Path corpus;
  private Path build;
  private String command = "bench/run";
  private boolean quick;

  private Tool.Setup setup;
  /** With --baseline-build: a second build whose jtune-analyze runs beside the head's, alternating. */
  private Path baselineBuild;
  private String baselineRef = "baseline";
  private Tool.Setup baselineSetup;
  private Path target;
  private final List<Row> rows = new ArrayList<>();
  private final Map<Tool, String> effectiveFlags = new EnumMap<>(Tool.class);
  private final List<BenchLog> logs = new ArrayList<>();

  public static void main(String[] args) {
    ToolComparison c = new ToolComparison();
    try {
      c.parseOptions(args);
    } catch (IllegalArgumentException e) {
      System.err.println("bench: " + e.getMessage());
      System.exit(2);
    }
    try {
      System.exit(c.run());
    } catch (IOException e) {
      System.err.println("bench: " + e.getMessage());
      System.exit(1);
    }
  }

  private void parseOptions(String[] args) {
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--quick" -> quick = true;
        case "--size" -> sizeMb = Integer.parseInt(value(args, ++i, a));
        case "--tools" -> tools = Arrays.stream(value(args, ++i, a).split(",")).map(String::trim)
            .filter(s -> !s.isEmpty()).map(Tool::byId).distinct().toList();
        case "--logs" -> kinds = Arrays.stream(value(args, ++i, a).split(",")).map(String::trim)
            .filter(s -> !s.isEmpty()).map(LogKind::byId).distinct().toList();
        case "--streaming-sizes" -> {
          String v = value(args, ++i, a);
          streamingSizes = v.equals("none") ? List.of()
              : Arrays.stream(v.split(",")).map(String::trim).map(Integer::parseInt).toList();
        }
        case "--java" -> java = value(args, ++i, a);
        case "--repeat" -> repeat = Math.max(1, Integer.parseInt(value(args, ++i, a)));
        case "--timeout" -> timeoutSeconds = Long.parseLong(value(args, ++i, a));
        case "--cpu" -> cpu = value(args, ++i, a);
        case "--root" -> root = Path.of(value(args, ++i, a)).toAbsolutePath().normalize();
        case "--build" -> build = Path.of(value(args, ++i, a)).toAbsolutePath().normalize();
        case "--corpus" -> corpus = Path.of(value(args, ++i, a)).toAbsolutePath().normalize();
        case "--command" -> command = value(args, ++i, a);
        case "--baseline-build" -> baselineBuild = Path.of(value(args, ++i, a)).toAbsolutePath().normalize();
        case "--baseline-ref" -> baselineRef = value(args, ++i, a);
        default -> throw new IllegalArgumentException("unknown option '" + a + "'");
      }
    }
    if (quick && !Arrays.asList(args).contains("--size")) {
      sizeMb = 20;
    }
    if (sizeMb < 1) {
      throw new IllegalArgumentException("--size must be at least 1 (MB)");
    }
    if (streamingSizes == null) {
      streamingSizes = List.of(Math.max(1, sizeMb / 4), sizeMb, sizeMb * 2);
    }
    if (java == null) {
      String home = System.getenv("JAVA_HOME");
      java = home != null && Files.isExecutable(Path.of(home, "bin", "java")) ? Path.of(home, "bin", "java").toString() : "java";
    }
    if (build == null) {
      build = root;
    }
    if (corpus == null) {
      String env = System.getenv("JTUNE_CORPUS");
      corpus = env != null ? Path.of(env) : root.resolve("testdata/gclogs");
    }
  }

  private static String value(String[] args, int i, String option) {
    if (i >= args.length) {
      throw new IllegalArgumentException(option + " needs a value");
    }
    return args[i];
  }

  private int run() throws IOException {
    target = root.resolve("bench/target");
    setup = setup(build);
    if (baselineBuild != null) {
      baselineSetup = setup(baselineBuild);
    }
    Files.createDirectories(target.resolve("runs"));
    if (!MeasuredRun.pinningAvailable()) {
      System.err.println("bench: taskset not found: runs are not pinned to one core (apt-get install util-linux)");
    }
    if (!MeasuredRun.gnuTimeAvailable()) {
      System.err.println("bench: /usr/bin/time not found: peak RSS is sampled from /proc (apt-get install time)");
    }
    Instant started = Instant.now();
    for (Tool t : tools) {
      effectiveFlags.put(t, effectiveFlags(t));
    }

    for (LogKind kind : kinds) {
      BenchLog log = log(kind, sizeMb);
      for (Tool t : tools) {
        measure("compare", t, log);
      }
    }
    List<Tool> jtuneTools = tools.stream().filter(t -> t.jtune).toList();
    for (LogKind kind : kinds) {
      for (int mb : new TreeSet<>(streamingSizes)) {
        for (Tool t : jtuneTools) {
          Row same = rows.stream().filter(r -> r.label().equals(t.id) && r.log().kind() == kind && r.log().targetMb() == mb)
              .findFirst().orElse(null);
          if (same != null) {
            rows.add(new Row("streaming", t, t.id, same.log(), same.command(), same.m(), same.found(), same.runs()));
          } else {
            measure("streaming", t, log(kind, mb));
          }
        }
      }
    }
    Instant finished = Instant.now();

    String md = markdown(started, finished);
    Files.writeString(target.resolve("results.md"), md, StandardCharsets.UTF_8);
    Json.indented().writeValue(target.resolve("results.json").toFile(), json(started, finished));
    System.out.println();
    System.out.println(md);
    System.out.println("written: " + root.relativize(target.resolve("results.md")) + ", "
        + root.relativize(target.resolve("results.json")));
    return rows.stream().allMatch(r -> r.m().ok()) ? 0 : 1;
  }

  /** Where the tools' jars are: in the checkout {@code build} the bench was built in (bench/build's snapshot). */
  private Tool.Setup setup(Path build) throws IOException {
    Path benchTarget = build.resolve("bench/target");
    Tool.Setup s = new Tool.Setup(java, root, benchTarget.resolve("jtune-bench.jar"), benchTarget.resolve("lib"),
        build.resolve("cli/target/jtune.jar"), benchTarget.resolve("tools/gcviewer-1.36.jar"), launcherFlags(build),
        cdsFlags(build));
    for (Path p : List.of(s.benchJar(), s.benchLib(), s.cliJar(), s.gcviewerJar())) {
      if (!Files.exists(p)) {
        throw new IOException(p + " not found: build first (bench/run builds unless --no-build)");
      }
    }
    return s;
  }

  /**
   * The JVM options the ./jtune launcher gives {@code analyze} (its {@code analyze_jvm_opts}), so
   * the benchmark and what users get stay in step.
   */
  private List<String> launcherFlags(Path build) {
    String flags = DEFAULT_LAUNCHER_FLAGS;
    try {
      Matcher m = Pattern.compile("(?m)^analyze_jvm_opts=\"([^\"]*)\"").matcher(Files.readString(build.resolve("jtune")));
      if (m.find()) {
        flags = m.group(1).trim();
      }
    } catch (IOException e) {
      System.err.println("bench: cannot read the launcher (" + e.getMessage() + "); using " + flags);
    }
    if (cpu.matches("\\d+") || Runtime.getRuntime().availableProcessors() == 1) {
      flags += " -XX:-BackgroundCompilation"; // as the launcher gives it on one core
    }
    return List.of(flags.split("\\s+"));
  }

  /**
   * The class-data-sharing flags the launcher adds: running the launcher once under this java
   * makes its CDS archive (cli/target/jtune-*.jsa), which the measured runs then use as users'
   * runs do. Empty when no archive could be made.
   */
  private List<String> cdsFlags(Path build) {
    try {
      ProcessSpec launcher = ProcessSpec.of("the launcher", List.of(build.resolve("jtune").toString(), "--version"))
          .withTimeout(Duration.ofMinutes(10));
      if (java.contains("/")) {
        launcher = launcher.withEnv("JAVA_HOME", Path.of(java).toAbsolutePath().getParent().getParent().toString());
      }
      ChildProcess.run(launcher);
      try (var files = Files.list(build.resolve("cli/target"))) {
        Path jsa = files.filter(f -> f.getFileName().toString().matches("jtune-\\d+\\.jsa"))
            .max(Comparator.comparing(f -> f.toFile().lastModified())).orElse(null);
        return jsa == null ? List.of() : List.of("-XX:SharedArchiveFile=" + jsa, "-Xlog:cds*=off");
      }
    } catch (IOException | JtuneException e) {
      return List.of();
    }
  }

  /** The generated log of {@code kind} and about {@code mb} MB; generated on first use, reused after. */
  private BenchLog log(LogKind kind, int mb) throws IOException {
    for (BenchLog l : logs) {
      if (l.kind() == kind && l.targetMb() == mb) {
        return l;
      }
    }
    Path path = target.resolve("logs").resolve(kind.id + "-" + mb + "mb.log");
    if (!Files.exists(path)) {
      Path template = corpus.resolve(kind.template);
      if (!Files.isReadable(template)) {
        throw new IOException("corpus log not found: " + template + " (set --corpus or JTUNE_CORPUS)");
      }
      System.out.printf(Locale.ROOT, "generating %s (%d MB) from %s%n", root.relativize(path), mb, template.getFileName());
      LogGenerator.generate(template, path, mb * 1048576L);
    }
    BenchLog l = new BenchLog(kind, mb, path, Files.size(path));
    logs.add(l);
    return l;
  }

  /**
   * Runs {@code tool} on {@code log}; with {@code --repeat N}, up to N times, keeping the
   * fastest run (its output files are the last run's) and the highest peak RSS of all. A run
   * that fails, or takes longer than {@link #REPEAT_LIMIT_S}, is not repeated. With a baseline
   * build, a jtune tool of the baseline ("jtune-analyze@REF", "jtune-core@REF") runs too,
   * alternating with the head's run by run, so that both see the same load on the shared host.
   */
  private void measure(String phase, Tool tool, BenchLog log) throws IOException {
    List<Series> series = new ArrayList<>(List.of(new Series(tool, tool.id, setup, log)));
    if (baselineSetup != null && tool.jtune && phase.equals("compare")) {
      series.add(new Series(tool, tool.id + "@" + baselineRef, baselineSetup, log));
    }
    for (boolean ran = true; ran; ) {
      ran = false;
      for (Series s : series) {
        if (s.wantsRun()) {
          s.runOnce(log);
          ran = true;
        }
      }
    }
    for (Series s : series) {
      MeasuredRun.Measurement best = s.best;
      MeasuredRun.Measurement m = new MeasuredRun.Measurement(best.exitCode(), best.timedOut(), best.wallSeconds(),
          best.cpuSeconds(), s.maxRss, best.rssSource(), best.stdout(), best.stderr(), best.loadBefore());
      Tool.Found found = tool.read(s.result, m.stderr());
      Row r = new Row(phase, tool, s.label, log, s.cmd, m, found, s.runs);
      rows.add(r);
      System.out.printf(Locale.ROOT, "%-9s %-21s %-16s %7.1f MB ... %6.1f s %7.1f MB/s %7.1f MB RSS%s%s%n", phase,
          s.label, log.kind().id, log.mb(), m.wallSeconds(), r.mbPerSecond(), r.rssMb(),
          s.runs > 1 ? " (best of " + s.runs + ")" : "",
          m.timedOut() ? "  TIMED OUT" : m.exitCode() != 0 ? "  exit " + m.exitCode() : "");
      if (!m.ok()) {
        System.out.println("  last lines of " + root.relativize(m.stderr()) + ":");
        System.out.println(MeasuredRun.tail(m.stderr(), 8).indent(4));
      }
    }
  }

  /** The runs of one tool (of one build) on one log: the fastest so far and the highest peak RSS. */
  private final class Series {
    final String label;
    final Path base;
    final Path result;
    final List<String> cmd;
    MeasuredRun.Measurement best;
    long maxRss = -1;
    int runs;

    Series(Tool tool, String label, Tool.Setup setup, BenchLog log) {
      this.label = label;
      base = target.resolve("runs").resolve(label.replace('@', '-') + "-" + log.kind().id + "-" + log.targetMb() + "mb");
      result = tool.resultFile(base);
      cmd = tool.command(setup, log.path(), result);
    }

    boolean wantsRun() {
      return runs < repeat && (best == null || best.ok() && best.wallSeconds() < REPEAT_LIMIT_S);
    }

    void runOnce(BenchLog log) throws IOException {
      Files.deleteIfExists(result);
      slowestPreRead = Math.max(slowestPreRead, MeasuredRun.readThrough(log.path()));
      MeasuredRun.Measurement m = MeasuredRun.run(cmd, cpu, base, timeoutSeconds);
      runs++;
      maxRss = Math.max(maxRss, m.peakRssKb());
      if (best == null || !m.ok() || m.wallSeconds() < best.wallSeconds()) {
        best = m;
      }
    }
  }

  /** The flags the tool's JVM really runs with, as -XX:+PrintCommandLineFlags shows them pinned to one core. */
  private String effectiveFlags(Tool t) throws IOException {
    List<String> cmd = new ArrayList<>(MeasuredRun.pinned(cpu));
    cmd.add(java);
    cmd.addAll(t.jvmFlags(setup));
    cmd.addAll(List.of("-XX:+PrintCommandLineFlags", "-version"));
    try {
      return ChildProcess.run(ProcessSpec.of("java", cmd).withTimeout(Duration.ofSeconds(30))).allLines().stream()
          .filter(l -> l.startsWith("-XX:")).findFirst()
          .map(l -> l.replace("-XX:+PrintCommandLineFlags", "").replaceAll("\\s+", " ").trim()).orElse("?");
    } catch (JtuneException e) {
      return "?";
    }
  }

  private String javaVersion() {
    try {
      List<String> out = ChildProcess.run(ProcessSpec.of("java", List.of(java, "-version"))
          .withTimeout(Duration.ofSeconds(30))).allLines();
      return out.stream().skip(1).findFirst().orElse(String.join("\n", out).trim());
    } catch (JtuneException e) {
      return "? (" + e.getMessage() + ")";
    }
  }

  /** What the jars in {@code build} were built from, as bench/build recorded it in the snapshot. */
  private static String codeMeasured(Path build) {
    try {
      return Files.readString(build.resolve(".bench-source")).trim();
    } catch (IOException e) {
      return "the jars in " + build + " (not built by bench/build)";
    }
  }

  private static String machine() {
    String cpuModel = "?";
    String mem = "?";
    try {
      cpuModel = Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name"))
          .map(l -> l.substring(l.indexOf(':') + 1).trim()).findFirst().orElse("?");
      mem = Files.readAllLines(Path.of("/proc/meminfo")).stream().filter(l -> l.startsWith("MemTotal"))
          .map(l -> String.format(Locale.ROOT, "%.0f GB RAM", Long.parseLong(l.replaceAll("[^0-9]", "")) / 1048576.0))
          .findFirst().orElse("?");
    } catch (IOException | RuntimeException e) {
      // not Linux: leave the machine description short
    }
    return Runtime.getRuntime().availableProcessors() + " cores (" + cpuModel + "), " + mem + ", "
        + System.getProperty("os.name") + " " + System.getProperty("os.version");
  }

  private String markdown(Instant started, Instant finished) {
    String javaVersion = javaVersion();
    StringBuilder b = new StringBuilder();
    DateTimeFormatter utc = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT).withZone(ZoneOffset.UTC);
    b.append("## Results ").append(utc.format(started)).append("\n\n");
    b.append("- Command: `").append(command).append("`\n");
    b.append("- Machine: ").append(machine()).append("; shared with other work, load average (1 min) ")
        .append(String.format(Locale.ROOT, "%.2f", rows.isEmpty() ? MeasuredRun.loadAverage() : rows.get(0).m().loadBefore()))
        .append(" at the first run, ").append(String.format(Locale.ROOT, "%.2f", MeasuredRun.loadAverage()))
        .append(" at the end\n");
    b.append("- Code measured: ").append(codeMeasured(build)).append('\n');
    if (baselineBuild != null) {
      b.append("- Baseline measured beside it (the jtune tools as tool@").append(baselineRef).append(", run for run): ")
          .append(codeMeasured(baselineBuild)).append('\n');
    }
    b.append("- JVM for every tool: `").append(java).append("` (").append(javaVersion).append(")\n");
    b.append("- Each run: its own JVM, ").append(MeasuredRun.pinningAvailable() ? "pinned with `taskset -c " + cpu + "`" : "not pinned")
        .append("; seconds = wall time of the whole process (JVM start included); MB/s = input MB / seconds; ")
        .append("cores busy = CPU seconds / seconds; ")
        .append("MB per CPU s = input MB / (user + system CPU seconds), less disturbed by other load on the core; ")
        .append("parse MB/s in-process = input MB / the tool's own time from opening the log to its result ")
        .append("(JVM start-up excluded; only the bench's own mains report it); ")
        .append("peak RSS = ").append(MeasuredRun.gnuTimeAvailable() ? "max RSS from getrusage (GNU time)" : "VmHWM sampled")
        .append("; 1 MB = 2^20 bytes\n");
    if (repeat > 1) {
      b.append("- Each run repeated up to ").append(repeat).append(" times (runs over ")
          .append(String.format(Locale.ROOT, "%.0f", REPEAT_LIMIT_S))
          .append(" s once): the fastest is shown, with the highest peak RSS of the repeats\n");
    }
    b.append("- Before every run the log is read through once, so each tool starts with it in the page cache ")
        .append("(the slowest such read took ").append(String.format(Locale.ROOT, "%.2f", slowestPreRead))
        .append(" s; from the cache a 200 MB log reads in about 0.05 s)\n");
    b.append("- Took ").append(Duration.between(started, finished).toSeconds()).append(" s\n\n");

    b.append("### Same logs, all tools\n\n");
    table(b, rows.stream().filter(r -> r.phase().equals("compare")).toList());
    List<Row> streaming = rows.stream().filter(r -> r.phase().equals("streaming")).toList();
    if (!streaming.isEmpty()) {
      b.append("\n### Streaming: jtune's memory against log size\n\n");
      table(b, streaming);
      b.append('\n');
      for (Tool t : tools.stream().filter(t -> t.jtune).toList()) {
        for (LogKind k : kinds) {
          List<Row> rs = streaming.stream().filter(r -> r.tool() == t && r.log().kind() == k && r.m().ok()).toList();
          if (rs.size() >= 2) {
            Row small = rs.get(0);
            Row large = rs.get(rs.size() - 1);
            double growth = large.rssMb() / small.rssMb();
            b.append(String.format(Locale.ROOT, "- %s, %s: %.0f MB log -> %.0f MB RSS, %.0f MB log -> %.0f MB RSS (x%.2f): %s%n",
                t.id, k.id, small.log().mb(), small.rssMb(), large.log().mb(), large.rssMb(), growth,
                growth <= 1.25 ? "flat" : "GROWS with log size"));
          }
        }
      }
    }
    b.append("\n### Targets (jtune, ").append(String.format(Locale.ROOT, "%.0f", TARGET_MB_PER_S))
        .append(" MB/s on one core, RSS < ").append(String.format(Locale.ROOT, "%.0f", TARGET_RSS_MB)).append(" MB)\n\n");
    for (Row r : rows.stream().filter(r -> r.phase().equals("compare") && r.tool().jtune).toList()) {
      b.append(String.format(Locale.ROOT, "- %s on %s: %s, %s%n", r.label(), r.log().kind().id,
          !r.m().ok() ? "did not complete" : r.mbPerSecond() >= TARGET_MB_PER_S ? String.format(Locale.ROOT, "%.0f MB/s met", r.mbPerSecond())
              : String.format(Locale.ROOT, "%.0f MB/s NOT met", r.mbPerSecond()),
          r.rssMb() < TARGET_RSS_MB ? String.format(Locale.ROOT, "%.0f MB RSS met", r.rssMb())
              : String.format(Locale.ROOT, "%.0f MB RSS NOT met", r.rssMb())));
    }

    b.append("\n### Tools and JVM options\n\n| Tool | What runs | JVM options given | Effective flags (-XX:+PrintCommandLineFlags, pinned) |\n|---|---|---|---|\n");
    for (Tool t : tools) {
      List<String> flags = t.jvmFlags(setup);
      b.append("| ").append(t.id).append(" | ").append(t.description).append(" | ")
          .append(flags.isEmpty() ? "none (JVM defaults)" : "`" + String.join(" ", flags) + "`").append(" | `")
          .append(effectiveFlags.getOrDefault(t, "?")).append("` |\n");
    }
    b.append("\nLogs (generated by `io.jtune.bench.LogGenerator` from the corpus, repeated with shifted time stamps and GC ids):\n\n");
    for (BenchLog l : logs) {
      b.append(String.format(Locale.ROOT, "- `%s`: %.1f MB, %s, from `%s`%n", root.relativize(l.path()), l.mb(), l.kind().label, l.kind().template));
    }
    List<Row> notes = rows.stream().filter(r -> !r.found().note().isEmpty() || !r.m().ok()).toList();
    if (!notes.isEmpty()) {
      b.append("\nNotes per run:\n\n");
      for (Row r : notes) {
        if (r.phase().equals("streaming") && rows.stream().anyMatch(o -> o != r && o.m() == r.m())) {
          continue;
        }
        b.append("- ").append(r.label()).append(", ").append(r.log().kind().id).append(' ').append(r.log().targetMb())
            .append(" MB: ").append(r.found().note());
        if (!r.m().ok()) {
          String last = MeasuredRun.tail(r.m().stderr(), 1).trim();
          b.append(r.found().note().isEmpty() ? "" : "; ").append(r.m().timedOut() ? "timed out" : "exit " + r.m().exitCode())
              .append(last.isEmpty() ? "" : ": `" + clip(last) + "`");
        }
        b.append('\n');
      }
    }
    return b.toString();
  }

  private static String clip(String s) {
    String one = s.replace('`', '\'').replace('|', '/');
    return one.length() <= 160 ? one : one.substring(0, 160) + "...";
  }

  private static void table(StringBuilder b, List<Row> rs) {
    b.append("| Tool | Log | Size MB | Seconds | MB/s | Peak RSS MB | CPU s | Cores busy | MB per CPU s | Parse MB/s in-process | GC pauses | Events | Exit | Runs |\n");
    b.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|\n");
    for (Row r : rs) {
      MeasuredRun.Measurement m = r.m();
      double inProcess = r.log().mb() / r.found().inProcessSeconds();
      b.append(String.format(Locale.ROOT, "| %s | %s | %.1f | %.2f | %.1f | %.0f | %.2f | %.2f | %.1f | %s | %s | %s | %s | %d |%n",
          r.label(), r.log().kind().label, r.log().mb(), m.wallSeconds(), r.mbPerSecond(), r.rssMb(), m.cpuSeconds(),
          m.cpuSeconds() / m.wallSeconds(), r.log().mb() / m.cpuSeconds(),
          Double.isNaN(inProcess) ? "-" : String.format(Locale.ROOT, "%.1f", inProcess),
          r.found().pauses() == null ? "-" : r.found().pauses(), r.found().events() == null ? "-" : r.found().events(),
          m.timedOut() ? "timeout" : Integer.toString(m.exitCode()), r.runs()));
    }
  }

  private Map<String, Object> json(Instant started, Instant finished) {
    Map<String, Object> j = new LinkedHashMap<>();
    j.put("started", started.toString());
    j.put("finished", finished.toString());
    j.put("command", command);
    j.put("machine", machine());
    j.put("code", codeMeasured(build));
    if (baselineBuild != null) {
      j.put("baseline", Map.of("ref", baselineRef, "code", codeMeasured(baselineBuild)));
    }
    j.put("java", Map.of("path", java, "version", javaVersion()));
    j.put("pinnedCpu", MeasuredRun.pinningAvailable() ? cpu : null);
    j.put("rssSource", MeasuredRun.gnuTimeAvailable() ? "getrusage max RSS (GNU time)" : "VmHWM sampled from /proc");
    j.put("targets", Map.of("mbPerSecond", TARGET_MB_PER_S, "peakRssMb", TARGET_RSS_MB));
    List<Map<String, Object>> ts = new ArrayList<>();
    for (Tool t : tools) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("id", t.id);
      m.put("description", t.description);
      m.put("jvmFlags", t.jvmFlags(setup));
      m.put("effectiveFlags", effectiveFlags.get(t));
      ts.add(m);
    }
    j.put("tools", ts);
    List<Map<String, Object>> ls = new ArrayList<>();
    for (BenchLog l : logs) {
      ls.add(Map.of("kind", l.kind().id, "path", root.relativize(l.path()).toString(), "bytes", l.bytes(),
          "template", l.kind().template));
    }
    j.put("logs", ls);
    List<Map<String, Object>> rs = new ArrayList<>();
    for (Row r : rows) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("phase", r.phase());
      m.put("tool", r.label());
      m.put("log", r.log().kind().id);
      m.put("bytes", r.log().bytes());
      m.put("wallSeconds", r.m().wallSeconds());
      m.put("mbPerSecond", r.mbPerSecond());
      m.put("inProcessSeconds", Double.isNaN(r.found().inProcessSeconds()) ? null : r.found().inProcessSeconds());
      m.put("cpuSeconds", Double.isNaN(r.m().cpuSeconds()) ? null : r.m().cpuSeconds());
      m.put("peakRssMb", Double.isNaN(r.rssMb()) ? null : r.rssMb());
      m.put("exitCode", r.m().exitCode());
      m.put("timedOut", r.m().timedOut());
      m.put("runs", r.runs());
      m.put("pauses", r.found().pauses());
      m.put("events", r.found().events());
      m.put("note", r.found().note());
      m.put("loadAverageBefore", r.m().loadBefore());
      m.put("command", String.join(" ", r.command()));
      rs.add(m);
    }
    j.put("runs", rs);
    return j;
  }
}
