package io.jtune.gc.crosscheck;

import io.jtune.runtime.process.ChildProcess;
import io.jtune.runtime.process.ProcessSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * One child JVM run to completion or killed, as a {@link ChildProcess}: stdout and stderr go to
 * files in the run directory (so nothing can block on a full pipe), the watchdog kills the tree
 * at the timeout, and the tree is destroyed in every case. Every process still running is also
 * tracked so a test class can kill leftovers in its teardown.
 */
final class ChildJvm {
  private static final Set<ChildProcess> LIVE = ConcurrentHashMap.newKeySet();

  /** How a run ended: exit code, the output files and the wall time it took. */
  record Exit(int code, Path stdout, Path stderr, Duration took) {

    /** The last lines of both streams, for failure messages. */
    String tails() {
      return "--- stdout (tail) ---\n" + tail(stdout, 20) + "--- stderr (tail) ---\n" + tail(stderr, 40);
    }
  }

  private ChildJvm() {}

  /**
   * Runs {@code command} in {@code dir}; throws with the streams' tails when it does not end in
   * {@code timeout}.
   */
  static Exit run(List<String> command, Path dir, Duration timeout) throws IOException, InterruptedException {
    Path out = dir.resolve("stdout.txt");
    Path err = dir.resolve("stderr.txt");
    Files.writeString(dir.resolve("command.txt"), String.join(" ", command) + "\n");
    long start = System.nanoTime();
    ChildProcess p = ChildProcess.start(ProcessSpec.of("child JVM", command).in(dir).outputTo(out, err)
        .withTimeout(timeout));
    LIVE.add(p);
    try {
      OptionalInt code = p.awaitExit(timeout.plusSeconds(30));
      if (p.timedOut() || code.isEmpty()) {
        throw new IllegalStateException("child JVM did not end in " + timeout.toSeconds() + " s: "
            + String.join(" ", command) + "\n" + new Exit(-1, out, err, timeout).tails());
      }
      return new Exit(code.getAsInt(), out, err, Duration.ofNanos(System.nanoTime() - start));
    } finally {
      p.kill();
      LIVE.remove(p);
    }
  }

  /** Kills every child JVM still running (for teardown after an interrupted test). */
  static void destroyAll() {
    LIVE.forEach(ChildProcess::kill);
  }

  static String tail(Path file, int lines) {
    try {
      List<String> all = Files.readAllLines(file, StandardCharsets.ISO_8859_1);
      StringBuilder sb = new StringBuilder();
      for (String l : all.subList(Math.max(0, all.size() - lines), all.size())) {
        sb.append(l).append('\n');
      }
      return sb.toString();
    } catch (IOException e) {
      return "(cannot read " + file + ": " + e.getMessage() + ")\n";
    }
  }
}
