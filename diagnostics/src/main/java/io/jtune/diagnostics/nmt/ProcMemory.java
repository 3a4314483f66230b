package io.jtune.diagnostics.nmt;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A process's resident set as the kernel counts it ({@code /proc/PID/status}). */
public final class ProcMemory {
  private ProcMemory() {}

  /** VmRSS of {@code pid} in bytes, or -1 when /proc does not tell. */
  public static long rssBytes(long pid) {
    return field(pid, "VmRSS:");
  }

  /** VmHWM (the peak resident set) of {@code pid} in bytes, or -1. */
  public static long peakRssBytes(long pid) {
    return field(pid, "VmHWM:");
  }

  private static long field(long pid, String name) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
        if (line.startsWith(name)) {
          return Long.parseLong(line.substring(name.length()).trim().split("\\s+")[0]) << 10;
        }
      }
    } catch (IOException | RuntimeException e) {
      return -1;
    }
    return -1;
  }
}
