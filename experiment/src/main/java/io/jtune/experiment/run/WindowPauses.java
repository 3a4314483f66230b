package io.jtune.experiment.run;

import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.PauseKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The GC pauses of a run's measured window, kept in the run's folder as {@code gc-pauses.csv}
 * when the run's GC log is analyzed, so the report draws them without analyzing the log again.
 * One line per pause: seconds from the window's start, pause ms, and whether it was a Full GC.
 */
public final class WindowPauses {
  /** The file in a run's folder. */
  public static final String FILE = "gc-pauses.csv";
  private static final String HEADER = "offsetS,pauseMs,full";

  private WindowPauses() {}

  /** One pause: when in the window, how long, and whether it was a Full GC. */
  public record Pause(double offsetS, double pauseMs, boolean full) {}

  /**
   * Writes the pauses that started in {@code [fromEpochMs, toEpochMs)}; a pause without a
   * wall-clock stamp is placed by its uptime from {@code jvmStartEpochMs}, as in {@link GcWindow}.
   */
  static void write(Path runDir, List<GcPause> pauses, long jvmStartEpochMs, long fromEpochMs, long toEpochMs)
      throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add(HEADER);
    for (GcPause p : pauses) {
      long at = GcWindow.startEpochMs(p, jvmStartEpochMs);
      if (at >= fromEpochMs && at < toEpochMs) {
        lines.add(String.format(Locale.US, "%.3f,%.3f,%b", (at - fromEpochMs) / 1000.0, p.durationMs(),
            p.kind() == PauseKind.FULL));
      }
    }
    Files.write(runDir.resolve(FILE), lines, StandardCharsets.UTF_8);
  }

  /** The pauses a run kept; empty when it kept none (its GC log was not analyzed). */
  public static List<Pause> read(Path runDir) throws IOException {
    Path file = runDir.resolve(FILE);
    if (!Files.isRegularFile(file)) {
      return List.of();
    }
    List<Pause> out = new ArrayList<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      String[] f = line.split(",");
      if (f.length == 3 && !line.equals(HEADER)) {
        try {
          out.add(new Pause(Double.parseDouble(f[0]), Double.parseDouble(f[1]), Boolean.parseBoolean(f[2])));
        } catch (NumberFormatException e) {
          throw new IOException(file + ": not a pause line: " + line, e);
        }
      }
    }
    return out;
  }
}
