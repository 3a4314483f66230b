package io.jtune.cli;

import io.jtune.load.LoadProgress;
import io.jtune.load.TimelinePoint;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * A load run's progress as one redrawn line on stderr ("baseline 12/45 s, 1,234 req/s, p99
 * 8.1 ms"); silent when stderr is not a terminal.
 */
final class ProgressPrinter implements LoadProgress {
  private final ProgressLine line;
  private final String label;
  private final double totalSeconds;

  ProgressPrinter(PrintWriter err, String label, double totalSeconds) {
    this.line = ProgressLine.onTerminal(err);
    this.label = label;
    this.totalSeconds = totalSeconds;
  }

  @Override
  public void onInterval(double elapsedSeconds, boolean warmup, TimelinePoint point) {
    line.draw(warmup || point == null
        ? String.format(Locale.US, "  %s %.0f/%.0f s, warming up", label, elapsedSeconds, totalSeconds)
        : String.format(Locale.US, "  %s %.0f/%.0f s, %,.0f req/s, p99 %.1f ms, errors %d", label,
            elapsedSeconds, totalSeconds, point.throughputRps(), point.p99Ms(), point.errors()));
  }

  /** Removes the line. */
  void clear() {
    line.clear();
  }
}
