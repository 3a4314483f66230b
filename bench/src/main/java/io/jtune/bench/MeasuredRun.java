package io.jtune.bench;

import io.jtune.runtime.process.ChildProcess;
import io.jtune.runtime.process.ProcessSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs one tool as a child process and measures it: wall time, CPU time, peak resident set
 * size and exit code. The child is pinned to one core with {@code taskset} and wrapped in GNU
 * {@code time}, whose maximum RSS comes from the kernel's accounting (getrusage) and misses no
 * short peak; without GNU time, {@code VmHWM} is sampled from {@code /proc} instead.
 *
 * <p>The command is built in a fixed order: {@code taskset -c CPU}, {@code time -f FORMAT -o FILE},
 * then the tool's own command. Standard output and error go to files (the tools' results are
 * read from files, never scraped from a pipe), so nothing can block on a full pipe. The child is
 * a {@link ChildProcess}: past its timeout, or still running when the bench exits, it is killed
 * with its whole process tree.
 */
final class MeasuredRun {

  /** What one run measured. {@code peakRssKb} is -1 when it could not be measured. */
  record Measurement(int exitCode, boolean timedOut, double wallSeconds, double cpuSeconds,
      long peakRssKb, String rssSource, Path stdout, Path stderr, double loadBefore) {

    boolean ok() {
      return exitCode == 0 && !timedOut;
    }
  }

  private static final Path GNU_TIME = Path.of("/usr/bin/time");
  private static final Path TASKSET = Path.of("/usr/bin/taskset");
  private MeasuredRun() {}

  static boolean pinningAvailable() {
    return Files.isExecutable(TASKSET);
  }

  static boolean gnuTimeAvailable() {
    return Files.isExecutable(GNU_TIME);
  }

  /** The prefix that pins a command to {@code cpus} (taskset's list: "0", "0,1", "0-3"), or nothing when taskset is missing. */
  static List<String> pinned(String cpus) {
    return pinningAvailable() ? List.of(TASKSET.toString(), "-c", cpus) : List.of();
  }

  /**
   * Reads {@code file} through once and returns the seconds it took, so the run after it finds
   * the log in the page cache: a machine with little file cache (this one keeps about 1 GB)
   * would otherwise make a tool's time depend on which log the previous run read.
   */
  static double readThrough(Path file) throws IOException {
    long t0 = System.nanoTime();
    byte[] buf = new byte[1 << 20];
    try (var in = Files.newInputStream(file)) {
      while (in.read(buf) >= 0) {
        // the bytes themselves are not needed
      }
    }
    return (System.nanoTime() - t0) / 1e9;
  }

  /**
   * Runs {@code command} pinned to {@code cpu}, with output to {@code base}.out/.err, and waits
   * at most {@code timeoutSeconds}.
   */
  static Measurement run(List<String> command, String cpu, Path base, long timeoutSeconds) throws IOException {
    Path out = sibling(base, ".out");
    Path err = sibling(base, ".err");
    Path timeFile = sibling(base, ".time");
    Files.deleteIfExists(timeFile);
    boolean gnuTime = gnuTimeAvailable();
    List<String> cmd = new ArrayList<>(pinned(cpu));
    if (gnuTime) {
      // elapsed, user, system, max RSS (KB); the child's exit code is taken from waitFor
      cmd.addAll(List.of(GNU_TIME.toString(), "-f", "%e %U %S %M", "-o", timeFile.toString()));
    }
    cmd.addAll(command);
    double load = loadAverage();
    ProcessSpec spec = ProcessSpec.of(command.get(0), cmd).outputTo(out, err).withTimeout(Duration.ofSeconds(timeoutSeconds));
    long start = System.nanoTime();
    ChildProcess p = ChildProcess.start(spec);
    long sampledHwmKb = -1;
    try {
      while (p.awaitExit(Duration.ofMillis(gnuTime ? 200 : 20)).isEmpty()) {
        if (!gnuTime) {
          sampledHwmKb = Math.max(sampledHwmKb, treeHighWaterMarkKb(p.handle()));
        }
      }
    } catch (InterruptedException e) {
      p.kill();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while running " + command.get(0), e);
    }
    boolean timedOut = p.timedOut();
    double wall = (System.nanoTime() - start) / 1e9;
    int exit = timedOut ? -1 : p.exitCode().orElse(-1);
    double cpuSeconds = Double.NaN;
    long rssKb = sampledHwmKb;
    String rssSource = "VmHWM sampled every 20 ms";
    if (gnuTime && Files.exists(timeFile)) {
      List<String> lines = Files.readAllLines(timeFile, StandardCharsets.UTF_8);
      String[] f = lines.isEmpty() ? new String[0] : lines.get(lines.size() - 1).trim().split("\\s+");
      if (f.length == 4) {
        cpuSeconds = Double.parseDouble(f[1]) + Double.parseDouble(f[2]);
        rssKb = Long.parseLong(f[3]);
        rssSource = "max RSS from getrusage (GNU time)";
      }
    }
    return new Measurement(exit, timedOut, wall, cpuSeconds, rssKb, rssSource, out, err, load);
  }

  /** The largest VmHWM among the process and its descendants (the JVM under taskset/time). */
  private static long treeHighWaterMarkKb(ProcessHandle root) {
    long max = vmHwmKb(root.pid());
    for (ProcessHandle h : (Iterable<ProcessHandle>) root.descendants()::iterator) {
      max = Math.max(max, vmHwmKb(h.pid()));
    }
    return max;
  }

  private static long vmHwmKb(long pid) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
        if (line.startsWith("VmHWM:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", ""));
        }
      }
    } catch (IOException | RuntimeException e) {
      // the process ended between listing and reading
    }
    return -1;
  }

  /** One-minute load average, to tell a quiet machine from a busy one in the results. */
  static double loadAverage() {
    try {
      String s = Files.readString(Path.of("/proc/loadavg"));
      return Double.parseDouble(s.substring(0, s.indexOf(' ')));
    } catch (IOException | RuntimeException e) {
      return Double.NaN;
    }
  }

  /** The last {@code n} lines of a file, for messages about a failed run. */
  static String tail(Path file, int n) {
    try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(file.toFile(), "r")) {
      long from = Math.max(0, f.length() - 16 * 1024);
      byte[] b = new byte[(int) (f.length() - from)];
      f.seek(from);
      f.readFully(b);
      String[] lines = new String(b, StandardCharsets.ISO_8859_1).split("\n");
      return String.join("\n", java.util.Arrays.asList(lines).subList(Math.max(0, lines.length - n), lines.length));
    } catch (IOException e) {
      return "(cannot read " + file + ": " + e.getMessage() + ")";
    }
  }

  static Path sibling(Path base, String suffix) {
    return base.resolveSibling(base.getFileName() + suffix);
  }
}
