package io.jtune.gc.crosscheck;

import java.lang.management.ManagementFactory;

/**
 * Child-JVM workload that allocates at a steady pace and says how much it allocated: one thread
 * fills short-lived byte arrays (a few survive in a small ring) for a given time, then prints
 * "allocated BYTES in MS" as the JVM itself counts it ({@code ThreadMXBean.getThreadAllocatedBytes}),
 * the reference an allocation rate read from the GC log is checked against.
 *
 * <p>Arguments: milliseconds to run (default 3000), array size in bytes (default 4096), and the
 * pace in MB/s (default 200: each 10 ms it allocates its share, then sleeps to the next tick), and
 * the megabytes kept alive in a ring (default 4: every 64th array stays until the ring comes round).
 */
public final class AllocationWorkload {
  private AllocationWorkload() {}

  public static void main(String[] args) {
    long ms = args.length > 0 ? Long.parseLong(args[0]) : 3000;
    int size = args.length > 1 ? Integer.parseInt(args[1]) : 4096;
    long perTick = (args.length > 2 ? Long.parseLong(args[2]) : 200) * (1 << 20) / 100;
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long id = Thread.currentThread().getId();
    int retainedMb = args.length > 3 ? Integer.parseInt(args[3]) : 4;
    byte[][] ring = new byte[Integer.highestOneBit(Math.max(1, (int) ((long) retainedMb * (1 << 20) / size)))][];
    long start = System.nanoTime();
    long before = threads.getThreadAllocatedBytes(id);
    long deadline = start + ms * 1_000_000L;
    long checksum = 0;
    int i = 0;
    long tick = start;
    while (System.nanoTime() < deadline) {
      for (long done = 0; done < perTick; done += size) {
        byte[] b = new byte[size];
        b[(int) (done % size)] = (byte) done;
        checksum += b[(int) ((done * 31) % size)];
        if ((i & 63) == 0) {
          ring[(i >>> 6) & (ring.length - 1)] = b;
        }
        i++;
      }
      tick += 10_000_000L;
      long sleep = tick - System.nanoTime();
      if (sleep > 0) {
        try {
          Thread.sleep(sleep / 1_000_000L, (int) (sleep % 1_000_000L));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          break;
        }
      }
    }
    long allocated = threads.getThreadAllocatedBytes(id) - before;
    long elapsedMs = (System.nanoTime() - start) / 1_000_000L;
    System.out.println("allocated " + allocated + " in " + elapsedMs + " checksum " + (checksum + ring.length));
  }
}
