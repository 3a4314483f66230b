package io.jtune.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time the whole Linux host has spent busy so far, from the first line of {@code /proc/stat}:
 * user, nice, system, irq, softirq and steal (idle and iowait are not busy). Beside the service's
 * and jtune's own CPU ({@link ProcessCpu}) it tells how much other processes took while a run was
 * measured: a service queueing for CPU the host gave to others measures the host, not the service.
 */
public final class HostCpu {
  private static final long TICKS_PER_SECOND = 100;
  private static final Path STAT = Path.of("/proc/stat");

  private HostCpu() {}

  /** Busy CPU nanoseconds of all cores so far, or -1 when /proc/stat cannot be read. */
  public static long busyNanos() {
    try (var lines = Files.lines(STAT)) {
      return lines.findFirst().map(HostCpu::parseBusyNanos).orElse(-1L);
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /** The busy time of a {@code cpu  user nice system idle iowait irq softirq steal ...} line. */
  static long parseBusyNanos(String cpuLine) {
    String[] f = cpuLine.trim().split("\\s+");
    if (!f[0].equals("cpu") || f.length < 5) {
      return -1;
    }
    long busy = 0;
    for (int i = 1; i < f.length && i <= 8; i++) {
      if (i != 4 && i != 5) { // idle, iowait
        busy += Long.parseLong(f[i]);
      }
    }
    return busy * (1_000_000_000L / TICKS_PER_SECOND);
  }
}
