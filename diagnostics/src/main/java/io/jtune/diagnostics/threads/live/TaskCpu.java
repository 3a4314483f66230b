package io.jtune.diagnostics.threads.live;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * CPU per thread of a Linux process, as {@code top -H} shows it: utime + stime of
 * /proc/PID/task/TID/stat, in clock ticks of 1/100 s (USER_HZ, 100 on Linux's ABIs).
 */
public final class TaskCpu {
  private static final double MS_PER_TICK = 10;

  private TaskCpu() {}

  /** CPU milliseconds used so far by each thread (by TID) of the process under {@code proc}; empty when unreadable. */
  public static Map<Long, Double> read(Path proc, long pid) {
    Map<Long, Double> cpu = new HashMap<>();
    try (Stream<Path> tasks = Files.list(proc.resolve(Long.toString(pid)).resolve("task"))) {
      for (Path task : (Iterable<Path>) tasks::iterator) {
        Double ms = cpuMs(task.resolve("stat"));
        if (ms != null) {
          cpu.put(Long.parseLong(task.getFileName().toString()), ms);
        }
      }
    } catch (IOException | NumberFormatException e) {
      return Map.of();
    }
    return cpu;
  }

  /** Fields 14 and 15 (utime, stime) of a stat line; the command name in parentheses may hold spaces. */
  static Double cpuMs(Path stat) {
    try {
      String line = Files.readString(stat);
      String[] f = line.substring(line.lastIndexOf(')') + 2).split(" ");
      return (Long.parseLong(f[11]) + Long.parseLong(f[12])) * MS_PER_TICK;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
