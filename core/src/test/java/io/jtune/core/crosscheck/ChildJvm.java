package io.jtune.core.crosscheck;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * One child JVM run to completion or killed: stdout and stderr go to files in the run directory
 * (so nothing can block on a full pipe), the wait is bounded, and the process tree is destroyed
 * in every case. Every process still running is also tracked so a test class can kill leftovers
 * in its teardown.
 */
final class ChildJvm {
  private static final Set<Process> LIVE = ConcurrentHashMap.newKeySet();

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
    ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile())
        .redirectOutput(out.toFile()).redirectError(err.toFile());
    long start = System.nanoTime();
    Process p = pb.start();
    LIVE.add(p);
    try {
      if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        destroyTree(p);
        throw new IllegalStateException("child JVM did not end in " + timeout.toSeconds() + " s: "
            + String.join(" ", command) + "\n" + new Exit(-1, out, err, timeout).tails());
      }
      return new Exit(p.exitValue(), out, err, Duration.ofNanos(System.nanoTime() - start));
    } finally {
      destroyTree(p);
      LIVE.remove(p);
    }
  }

  /** Kills every child JVM still running (for teardown after an interrupted test). */
  static void destroyAll() {
    for (Process p : LIVE) {
      destroyTree(p);
    }
  }

  private static void destroyTree(Process p) {
    p.descendants().forEach(ProcessHandle::destroyForcibly);
    if (p.isAlive()) {
      p.destroyForcibly();
      try {
        p.waitFor(5, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
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
