package io.jtune.gc.api;

import java.io.IOException;
import java.io.InputStream;
import java.util.Objects;

/**
 * A GC log the caller opens: a file on a distributed file system or an object store, bytes in
 * memory. {@link GcLogs.Analyzer#analyzeInputs} may open it more than once (to order several logs
 * by their first time stamp, then to read it); each open starts at the beginning. Plain or gzip
 * content.
 *
 * @param name the log's name in results and messages; rotated sets are recognised by it
 *     ({@code gc.log}, {@code gc.log.1}, ...)
 * @param opener opens the content
 */
public record GcLogInput(String name, Opener opener) {
  public GcLogInput {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(opener, "opener");
  }

  /** Opens a log's content from its start; the caller of {@code open} closes the stream. */
  @FunctionalInterface
  public interface Opener {
    InputStream open() throws IOException;
  }
}
