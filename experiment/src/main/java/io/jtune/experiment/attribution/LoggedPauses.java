package io.jtune.experiment.attribution;

import io.jtune.common.JtuneException;
import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.gc.analysis.GcAnalyzer;
import io.jtune.gc.event.GcPause;
import io.jtune.load.LoadException;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The stop-the-world pauses of a target JVM's GC log, read after a load run against it. */
public final class LoggedPauses {
  /** The decorators a unified GC log needs for its pauses to be placed on the wall clock. */
  public static final String HOW_TO_LOG = "-Xlog:gc*:file=gc.log:time,uptime";

  private static final AnalysisOptions KEEP_EVENTS = new AnalysisOptions(AnalysisOptions.DEFAULTS.windowS(),
      AnalysisOptions.DEFAULTS.pauseTargetMs(), Double.NaN, null, true);

  private LoggedPauses() {}

  /** Fails at once when {@code log} cannot be read, before a load is run for nothing. */
  public static void checkReadable(Path log) {
    if (!Files.isRegularFile(log) || !Files.isReadable(log)) {
      throw new LoadException("GC log not found or not readable: " + log);
    }
  }

  /**
   * The pauses of the log's last JVM (the one the load ran against), each with a wall-clock stamp.
   *
   * @throws LoadException when the log cannot be read or some pause has no wall-clock stamp
   */
  public static List<GcPause> read(Path log) {
    checkReadable(log);
    List<GcPause> pauses;
    try {
      pauses = GcAnalyzer.analyze(List.of(log.toString()), new ByteArrayInputStream(new byte[0]),
          KEEP_EVENTS).pauses().events();
    } catch (JtuneException e) {
      throw new LoadException(log + ": " + e.getMessage(), e);
    }
    if (PauseSpan.anyWithoutWallClock(pauses)) {
      throw new LoadException(log + ": its GC pauses have no wall-clock stamps, so they cannot be lined up with the"
          + " requests; log with the time decorator, such as " + HOW_TO_LOG
          + " (JDK 8: -XX:+PrintGCDateStamps)");
    }
    return pauses;
  }
}
