package io.jtune.gc.crosscheck;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Child-JVM workload for the GC cross-check: allocation churn in which most objects die young,
 * a ring of medium-lived chunks that survive several young collections and then die in the old
 * generation (so old, mixed and concurrent collections happen in a small heap), and one
 * {@code System.gc()} half way so a full collection appears.
 *
 * <p>Arguments: rounds of work (default 8000, about 2 s on an idle 2-core machine), retained
 * megabytes (default 48), and a time cap in ms (default 20000) so a starved machine still ends.
 * The run is bounded by work rather than time so that a busy machine yields as many collections
 * as an idle one, only later. Prints "done", a checksum and the rounds run, so the parent can
 * tell a normal exit from a crash.
 */
public final class ChurnWorkload {
  private static final int CHUNK_BYTES = 64 * 1024;

  private ChurnWorkload() {}

  public static void main(String[] args) {
    long rounds = args.length > 0 ? Long.parseLong(args[0]) : 8000;
    int retainedMb = args.length > 1 ? Integer.parseInt(args[1]) : 48;
    long maxMs = args.length > 2 ? Long.parseLong(args[2]) : 20_000;
    int slots = retainedMb * 1024 * 1024 / CHUNK_BYTES;
    Object[] ring = new Object[slots];
    SplittableRandom random = new SplittableRandom(42);
    long checksum = 0;
    long deadline = System.nanoTime() + maxMs * 1_000_000L;
    long round = 0;
    for (; round < rounds && System.nanoTime() < deadline; round++) {
      if (round == rounds / 2) {
        System.gc();
      }
      for (int i = 0; i < 64; i++) {
        // short-lived: a small list of small arrays that dies at once
        List<byte[]> garbage = new ArrayList<>(8);
        for (int j = 0; j < 8; j++) {
          garbage.add(new byte[64 + random.nextInt(512)]);
        }
        checksum += garbage.get(random.nextInt(8)).length;
      }
      // medium-lived: replace one random chunk of the ring, built of small objects
      ring[random.nextInt(slots)] = chunk(random);
    }
    for (Object o : ring) {
      checksum += o == null ? 0 : 1;
    }
    System.out.println("done " + checksum + " rounds " + round);
  }

  private static Object[] chunk(SplittableRandom random) {
    Object[] parts = new Object[CHUNK_BYTES / 1024];
    for (int i = 0; i < parts.length; i++) {
      parts[i] = new byte[896 + random.nextInt(128)];
    }
    return parts;
  }
}
