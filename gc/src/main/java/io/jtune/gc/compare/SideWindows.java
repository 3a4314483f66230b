package io.jtune.gc.compare;

import io.jtune.gc.aggregate.PauseDistribution;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.PauseKind;

/**
 * One side's pauses inside the common range: per window each {@link WindowMetric}, and the pause
 * distribution of the whole range (all pauses, young and Full GC counts). On the wall clock a
 * side's JVMs share the windows (a host's JVMs add up); by uptime each JVM has windows of its
 * own: the table shows their mean, and the test takes every JVM's windows as observations.
 */
public final class SideWindows {
  private final double[][][] values; // [jvm][window][metric]
  private final boolean wallClock;
  private final PauseDistribution all = new PauseDistribution();
  private long young;
  private long full;

  SideWindows(CompareSide side, Alignment axis) {
    wallClock = axis.wallClock();
    int jvms = side.jvms().size();
    values = new double[wallClock ? 1 : jvms][axis.windows()][WindowMetric.values().length];
    for (int j = 0; j < jvms; j++) {
      Analysis a = side.jvms().get(j);
      double[][] windows = values[wallClock ? 0 : j];
      for (GcPause p : a.pauses().events()) {
        int w = axis.indexOf(CompareSide.timeOf(a, p, wallClock));
        if (w >= 0 && !Double.isNaN(p.durationMs())) {
          add(windows[w], p, axis.windowS());
        }
      }
    }
  }

  private void add(double[] v, GcPause p, double windowS) {
    all.record(p.durationMs());
    if (p.kind() == PauseKind.YOUNG || p.kind() == PauseKind.MIXED) {
      young++;
      v[WindowMetric.YGC_COUNT.ordinal()]++;
      v[WindowMetric.YGC_MS.ordinal()] += p.durationMs();
    } else if (p.kind() == PauseKind.FULL) {
      full++;
      v[WindowMetric.FGC_COUNT.ordinal()]++;
      v[WindowMetric.FGC_MS.ordinal()] += p.durationMs();
    }
    v[WindowMetric.MAX_PAUSE.ordinal()] = Math.max(v[WindowMetric.MAX_PAUSE.ordinal()], p.durationMs());
    v[WindowMetric.GC_TIME.ordinal()] += 100 * p.durationMs() / (windowS * 1000);
  }

  /** The value of {@code m} in window {@code w}: the mean over the side's JVMs when aligned by uptime. */
  public double value(int w, WindowMetric m) {
    double sum = 0;
    for (double[][] jvm : values) {
      sum += jvm[w][m.ordinal()];
    }
    return sum / values.length;
  }

  /** The observations of {@code m} for the test: every window (of every JVM, by uptime), in order. */
  public double[] series(WindowMetric m) {
    int n = values[0].length;
    double[] s = new double[values.length * n];
    for (int j = 0; j < values.length; j++) {
      for (int i = 0; i < n; i++) {
        s[j * n + i] = values[j][i][m.ordinal()];
      }
    }
    return s;
  }

  /** How many JVMs' windows the side's observations come from (1 on the wall clock). */
  public int jvmsPerWindow() {
    return values.length;
  }

  public PauseDistribution pauses() {
    return all;
  }

  public long young() {
    return young;
  }

  public long full() {
    return full;
  }
}
