package io.jtune.diagnostics.threads.live;

import io.jtune.common.JtuneException;
import io.jtune.runtime.process.ChildProcess;
import io.jtune.runtime.process.ProcessSpec;
import io.jtune.diagnostics.threads.ThreadDump;
import io.jtune.diagnostics.threads.parse.ThreadDumps;
import io.jtune.diagnostics.threads.ThreadInfo;
import io.jtune.diagnostics.threads.analysis.CpuUse;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Takes thread dumps of a running JVM with {@code jcmd PID Thread.print -l}, {@code count} times
 * {@code interval} apart, and reads each thread's CPU from /proc/PID/task before the first and
 * after the last: {@code top -H} and {@code jstack} together, matched by the dump's {@code nid}.
 *
 * @param dumps the dumps, in order
 * @param procCpu CPU per thread over the whole capture from /proc, most first (empty off Linux)
 */
public record LiveDumps(List<ThreadDump> dumps, List<CpuUse> procCpu) {
  private static final Duration JCMD_TIMEOUT = Duration.ofSeconds(60);

  public static LiveDumps capture(long pid, int count, Duration interval, Path proc) throws InterruptedException {
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    if (!Files.isExecutable(jcmd)) {
      throw new JtuneException("no jcmd in " + jcmd.getParent() + ": run jtune on a JDK, not a JRE, to take thread dumps");
    }
    if (ProcessHandle.of(pid).isEmpty()) {
      throw new JtuneException("no process " + pid);
    }
    long t0 = System.nanoTime();
    Map<Long, Double> before = TaskCpu.read(proc, pid);
    List<ThreadDump> dumps = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      if (i > 0) {
        Thread.sleep(interval.toMillis());
      }
      dumps.addAll(ThreadDumps.extract(threadPrint(jcmd, pid)));
    }
    if (dumps.isEmpty()) {
      throw new JtuneException("jcmd " + pid + " Thread.print gave no thread dump");
    }
    Map<Long, Double> after = TaskCpu.read(proc, pid);
    double seconds = (System.nanoTime() - t0) / 1e9;
    List<CpuUse> cpu = new ArrayList<>();
    for (ThreadInfo t : dumps.get(dumps.size() - 1).threads()) {
      Double a = after.get(t.nid());
      Double b = before.get(t.nid());
      if (a != null && b != null && a > b) {
        cpu.add(new CpuUse(t.name(), a - b, seconds, "/proc"));
      }
    }
    cpu.sort(Comparator.comparingDouble(u -> -u.cpuMs()));
    return new LiveDumps(dumps, cpu);
  }

  /** The message of the exception jcmd printed ("...AttachNotSupportedException: Unable to open socket file ..."). */
  private static String why(List<String> output, int exitCode) {
    for (String line : output) {
      int e = line.indexOf("Exception: ");
      if (e >= 0 && !line.startsWith("\t")) {
        return line.substring(e + 11).strip();
      }
    }
    return output.stream().filter(l -> !l.isBlank() && !l.startsWith("\t")).reduce((a, b) -> b)
        .orElse("exit code " + exitCode);
  }

  private static List<String> threadPrint(Path jcmd, long pid) {
    Path out;
    Path err;
    try {
      out = Files.createTempFile("jtune-threads", ".txt");
      err = Files.createTempFile("jtune-threads", ".err");
    } catch (IOException e) {
      throw new JtuneException("cannot create a temporary file: " + e.getMessage());
    }
    try {
      ChildProcess.Finished done = ChildProcess.run(ProcessSpec.of("jcmd",
          List.of(jcmd.toString(), Long.toString(pid), "Thread.print", "-l")).outputTo(out, err).withTimeout(JCMD_TIMEOUT));
      List<String> lines = Files.readAllLines(out);
      if (done.exitCode() != 0) {
        List<String> all = new ArrayList<>(Files.readAllLines(err));
        all.addAll(lines);
        throw new JtuneException("jcmd could not take a thread dump of process " + pid + ": " + why(all, done.exitCode()));
      }
      return lines;
    } catch (IOException e) {
      throw new JtuneException("cannot read jcmd's output: " + e.getMessage());
    } finally {
      try {
        Files.deleteIfExists(out);
        Files.deleteIfExists(err);
      } catch (IOException ignored) {
        // a temporary file left behind
      }
    }
  }
}
