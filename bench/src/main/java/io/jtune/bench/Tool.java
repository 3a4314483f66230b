package io.jtune.bench;

import com.fasterxml.jackson.databind.JsonNode;
import io.jtune.common.format.Json;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/** A GC log tool under test: how to run it on one log, and how to read what it found. */
enum Tool {
  JTUNE_ANALYZE("jtune-analyze", "jtune analyze --format json (CLI jar, launcher JVM options)", true),
  JTUNE_ANALYZE_ONE_PASS("jtune-analyze-1pass",
      "jtune analyze --format json read in one pass on one thread (-Djtune.parallel=false), as before parallel reading", true),
  JTUNE_CORE("jtune-core", "jtune core reader alone: GcLogReader.read into a counting sink", true),
  GCVIEWER("gcviewer", "GCViewer 1.36 command-line mode: <log> <summary.csv> -t SUMMARY", false),
  GCTOOLKIT("gctoolkit", "GCToolKit 3.5.0: GCToolKit.analyze, all parsers, counting aggregation", false);

  /**
   * What a tool reported finding; null counts were not reported. {@code inProcessSeconds} is
   * the tool's own time from start of parsing to result (JVM start-up excluded), or NaN.
   */
  record Found(Long pauses, Long events, double inProcessSeconds, String note) {
    Found(Long pauses, Long events, String note) {
      this(pauses, events, Double.NaN, note);
    }
  }

  /**
   * Where the tools and their inputs are. {@code launcherFlags} are the JVM options the launcher
   * gives {@code analyze}; {@code cdsFlags} point at its class-data-sharing archive, which is made
   * for the CLI jar's class path and so only fits the CLI jar.
   */
  record Setup(String java, Path root, Path benchJar, Path benchLib, Path cliJar, Path gcviewerJar,
      List<String> launcherFlags, List<String> cdsFlags) {

    String benchClasspath() {
      return benchJar + ":" + benchLib + "/*";
    }
  }

  final String id;
  final String description;
  final boolean jtune;

  Tool(String id, String description, boolean jtune) {
    this.id = id;
    this.description = description;
    this.jtune = jtune;
  }

  static Tool byId(String id) {
    for (Tool t : values()) {
      if (t.id.equals(id)) {
        return t;
      }
    }
    throw new IllegalArgumentException("unknown tool '" + id + "'; tools: jtune-analyze, jtune-analyze-1pass, jtune-core, gcviewer, gctoolkit");
  }

  /**
   * The JVM options given to the tool: jtune runs with the launcher's options (as users get
   * it); GCViewer and GCToolKit run with the JVM's defaults, as they are usually started.
   */
  List<String> jvmFlags(Setup s) {
    if (this == JTUNE_ANALYZE || this == JTUNE_ANALYZE_ONE_PASS) {
      List<String> flags = new ArrayList<>(s.launcherFlags());
      flags.addAll(s.cdsFlags());
      if (this == JTUNE_ANALYZE_ONE_PASS) {
        flags.add("-Djtune.parallel=false");
      }
      return flags;
    }
    // jtune-core runs on the bench's class path: the CLI jar's archive would be rejected there,
    // and the JVM would then start with no archive at all, not even the JDK's own
    return jtune ? s.launcherFlags() : List.of();
  }

  /** The command (without pinning and timing) that runs the tool on {@code log}. */
  List<String> command(Setup s, Path log, Path result) {
    List<String> c = new ArrayList<>();
    c.add(s.java());
    c.addAll(jvmFlags(s));
    switch (this) {
      case JTUNE_ANALYZE, JTUNE_ANALYZE_ONE_PASS -> c.addAll(List.of("-Djtune.home=" + s.root(), "-jar", s.cliJar().toString(),
          "analyze", "--format", "json", log.toString()));
      case JTUNE_CORE -> c.addAll(List.of("-cp", s.benchClasspath(), CoreParse.class.getName(),
          result.toString(), log.toString()));
      case GCVIEWER -> c.addAll(List.of("-jar", s.gcviewerJar().toString(), log.toString(),
          result.toString(), "-t", "SUMMARY"));
      case GCTOOLKIT -> c.addAll(List.of("-cp", s.benchClasspath(), GcToolKitParse.class.getName(),
          result.toString(), log.toString()));
      default -> throw new IllegalStateException(id);
    }
    return c;
  }

  /** The file the tool writes its result to (jtune analyze writes to standard output). */
  Path resultFile(Path base) {
    return switch (this) {
      case GCVIEWER -> MeasuredRun.sibling(base, ".summary.csv");
      case JTUNE_ANALYZE, JTUNE_ANALYZE_ONE_PASS -> MeasuredRun.sibling(base, ".out");
      default -> MeasuredRun.sibling(base, ".result.json");
    };
  }

  /** Reads what the tool found from its result file (and, for GCViewer, its warnings). */
  Found read(Path result, Path stderr) {
    try {
      if (!Files.exists(result) || Files.size(result) == 0) {
        return new Found(null, null, "no result written");
      }
      return switch (this) {
        case JTUNE_CORE -> {
          JsonNode n = Json.mapper().readTree(result.toFile());
          long lines = n.path("gcLines").asLong();
          long unparsed = n.path("unparsedLines").asLong();
          String note = unparsed == 0 ? "all GC lines understood"
              : String.format(java.util.Locale.ROOT, "%d of %d GC lines not understood", unparsed, lines);
          yield new Found(n.path("pauses").asLong(), n.path("events").asLong(),
              n.path("inProcessSeconds").asDouble(Double.NaN), note);
        }
        case GCTOOLKIT -> {
          JsonNode n = Json.mapper().readTree(result.toFile());
          yield new Found(n.path("pauses").asLong(), n.path("events").asLong(),
              n.path("inProcessSeconds").asDouble(Double.NaN), "collector " + n.path("collector").asText());
        }
        case GCVIEWER -> readGcViewer(result, stderr);
        case JTUNE_ANALYZE, JTUNE_ANALYZE_ONE_PASS -> readAnalyze(result);
      };
    } catch (IOException | RuntimeException e) {
      return new Found(null, null, "result unreadable: " + e.getMessage());
    }
  }

  /*
   * GCViewer's SUMMARY export is "name; value; unit" lines. pauseCount also counts VM
   * operations (safepoints from -XX:+PrintGCApplicationStoppedTime), so GC pauses are
   * gcPauseCount + fullGcPauseCount. Each line GCViewer could not parse is logged as a WARNING.
   */
  private static Found readGcViewer(Path csv, Path stderr) throws IOException {
    long gc = -1;
    long full = -1;
    for (String line : Files.readAllLines(csv, StandardCharsets.UTF_8)) {
      String[] f = line.split(";");
      if (f.length >= 2) {
        String v = f[1].trim().replace(",", "");
        switch (f[0].trim()) {
          case "gcPauseCount" -> gc = Long.parseLong(v);
          case "fullGcPauseCount" -> full = Long.parseLong(v);
          default -> { }
        }
      }
    }
    long warnings = 0;
    try (BufferedReader r = Files.newBufferedReader(stderr, StandardCharsets.ISO_8859_1)) {
      String line;
      while ((line = r.readLine()) != null) {
        if (line.startsWith("WARNING:")) {
          warnings++;
        }
      }
    }
    Long pauses = gc < 0 && full < 0 ? null : Math.max(gc, 0) + Math.max(full, 0);
    return new Found(pauses, null, warnings + " parse warnings");
  }

  /*
   * jtune analyze's JSON (schema jtune.analysis/2): summary.pauseCount. Should the layout
   * change, the first number found depth first in a field named "pauseCount"/"pauses" (or in
   * the "count" of such an object) is taken instead.
   */
  private static Found readAnalyze(Path json) throws IOException {
    JsonNode n = Json.mapper().readTree(json.toFile());
    JsonNode summary = n.path("summary").path("pauseCount");
    Long pauses = summary.isIntegralNumber() ? Long.valueOf(summary.asLong()) : count(n, "pauseCount", "pauses");
    long windows = n.path("windows").path("rows").size();
    return new Found(pauses, null, "schema " + n.path("schema").asText("?") + ", " + windows + " window rows");
  }

  private static Long count(JsonNode n, String... names) {
    if (n.isObject()) {
      for (String name : names) {
        JsonNode v = n.get(name);
        if (v != null && v.isIntegralNumber()) {
          return v.asLong();
        }
        if (v != null && v.isObject() && v.path("count").isIntegralNumber()) {
          return v.path("count").asLong();
        }
      }
      for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
        Long c = count(it.next().getValue(), names);
        if (c != null) {
          return c;
        }
      }
    }
    return null;
  }
}
