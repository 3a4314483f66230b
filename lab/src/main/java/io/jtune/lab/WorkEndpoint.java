package io.jtune.lab;

import java.lang.ref.Reference;
import java.util.Locale;
import java.util.concurrent.atomic.LongAdder;

/**
 * {@code /work?cpu=&io=&alloc=&hold=}: the classic load-test pages (CPU
 * loop, IO wait, allocate and hold) in one. In order: allocates
 * {@code alloc} bytes, burns {@code cpu} ms of one core, waits {@code io} ms on a real HTTP
 * call to {@code /downstream}, sleeps {@code hold} ms; the allocation stays reachable until
 * the end, so it lives for the whole request.
 */
final class WorkEndpoint {
  /** Allocations larger than this are made of arrays of this size. */
  static final long MAX_CHUNK = 16L << 20;

  private final CpuBurner cpu;
  private final DownstreamClient downstream;
  private final AllocationBudget budget;
  private final long maxAlloc;
  private final LongAdder cpuNanos = new LongAdder();
  private final LongAdder ioNanos = new LongAdder();
  private final LongAdder holdNanos = new LongAdder();

  WorkEndpoint(CpuBurner cpu, DownstreamClient downstream, AllocationBudget budget) {
    this.cpu = cpu;
    this.downstream = downstream;
    this.budget = budget;
    // One request may allocate at most an eighth of the heap (and 256 MiB): it must not eat the heap alone.
    this.maxAlloc = Math.max(1L << 20, Math.min(256L << 20, Runtime.getRuntime().maxMemory() / 8));
  }

  String handle(RequestParams params) throws Exception {
    long cpuMs = params.number("cpu", 0, 0, 10_000);
    long ioMs = params.number("io", 0, 0, 10_000);
    long allocBytes = params.number("alloc", 0, 0, maxAlloc);
    long holdMs = params.number("hold", 0, 0, 60_000);
    if (allocBytes == 0) {
      return respond(cpuMs, ioMs, holdMs, 0);
    }
    budget.reserve(allocBytes);
    try {
      byte[][] held = allocate(allocBytes);
      String body = respond(cpuMs, ioMs, holdMs, allocBytes);
      Reference.reachabilityFence(held);
      return body;
    } finally {
      budget.release(allocBytes);
    }
  }

  private String respond(long cpuMs, long ioMs, long holdMs, long allocBytes) throws Exception {
    long t0 = System.nanoTime();
    long result = cpu.burn(cpuMs);
    long t1 = System.nanoTime();
    if (ioMs > 0) {
      downstream.call(ioMs);
    }
    long t2 = System.nanoTime();
    if (holdMs > 0) {
      Thread.sleep(holdMs);
    }
    if (cpuMs > 0) {
      cpuNanos.add(t1 - t0);
    }
    if (ioMs > 0) {
      ioNanos.add(t2 - t1);
    }
    if (holdMs > 0) {
      holdNanos.add(System.nanoTime() - t2);
    }
    if (cpuMs == 0 && ioMs == 0 && holdMs == 0 && allocBytes == 0) {
      return "ok\n";
    }
    return "ok cpu=" + cpuMs + " io=" + ioMs + " alloc=" + allocBytes + " hold=" + holdMs
        + " result=" + (result & 0xff) + "\n";
  }

  /**
   * Where {@code /work}'s time went, summed over requests, as JSON: wall milliseconds in the
   * CPU phase (burning or waiting for a core), the IO phase and the hold phase.
   */
  String phasesJson() {
    return String.format(Locale.US, "{\"cpuMs\":%d,\"ioMs\":%d,\"holdMs\":%d}",
        cpuNanos.sum() / 1_000_000, ioNanos.sum() / 1_000_000, holdNanos.sum() / 1_000_000);
  }

  /** Allocates the bytes as one array, or as 16 MiB chunks past that; touches every page. */
  private static byte[][] allocate(long bytes) {
    int chunks = (int) ((bytes + MAX_CHUNK - 1) / MAX_CHUNK);
    byte[][] held = new byte[chunks][];
    long left = bytes;
    for (int i = 0; i < chunks; i++) {
      int size = (int) Math.min(left, MAX_CHUNK);
      byte[] chunk = new byte[size];
      for (int p = 0; p < size; p += 4096) {
        chunk[p] = (byte) p;
      }
      held[i] = chunk;
      left -= size;
    }
    return held;
  }
}
