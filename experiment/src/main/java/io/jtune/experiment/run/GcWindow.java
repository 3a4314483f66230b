package io.jtune.experiment.run;

import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.PauseKind;
import io.jtune.experiment.plan.Metric;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The GC metrics of a run's measured window: the pauses that started in it, counted and summed
 * per minute, as the GC comparison table shows them (the peak over one-minute windows, or over
 * the whole window when it is shorter, scaled to a minute), plus Full GCs before the target was
 * ready (startup).
 */
public final class GcWindow {
  private GcWindow() {}

  /**
   * @param pauses every pause of the run's GC log
   * @param jvmStartEpochMs when the JVM started, for logs without wall-clock stamps
   * @param readyEpochMs when the target first answered its readiness probe
   * @param fromEpochMs start of the measured window
   * @param toEpochMs its end
   */
  public static Map<String, Double> metrics(List<GcPause> pauses, long jvmStartEpochMs, long readyEpochMs,
      long fromEpochMs, long toEpochMs) {
    double windowS = Math.max(0.001, (toEpochMs - fromEpochMs) / 1000.0);
    double subS = Math.min(60, windowS);
    int subs = (int) Math.ceil(windowS / subS - 1e-9);
    long[] ygcPer = new long[Math.max(1, subs)];
    double[] ygcMsPer = new double[ygcPer.length];
    long[] fgcPer = new long[ygcPer.length];
    double[] fgcMsPer = new double[ygcPer.length];
    long ygc = 0;
    long fgc = 0;
    long startupFgc = 0;
    double ygcMs = 0;
    double fgcMs = 0;
    double allMs = 0;
    double maxPause = 0;
    for (GcPause p : pauses) {
      long at = startEpochMs(p, jvmStartEpochMs);
      if (p.kind() == PauseKind.FULL && at < readyEpochMs) {
        startupFgc++;
      }
      if (at < fromEpochMs || at >= toEpochMs) {
        continue;
      }
      int idx = Math.min(ygcPer.length - 1, (int) ((at - fromEpochMs) / 1000.0 / subS));
      allMs += p.durationMs();
      maxPause = Math.max(maxPause, p.durationMs());
      if (p.kind() == PauseKind.YOUNG || p.kind() == PauseKind.MIXED) {
        ygc++;
        ygcMs += p.durationMs();
        ygcPer[idx]++;
        ygcMsPer[idx] += p.durationMs();
      } else if (p.kind() == PauseKind.FULL) {
        fgc++;
        fgcMs += p.durationMs();
        fgcPer[idx]++;
        fgcMsPer[idx] += p.durationMs();
      }
    }
    double perMin = 60.0 / subS;
    double minutes = windowS / 60.0;
    Map<String, Double> m = new LinkedHashMap<>();
    m.put(Metric.YGC_COUNT.key(), (double) ygc);
    m.put(Metric.YGC_TIME_TOTAL.key(), ygcMs);
    m.put(Metric.YGC_PER_MIN_PEAK.key(), max(ygcPer) * perMin);
    m.put(Metric.YGC_PER_MIN_MEAN.key(), ygc / minutes);
    m.put(Metric.YGC_MS_PER_MIN_PEAK.key(), max(ygcMsPer) * perMin);
    m.put(Metric.YGC_MS_PER_MIN_MEAN.key(), ygcMs / minutes);
    m.put(Metric.YGC_PAUSE.key(), ygc == 0 ? Double.NaN : ygcMs / ygc); // no young GC: no pause to average (n/a)
    m.put(Metric.FGC_COUNT.key(), (double) fgc);
    m.put(Metric.FGC_TIME_TOTAL.key(), fgcMs);
    m.put(Metric.FGC_PER_MIN_PEAK.key(), max(fgcPer) * perMin);
    m.put(Metric.FGC_PER_MIN_MEAN.key(), fgc / minutes);
    m.put(Metric.FGC_MS_PER_MIN_PEAK.key(), max(fgcMsPer) * perMin);
    m.put(Metric.FGC_MS_PER_MIN_MEAN.key(), fgcMs / minutes);
    m.put(Metric.FGC_PER_DAY.key(), fgc / windowS * 86_400);
    m.put(Metric.MAX_PAUSE.key(), maxPause);
    m.put(Metric.GC_TIME_SHARE.key(), 100 * allMs / 1000 / windowS);
    m.put(Metric.STARTUP_FGC.key(), (double) startupFgc);
    return m;
  }

  /** When a pause started: its wall-clock stamp, else its uptime from the JVM's start. */
  static long startEpochMs(GcPause p, long jvmStartEpochMs) {
    return p.epochMs() != GcEvent.NO_EPOCH ? p.epochMs() : jvmStartEpochMs + Math.round(p.uptimeS() * 1000);
  }

  private static double max(long[] a) {
    long m = 0;
    for (long v : a) {
      m = Math.max(m, v);
    }
    return m;
  }

  private static double max(double[] a) {
    double m = 0;
    for (double v : a) {
      m = Math.max(m, v);
    }
    return m;
  }
}
