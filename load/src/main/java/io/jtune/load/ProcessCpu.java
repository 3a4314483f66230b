package io.jtune.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** CPU time a Linux process has used so far, read from {@code /proc/PID/stat} (user + system). */
public final class ProcessCpu {
  /** Clock ticks per second of /proc's utime and stime: USER_HZ, 100 on Linux. */
  private static final long TICKS_PER_SECOND = 100;

  private final long pid;
  private final Path stat;

  public ProcessCpu(long pid) {
    this.pid = pid;
    this.stat = Path.of("/proc", Long.toString(pid), "stat");
    if (!Files.isReadable(stat)) {
      throw new LoadException("no process " + pid + " to read CPU time from (" + stat + " is not readable)");
    }
  }

  /** CPU nanoseconds used by the process and all its threads so far. */
  public long cpuNanos() {
    String line;
    try {
      line = Files.readString(stat);
    } catch (IOException e) {
      throw new LoadException("process " + pid + " is gone (" + e.getMessage() + ")", e);
    }
    return parseCpuNanos(line);
  }

  /** utime + stime of a {@code /proc/PID/stat} line, in nanoseconds. */
  static long parseCpuNanos(String statLine) {
    // the command name (field 2) is in parentheses and may contain spaces: count after ')'
    int close = statLine.lastIndexOf(')');
    String[] fields = statLine.substring(close + 2).trim().split(" ");
    // fields[0] is field 3 (state); utime and stime are fields 14 and 15
    long utime = Long.parseLong(fields[11]);
    long stime = Long.parseLong(fields[12]);
    return (utime + stime) * (1_000_000_000L / TICKS_PER_SECOND);
  }
}
