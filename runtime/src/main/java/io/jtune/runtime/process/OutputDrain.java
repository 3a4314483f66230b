package io.jtune.runtime.process;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * Reads one output stream of a child on its own daemon thread, line by line, into an
 * {@link OutputTail} and an optional listener, so the child never blocks on a full pipe.
 */
final class OutputDrain {
  private final Thread thread;

  private OutputDrain(Thread thread) {
    this.thread = thread;
  }

  /** Starts draining {@code in}; {@code listener} may be null. */
  static OutputDrain start(InputStream in, OutputTail tail, Consumer<String> listener, String threadName) {
    Thread t = new Thread(() -> {
      try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
        for (String line = reader.readLine(); line != null; line = reader.readLine()) {
          tail.append(line);
          if (listener != null) {
            listener.accept(line);
          }
        }
      } catch (IOException e) {
        tail.append("[jtune: output closed: " + e.getMessage() + "]");
      } finally {
        tail.close();
      }
    }, threadName);
    t.setDaemon(true);
    t.start();
    return new OutputDrain(t);
  }

  /** Waits up to {@code millis} for the stream to end (the child's last lines are in the tail then). */
  void join(long millis) {
    try {
      thread.join(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
