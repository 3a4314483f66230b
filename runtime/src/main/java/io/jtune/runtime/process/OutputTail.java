package io.jtune.runtime.process;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The last lines of one output stream of a child process, bounded so that a chatty child
 * cannot fill jtune's heap; callers can wait for a line matching a pattern.
 */
public final class OutputTail {
  private final int maxLines;
  private final ArrayDeque<String> lines = new ArrayDeque<>();
  private long totalLines;
  private boolean closed;

  public OutputTail(int maxLines) {
    if (maxLines < 1) {
      throw new IllegalArgumentException("maxLines must be positive");
    }
    this.maxLines = maxLines;
  }

  /** Adds a line, dropping the oldest one past the bound. */
  public synchronized void append(String line) {
    if (lines.size() == maxLines) {
      lines.removeFirst();
    }
    lines.addLast(line);
    totalLines++;
    notifyAll();
  }

  /** Marks the end of the stream: waiters stop waiting. */
  public synchronized void close() {
    closed = true;
    notifyAll();
  }

  /** Whether the stream has ended. */
  public synchronized boolean isClosed() {
    return closed;
  }

  public synchronized List<String> lines() {
    return List.copyOf(lines);
  }

  /** Lines seen since the start, including those dropped from the tail. */
  public synchronized long totalLines() {
    return totalLines;
  }

  /** The tail as text, one line per line. */
  public synchronized String text() {
    return lines.isEmpty() ? "" : String.join("\n", lines) + "\n";
  }

  /** The last line, if any. */
  public synchronized Optional<String> lastLine() {
    return Optional.ofNullable(lines.peekLast());
  }

  /**
   * Waits for a line in the tail that matches {@code pattern} and returns the matcher of the
   * first such line; empty if the stream ends or the timeout passes first.
   */
  public synchronized Optional<Matcher> await(Pattern pattern, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      for (String line : lines) {
        Matcher m = pattern.matcher(line);
        if (m.find()) {
          return Optional.of(m);
        }
      }
      long left = deadline - System.nanoTime();
      if (closed || left <= 0) {
        return Optional.empty();
      }
      wait(Math.max(1, left / 1_000_000));
    }
  }
}
