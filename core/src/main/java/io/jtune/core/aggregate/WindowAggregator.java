package io.jtune.core.aggregate;

import io.jtune.core.event.GcEvent;
import io.jtune.core.event.GcPause;
import io.jtune.core.event.PauseKind;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The GC comparison table of a tuning study: young and full GC counts and cumulative pause time per
 * fixed window (default one minute), and their peak and mean over the log. Young GCs are young
 * and mixed pauses; full GCs are full pauses.
 */
public final class WindowAggregator implements Aggregator {
  /** One window: its start on the timeline and what happened in it. */
  public record Window(double startS, long ygcCount, double ygcMs, long fgcCount, double fgcMs, long otherCount, double otherMs) {}

  private final double windowS;
  private final List<double[]> rows = new ArrayList<>(); // ygcCount, ygcMs, fgcCount, fgcMs, otherCount, otherMs
  private double originS = Double.NaN;
  // the window pauses were added to last: most pauses fall into the same one as the pause before
  private int lastIndex = -1;
  private double[] lastRow;

  public WindowAggregator(double windowS) {
    if (!(windowS > 0)) {
      throw new IllegalArgumentException("window must be positive");
    }
    this.windowS = windowS;
  }

  @Override
  public void accept(GcEvent e) {
    if (!(e instanceof GcPause p)) {
      return;
    }
    if (Double.isNaN(originS)) {
      originS = p.uptimeS();
    }
    int idx = (int) Math.floor((p.uptimeS() - originS) / windowS);
    if (idx < 0) {
      return; // clock went backwards before the first pause; counted by the reader
    }
    if (idx != lastIndex) {
      while (rows.size() <= idx) {
        rows.add(new double[6]);
      }
      lastIndex = idx;
      lastRow = rows.get(idx);
    }
    double[] r = lastRow;
    if (p.kind() == PauseKind.YOUNG || p.kind() == PauseKind.MIXED) {
      r[0]++;
      r[1] += p.durationMs();
    } else if (p.kind() == PauseKind.FULL) {
      r[2]++;
      r[3] += p.durationMs();
    } else {
      r[4]++;
      r[5] += p.durationMs();
    }
  }

  public double windowS() {
    return windowS;
  }

  /** Number of windows from the first pause to the last. */
  public int size() {
    return rows.size();
  }

  /** Each window in order, without building a list (a long log has many). */
  public void forEach(java.util.function.Consumer<Window> action) {
    for (int i = 0; i < rows.size(); i++) {
      double[] r = rows.get(i);
      action.accept(new Window(originS + i * windowS, (long) r[0], r[1], (long) r[2], r[3], (long) r[4], r[5]));
    }
  }

  public List<Window> windows() {
    List<Window> out = new ArrayList<>(rows.size());
    for (int i = 0; i < rows.size(); i++) {
      double[] r = rows.get(i);
      out.add(new Window(originS + i * windowS, (long) r[0], r[1], (long) r[2], r[3], (long) r[4], r[5]));
    }
    return Collections.unmodifiableList(out);
  }

  /** Peak over windows of column {@code c}. */
  private double peak(int c) {
    double m = 0;
    for (double[] r : rows) {
      m = Math.max(m, r[c]);
    }
    return m;
  }

  /** Mean per window of column {@code c} over the log's span (empty windows count). */
  private double mean(int c, double spanS) {
    double sum = 0;
    for (double[] r : rows) {
      sum += r[c];
    }
    double windows = Math.max(1.0, spanS / windowS);
    return sum / windows;
  }

  /** The table computed over a log span. */
  public WindowTable table(double spanS) {
    double ygcCount = 0;
    double ygcMs = 0;
    for (double[] r : rows) {
      ygcCount += r[0];
      ygcMs += r[1];
    }
    return new WindowTable(windowS,
        peak(0), mean(0, spanS), peak(1), mean(1, spanS), ygcCount == 0 ? 0 : ygcMs / ygcCount,
        peak(2), mean(2, spanS), peak(3), mean(3, spanS));
  }

  /**
   * The GC comparison columns: per window, YGC count peak/mean, YGC cumulative ms
   * peak/mean and mean single young pause, FGC count peak/mean, FGC cumulative ms peak/mean.
   */
  public record WindowTable(
      double windowS,
      double ygcCountPeak,
      double ygcCountMean,
      double ygcMsPeak,
      double ygcMsMean,
      double ygcPauseMeanMs,
      double fgcCountPeak,
      double fgcCountMean,
      double fgcMsPeak,
      double fgcMsMean) {}
}
