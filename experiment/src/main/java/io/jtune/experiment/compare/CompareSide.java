package io.jtune.experiment.compare;

import io.jtune.core.analysis.Analysis;
import io.jtune.core.analysis.AnalysisOptions;
import io.jtune.core.analysis.GcAnalyzer;
import io.jtune.core.event.GcPause;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * One side of a comparison: one host's or one JVM's logs (a file, a directory, or a rotated set
 * given as {@code FILE,FILE,...}), analyzed with every stop-the-world pause kept. With several
 * JVM lifetimes in its logs, the latest one is compared (its analysis is the detailed one).
 *
 * @param label the side's letter in tables (A, B, C, ...)
 * @param argument what the user named
 * @param analysis its analysis, with its pauses as events
 */
public record CompareSide(String label, String argument, Analysis analysis) {

  /** Reads the side named {@code argument}. */
  public static CompareSide read(String label, String argument, AnalysisOptions options) {
    AnalysisOptions keep = new AnalysisOptions(options.windowS(), options.pauseTargetMs(), options.qps(),
        options.flags(), true);
    Analysis a = GcAnalyzer.analyze(inputs(argument), InputStream.nullInputStream(), keep);
    return new CompareSide(label, argument, a);
  }

  /** A file or directory as it is; else a comma-separated list of files (one rotated set). */
  static List<String> inputs(String argument) {
    if (Files.exists(Path.of(argument)) || !argument.contains(",")) {
      return List.of(argument);
    }
    return Arrays.stream(argument.split(",")).filter(s -> !s.isBlank()).toList();
  }

  public List<GcPause> pauses() {
    return analysis.pauses().events();
  }

  /** Whether its log has dates (its pauses can be placed on the wall clock). */
  public boolean wallClock() {
    return analysis.span().hasWallClock();
  }

  /** Start of its log on the chosen clock: epoch seconds (wall clock) or JVM uptime seconds. */
  public double start(boolean wall) {
    return wall ? analysis.span().firstEpochMs() / 1000.0 : analysis.span().startS();
  }

  public double end(boolean wall) {
    return wall ? analysis.span().lastEpochMs() / 1000.0 : analysis.span().endS();
  }

  /** When a pause happened on the chosen clock. */
  public double timeOf(GcPause p, boolean wall) {
    return wall ? analysis.span().epochAt(p.uptimeS()) / 1000.0 : p.uptimeS();
  }
}
