package io.jtune.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import org.junit.jupiter.api.Test;

/** The host's busy CPU time from this machine's /proc/stat. */
class HostCpuTest {
  @Test
  void busyTimeGrowsAtLeastByTheCpuThisThreadBurns() {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long host0 = HostCpu.busyNanos();
    long own0 = threads.getCurrentThreadCpuTime();
    long spinUntil = System.nanoTime() + 400_000_000L;
    long x = 0;
    while (System.nanoTime() < spinUntil) {
      x += Long.numberOfTrailingZeros(x + System.nanoTime());
    }
    long own = threads.getCurrentThreadCpuTime() - own0;
    long host = HostCpu.busyNanos() - host0;
    assertThat(host0).isPositive();
    assertThat(x).isNotNegative();
    // /proc/stat counts in 10 ms ticks: allow two of them
    assertThat(host).isGreaterThanOrEqualTo(own - 20_000_000L);
  }

  @Test
  void idleAndIowaitAreNotBusy() {
    // user nice system idle iowait irq softirq steal guest guest_nice, in 10 ms ticks
    assertThat(HostCpu.parseBusyNanos("cpu  100 5 50 9000 300 1 2 3 0 0")).isEqualTo((100 + 5 + 50 + 1 + 2 + 3) * 10_000_000L);
    assertThat(HostCpu.parseBusyNanos("cpu0 1 1 1 1 1 1 1 1")).isEqualTo(-1);
  }
}
