package io.jtune.gc.compare;

import io.jtune.common.JtuneException;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.gc.analysis.GcAnalyzer;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.finding.Finding;
import io.jtune.gc.fleet.FleetUnits;
import io.jtune.gc.diagnosis.Problem;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * One side of a comparison: one host's or one JVM's logs (a file, a directory, or a rotated set
 * given as {@code FILE,FILE,...}). Each log (or rotated set) of a directory is one JVM, analyzed
 * on its own with every stop-the-world pause kept, so a side can be several runs of one
 * configuration or a host's JVMs one after the other. A log that itself holds several JVM
 * lifetimes (a restart) contributes its latest.
 *
 * @param label the side's letter in tables (A, B, C, ...)
 * @param argument what the user named
 * @param jvms the analyses of its JVMs, in the order of their logs
 * @param restarts how many earlier lifetimes inside its logs are not compared
 */
public record CompareSide(String label, String argument, List<Analysis> jvms, int restarts) {

  public CompareSide {
    jvms = List.copyOf(jvms);
  }

  /** Reads the side named {@code argument}. */
  public static CompareSide read(String label, String argument, AnalysisOptions options) {
    AnalysisOptions keep = new AnalysisOptions(options.windowS(), options.pauseTargetMs(), options.qps(),
        options.flags(), true);
    List<Analysis> jvms = new ArrayList<>();
    int restarts = 0;
    String firstProblem = null;
    for (List<String> unit : FleetUnits.of(inputs(argument))) {
      try {
        Analysis a = GcAnalyzer.analyze(unit, InputStream.nullInputStream(), keep);
        jvms.add(a);
        restarts += a.jvmCount() - 1;
      } catch (JtuneException e) {
        firstProblem = firstProblem == null ? e.getMessage() : firstProblem;
      }
    }
    if (jvms.isEmpty()) {
      throw new JtuneException(firstProblem == null ? "nothing to analyze" : firstProblem);
    }
    return new CompareSide(label, argument, jvms, restarts);
  }

  /** A file or directory as it is; else a comma-separated list of files (one rotated set). */
  static List<String> inputs(String argument) {
    if (Files.exists(Path.of(argument)) || !argument.contains(",")) {
      return List.of(argument);
    }
    return Arrays.stream(argument.split(",")).filter(s -> !s.isBlank()).toList();
  }

  /** Whether every log has dates (its pauses can be placed on the wall clock). */
  public boolean wallClock() {
    return jvms.stream().allMatch(a -> a.span().hasWallClock());
  }

  /** Start of a JVM's log on the chosen clock: epoch seconds (wall clock) or JVM uptime seconds. */
  static double start(Analysis a, boolean wall) {
    return wall ? a.span().firstEpochMs() / 1000.0 : a.span().startS();
  }

  static double end(Analysis a, boolean wall) {
    return wall ? a.span().lastEpochMs() / 1000.0 : a.span().endS();
  }

  /** When a pause of a JVM happened on the chosen clock. */
  static double timeOf(Analysis a, GcPause p, boolean wall) {
    return wall ? a.span().epochAt(p.uptimeS()) / 1000.0 : p.uptimeS();
  }

  /** The collectors of its JVMs, e.g. "Serial" or "G1, Serial". */
  public String collectors() {
    return jvms.stream().map(a -> a.jvm().collector().displayName()).distinct().collect(Collectors.joining(", "));
  }

  /** The primary problem most of its JVMs have (the first one's on a tie). */
  public Problem diagnosis() {
    Map<Problem, Long> n = jvms.stream().collect(Collectors.groupingBy(a -> a.diagnosis().primary(),
        LinkedHashMap::new, Collectors.counting()));
    return n.entrySet().stream().max(Comparator.comparingLong(Map.Entry::getValue)).orElseThrow().getKey();
  }

  /** The findings of any of its JVMs, one per id (the first JVM's that has it). */
  public Map<String, Finding> findings() {
    return jvms.stream().flatMap(a -> a.findings().stream())
        .collect(Collectors.toMap(Finding::id, Function.identity(), (x, y) -> x, LinkedHashMap::new));
  }

  /** The time its logs span, summed over its JVMs, seconds. */
  public double spanS() {
    return jvms.stream().mapToDouble(a -> a.span().durationS()).sum();
  }
}
