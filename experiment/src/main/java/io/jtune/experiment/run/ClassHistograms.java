package io.jtune.experiment.run;

import io.jtune.common.JtuneException;
import io.jtune.runtime.process.Jcmd;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The two class histograms of one run ({@link ClassGrowth}): {@code jcmd PID GC.class_histogram}
 * at the end of the warm-up and at the end of the measured window, each kept as text in the run's
 * directory. The command forces a Full GC (it counts live objects only): here that is the point,
 * it measures the live set, and both are taken outside the measured window, the first before it
 * starts ({@link RunSampler} holds the window until it returns), the second after it ended and
 * before the target is stopped. A failure (jcmd cannot attach, a JVM that is not HotSpot, a
 * timeout) never fails the run: it is recorded as the reason there is no histogram.
 */
final class ClassHistograms {
  /** A histogram of a large heap walks every live object: bounded, never the run's end. */
  static final Duration TIMEOUT = Duration.ofSeconds(30);

  private final long pid;
  private final Path rd;
  private ClassHistogram start;
  private long startNanos;
  private String failure;

  ClassHistograms(long pid, Path rd) {
    this.pid = pid;
    this.rd = rd;
  }

  /** The first histogram, at the end of the warm-up. */
  void atWarmupEnd() {
    try {
      startNanos = System.nanoTime();
      start = take(ClassGrowth.START_FILE);
    } catch (JtuneException | IllegalArgumentException e) {
      failure = e.getMessage();
    }
  }

  /** The warm-up ended before the first could be taken outside the window: {@code why}. */
  void missed(String why) {
    if (start == null && failure == null) {
      failure = why;
    }
  }

  /** The second, at the end of the window, and what grew between them (or why nothing is known). */
  ClassGrowth atWindowEnd(boolean alive) {
    if (start == null) {
      return ClassGrowth.none(failure != null ? failure : "none was taken at the end of the warm-up");
    }
    if (!alive) {
      return ClassGrowth.none("the target JVM exited before the end of the window");
    }
    try {
      long endNanos = System.nanoTime();
      ClassHistogram end = take(ClassGrowth.END_FILE);
      return ClassGrowth.of(start, end, (endNanos - startNanos) / 1e9);
    } catch (JtuneException | IllegalArgumentException e) {
      return ClassGrowth.none(e.getMessage());
    }
  }

  private ClassHistogram take(String file) {
    List<String> lines = Jcmd.runWhole(pid, "GC.class_histogram", TIMEOUT);
    try {
      Files.write(rd.resolve(file), lines, StandardCharsets.UTF_8);
    } catch (IOException e) {
      // the raw text is evidence; the parsed growth is the result
    }
    return ClassHistogram.parse(lines);
  }
}
