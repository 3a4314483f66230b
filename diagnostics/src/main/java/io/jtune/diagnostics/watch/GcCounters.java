package io.jtune.diagnostics.watch;

import java.util.Locale;
import java.util.Map;

/**
 * The counters {@code jstat -gc -t} shows, from one read of a JVM's performance counters: the
 * capacity and use of survivors, eden, old, metaspace and compressed class space (bytes), and
 * the cumulative young, full and concurrent collection counts and times. A column the
 * collector does not have (concurrent cycles on Serial and Parallel) is NaN / -1.
 */
public record GcCounters(double timestampS, long s0c, long s1c, long s0u, long s1u, long ec, long eu, long oc,
    long ou, long mc, long mu, long ccsc, long ccsu, long ygc, double ygctS, long fgc, double fgctS, long cgc,
    double cgctS) {

  /** The header of {@code jstat -gc -t} (JDK 9 and later), whose columns {@link #jstatLine} fills. */
  public static final String JSTAT_HEADER = String.format(Locale.ROOT,
      "%-10s %10s %10s %10s %10s %11s %11s %11s %11s %10s %10s %9s %9s %7s %9s %7s %9s %7s %9s %9s",
      "Timestamp", "S0C", "S1C", "S0U", "S1U", "EC", "EU", "OC", "OU", "MC", "MU", "CCSC", "CCSU",
      "YGC", "YGCT", "FGC", "FGCT", "CGC", "CGCT", "GCT");

  public static GcCounters of(Map<String, Object> c) {
    double hz = number(c, "sun.os.hrt.frequency");
    double ticks = number(c, "sun.os.hrt.ticks");
    return new GcCounters(hz > 0 ? ticks / hz : Double.NaN,
        bytes(c, "sun.gc.generation.0.space.1.capacity"), bytes(c, "sun.gc.generation.0.space.2.capacity"),
        bytes(c, "sun.gc.generation.0.space.1.used"), bytes(c, "sun.gc.generation.0.space.2.used"),
        bytes(c, "sun.gc.generation.0.space.0.capacity"), bytes(c, "sun.gc.generation.0.space.0.used"),
        bytes(c, "sun.gc.generation.1.space.0.capacity"), bytes(c, "sun.gc.generation.1.space.0.used"),
        bytes(c, "sun.gc.metaspace.capacity"), bytes(c, "sun.gc.metaspace.used"),
        bytes(c, "sun.gc.compressedclassspace.capacity"), bytes(c, "sun.gc.compressedclassspace.used"),
        bytes(c, "sun.gc.collector.0.invocations"), seconds(c, "sun.gc.collector.0.time", hz),
        bytes(c, "sun.gc.collector.1.invocations"), seconds(c, "sun.gc.collector.1.time", hz),
        bytes(c, "sun.gc.collector.2.invocations"), seconds(c, "sun.gc.collector.2.time", hz));
  }

  /** Total stop-the-world GC time as jstat sums it (young + full + concurrent cycles' pauses). */
  public double gctS() {
    return ygctS + fgctS + (Double.isNaN(cgctS) ? 0 : cgctS);
  }

  /** One line in {@code jstat -gc -t}'s format: sizes in KB with one decimal, times in seconds. */
  public String jstatLine() {
    return String.format(Locale.ROOT,
        "%10.1f %10s %10s %10s %10s %11s %11s %11s %11s %10s %10s %9s %9s %7s %9s %7s %9s %7s %9s %9.3f",
        timestampS, kb(s0c), kb(s1c), kb(s0u), kb(s1u), kb(ec), kb(eu), kb(oc), kb(ou), kb(mc), kb(mu), kb(ccsc), kb(ccsu),
        count(ygc), secs(ygctS), count(fgc), secs(fgctS), count(cgc), secs(cgctS), gctS());
  }

  private static String kb(long bytes) {
    return bytes < 0 ? "-" : String.format(Locale.ROOT, "%.1f", bytes / 1024.0);
  }

  private static String count(long n) {
    return n < 0 ? "-" : Long.toString(n);
  }

  private static String secs(double s) {
    return Double.isNaN(s) ? "-" : String.format(Locale.ROOT, "%.3f", s);
  }

  private static long bytes(Map<String, Object> c, String key) {
    return c.get(key) instanceof Long l ? l : -1;
  }

  private static double number(Map<String, Object> c, String key) {
    return c.get(key) instanceof Long l ? l : Double.NaN;
  }

  private static double seconds(Map<String, Object> c, String key, double hz) {
    return c.get(key) instanceof Long l && hz > 0 ? l / hz : Double.NaN;
  }
}
