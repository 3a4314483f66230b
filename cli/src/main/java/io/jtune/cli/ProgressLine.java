package io.jtune.cli;

import io.jtune.gc.parser.ReadProgress;
import io.jtune.common.format.TerminalText;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * A one-line progress display on stderr ("reading gc.log  120 / 400 MB (30%)"), redrawn in
 * place; silent when stderr is not a terminal, so pipes and CI logs stay clean.
 */
final class ProgressLine implements ReadProgress {
  private final PrintWriter err;
  private final boolean enabled;
  private long lastDrawNanos;
  private boolean drawn;

  private ProgressLine(PrintWriter err, boolean enabled) {
    this.err = err;
    this.enabled = enabled;
  }

  /** Draws only when the JVM has a terminal (System.console() is null when piped). */
  static ProgressLine onTerminal(PrintWriter err) {
    return new ProgressLine(err, System.console() != null && System.getenv("JTUNE_QUIET") == null);
  }

  @Override
  public void progress(String source, long bytesRead, long totalBytes) {
    if (!due()) {
      return;
    }
    String name = source.length() > 40 ? "..." + source.substring(source.length() - 37) : source;
    String line = totalBytes > 0
        ? String.format(Locale.US, "jtune: reading %s  %d / %d MB (%d%%)", name, bytesRead >> 20,
            totalBytes >> 20, Math.min(100, 100 * bytesRead / totalBytes))
        : String.format(Locale.US, "jtune: reading %s  %d MB", name, bytesRead >> 20);
    draw(line);
  }

  /** Whether a redraw is wanted now (enabled, and the last one is at least 200 ms old). */
  boolean due() {
    long now = System.nanoTime();
    if (!enabled || now - lastDrawNanos < 200_000_000L) {
      return false;
    }
    lastDrawNanos = now;
    return true;
  }

  /** Replaces the line with {@code text}. */
  void draw(String text) {
    if (!enabled) {
      return;
    }
    err.print("\r" + TerminalText.safe(text) + "\u001b[K");
    err.flush();
    drawn = true;
  }

  /** Removes the line before the report is printed. */
  void clear() {
    if (drawn) {
      err.print("\r\u001b[K");
      err.flush();
    }
  }
}
