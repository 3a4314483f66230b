package io.jtune.experiment.run;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Collects a child's stdout lines between {@link #start()} and {@link #stop()}, bounded, so a
 * thread dump the child prints on SIGQUIT can be read whole (the output tail keeps only the
 * last lines).
 */
public final class OutputCapture implements Consumer<String> {
  private static final int MAX_LINES = 200_000;
  private final List<String> lines = new ArrayList<>();
  private boolean on;

  @Override
  public synchronized void accept(String line) {
    if (on && lines.size() < MAX_LINES) {
      lines.add(line);
    }
    notifyAll();
  }

  public synchronized void start() {
    lines.clear();
    on = true;
  }

  /** Stops capturing and returns what was captured. */
  public synchronized List<String> stop() {
    on = false;
    return List.copyOf(lines);
  }

  /** Waits until a captured line contains {@code text} or the time passes; true if seen. */
  public synchronized boolean awaitLine(String text, long timeoutMillis) throws InterruptedException {
    long deadline = System.currentTimeMillis() + timeoutMillis;
    while (true) {
      for (int i = lines.size() - 1; i >= 0; i--) {
        if (lines.get(i).contains(text)) {
          return true;
        }
      }
      long left = deadline - System.currentTimeMillis();
      if (left <= 0) {
        return false;
      }
      wait(left);
    }
  }
}
