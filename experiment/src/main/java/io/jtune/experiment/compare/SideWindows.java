package io.jtune.experiment.compare;

import io.jtune.core.aggregate.PauseDistribution;
import io.jtune.core.event.GcPause;
import io.jtune.core.event.PauseKind;

/**
 * One side's pauses inside the common range: per window each {@link WindowMetric}, and the pause
 * distribution of the whole range (all pauses, young and Full GC counts).
 */
public final class SideWindows {
  private final double[][] values; // [window][metric]
  private final PauseDistribution all = new PauseDistribution();
  private long young;
  private long full;

  SideWindows(CompareSide side, Alignment axis) {
    values = new double[axis.windows()][WindowMetric.values().length];
    for (GcPause p : side.pauses()) {
      int w = axis.indexOf(side.timeOf(p, axis.wallClock()));
      if (w < 0 || Double.isNaN(p.durationMs())) {
        continue;
      }
      double[] v = values[w];
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
      v[WindowMetric.GC_TIME.ordinal()] += 100 * p.durationMs() / (axis.windowS() * 1000);
    }
  }

  /** The value of {@code m} in window {@code w}. */
  public double value(int w, WindowMetric m) {
    return values[w][m.ordinal()];
  }

  /** Every window's value of {@code m}, in window order. */
  public double[] series(WindowMetric m) {
    double[] s = new double[values.length];
    for (int i = 0; i < s.length; i++) {
      s[i] = values[i][m.ordinal()];
    }
    return s;
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
