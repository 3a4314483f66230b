package io.jtune.experiment.suggest;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real child JVM for jstat to sample: it allocates until its young collector has run a few
 * times, prints its GC count and memory pools (from its own MXBeans), then idles so that jstat
 * sees exactly that state. Closing it kills it.
 */
final class JstatChild implements AutoCloseable {
  private static final String SOURCE = """
      import java.lang.management.*;
      import java.util.*;
      public class Alloc {
        static volatile Object sink;
        public static void main(String[] args) throws Exception {
          GarbageCollectorMXBean young = ManagementFactory.getGarbageCollectorMXBeans().get(0);
          for (GarbageCollectorMXBean b : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (b.getName().matches(".*(Scavenge|Copy|ParNew|Young|Minor).*")) {
              young = b;
            }
          }
          List<byte[]> keep = new ArrayList<>();
          long want = Long.parseLong(args[0]);
          while (young.getCollectionCount() < want) {
            sink = new byte[64 * 1024];
            keep.add(new byte[2048]);
            if (keep.size() > 3000) {
              keep.clear();
            }
          }
          StringBuilder sb = new StringBuilder("young=").append(young.getCollectionCount());
          for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            sb.append(' ').append(p.getName().replace(' ', '_')).append('=')
                .append(p.getUsage().getCommitted()).append('/').append(p.getUsage().getUsed());
          }
          System.out.println(sb);
          System.out.flush();
          Thread.sleep(300_000);
        }
      }
      """;

  private final Path javaHome;
  private final Process process;
  private final Path stdout;
  private final Path stderr;
  /** Pool name (spaces as '_') -> {committed, used} bytes, and "young" -> {count}. */
  final Map<String, long[]> state = new HashMap<>();

  private JstatChild(Path javaHome, Process process, Path stdout, Path stderr) {
    this.javaHome = javaHome;
    this.process = process;
    this.stdout = stdout;
    this.stderr = stderr;
  }

  /** Starts the child under {@code javaHome} with the given flags and waits for its report. */
  static JstatChild start(Path javaHome, Path dir, List<String> jvmFlags, int youngGcs) throws IOException, InterruptedException {
    Path src = dir.resolve("Alloc.java");
    Files.writeString(src, SOURCE);
    List<String> cmd = new ArrayList<>();
    cmd.add(javaHome.resolve("bin/java").toString());
    cmd.addAll(jvmFlags);
    cmd.add(src.toString());
    cmd.add(Integer.toString(youngGcs));
    Path out = dir.resolve("child.out");
    Path err = dir.resolve("child.err");
    Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    JstatChild c = new JstatChild(javaHome, p, out, err);
    try {
      c.awaitReport(Duration.ofSeconds(60));
    } catch (IOException | RuntimeException e) {
      c.close();
      throw e;
    }
    return c;
  }

  private void awaitReport(Duration timeout) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      String text = Files.readString(stdout, StandardCharsets.UTF_8);
      if (text.startsWith("young=") && text.endsWith("\n")) {
        for (String kv : text.trim().split(" ")) {
          String[] p = kv.split("=");
          String[] v = p[1].split("/");
          state.put(p[0], v.length == 2 ? new long[] {Long.parseLong(v[0]), Long.parseLong(v[1])}
              : new long[] {Long.parseLong(v[0])});
        }
        return;
      }
      if (!process.isAlive()) {
        throw new IllegalStateException("child JVM exited " + process.exitValue() + ": " + Files.readString(stderr));
      }
      Thread.sleep(50);
    }
    throw new IllegalStateException("child JVM did not report within " + timeout + "; stderr: " + Files.readString(stderr));
  }

  /** JDKs on this machine: the one running the tests, and the others under /usr/lib/jvm (each once). */
  static Stream<Path> installedJdks() throws IOException {
    Set<Path> homes = new TreeSet<>();
    homes.add(Path.of(System.getProperty("java.home")).toRealPath());
    Path jvm = Path.of("/usr/lib/jvm");
    if (Files.isDirectory(jvm)) {
      try (Stream<Path> s = Files.list(jvm)) {
        for (Path h : s.toList()) {
          if (Files.isExecutable(h.resolve("bin/java"))) {
            homes.add(h.toRealPath());
          }
        }
      }
    }
    return homes.stream();
  }

  /** The installed JDKs that have jstat. */
  static Stream<Path> jdksWithJstat() throws IOException {
    return installedJdks().filter(h -> Files.isExecutable(h.resolve("bin/jstat")));
  }

  long pid() {
    return process.pid();
  }

  /** Runs this JDK's jstat with the arguments (the child's pid appended where "PID" stands) and returns its output. */
  String jstat(String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(javaHome.resolve("bin/jstat").toString());
    for (String a : args) {
      cmd.add(a.equals("PID") ? Long.toString(pid()) : a);
    }
    Process j = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    j.getOutputStream().close();
    String text = new String(j.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!j.waitFor(60, TimeUnit.SECONDS) || j.exitValue() != 0) {
      j.destroyForcibly();
      throw new IllegalStateException("jstat " + String.join(" ", args) + " failed: " + text);
    }
    return text;
  }

  @Override
  public void close() {
    process.destroyForcibly();
    try {
      process.waitFor(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
