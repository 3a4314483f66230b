package io.jtune.cli;

import io.jtune.load.LoadProgress;
import io.jtune.load.TimelinePoint;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * A load run's progress as one line on stderr, redrawn each interval ("baseline 12/45 s,
 * 1,234 req/s, p99 8.1 ms"); silent when stderr is not a terminal.
 */
final class ProgressPrinter implements LoadProgress {
  private final PrintWriter err;
  private final String label;
  private final double totalSeconds;
  private final boolean enabled;
  private boolean drawn;

  ProgressPrinter(PrintWriter err, String label, double totalSeconds) {
    this.err = err;
    this.label = label;
    this.totalSeconds = totalSeconds;
    this.enabled = System.console() != null && System.getenv("JTUNE_QUIET") == null;
  }

  @Override
  public void onInterval(double elapsedSeconds, boolean warmup, TimelinePoint point) {
    if (!enabled) {
      return;
    }
    String line = warmup || point == null
        ? String.format(Locale.ROOT, "  %s %.0f/%.0f s, warming up", label, elapsedSeconds, totalSeconds)
        : String.format(Locale.ROOT, "  %s %.0f/%.0f s, %,.0f req/s, p99 %.1f ms, errors %d", label,
            elapsedSeconds, totalSeconds, point.throughputRps(), point.p99Ms(), point.errors());
    err.print("\r" + line + "\u001b[K");
    err.flush();
    drawn = true;
  }

  /** Removes the line. */
  void clear() {
    if (drawn) {
      err.print("\r\u001b[K");
      err.flush();
    }
  }
}
