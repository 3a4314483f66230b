package io.jtune.gc.event;

/** User, system and real (wall) seconds of a pause as logged by `[Times: ...]` or `gc,cpu`. */
public record CpuTimes(double userS, double sysS, double realS) {
  /** Values of 0.00 to 0.31 s in hundredths, the common case: one shared record per triple. */
  private static final int SMALL = 32;
  private static final CpuTimes[] SHARED = new CpuTimes[SMALL * SMALL * SMALL];

  /**
   * The times {@code user}, {@code sys}, {@code real}. On an event-dense log most pauses print
   * the same few small triples ("user=0.01 sys=0.00, real=0.01"): those share one immutable
   * record, so a pause costs no allocation for them.
   */
  public static CpuTimes of(double user, double sys, double real) {
    int u = hundredths(user);
    int s = hundredths(sys);
    int r = hundredths(real);
    if (u < 0 || s < 0 || r < 0) {
      return new CpuTimes(user, sys, real);
    }
    int i = (u * SMALL + s) * SMALL + r;
    CpuTimes t = SHARED[i];
    if (t == null) {
      // a race makes two equal records, one of which stays: harmless (final fields, equal values)
      t = new CpuTimes(user, sys, real);
      SHARED[i] = t;
    }
    return t;
  }

  /** {@code v} in hundredths when it is exactly one of 0.00 .. 0.31 (as the log's parser reads it), else -1. */
  private static int hundredths(double v) {
    if (!(v >= 0 && v < SMALL / 100.0)) {
      return -1;
    }
    int k = (int) Math.round(v * 100);
    return k < SMALL && Double.doubleToRawLongBits(k / 100.0) == Double.doubleToRawLongBits(v) ? k : -1;
  }
}
