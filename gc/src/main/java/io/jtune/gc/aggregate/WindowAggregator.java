package io.jtune.gc.aggregate;

import io.jtune.gc.event.ConcurrentPhase;
import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.PauseKind;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The GC comparison table of a tuning study: young and full GC counts and cumulative pause time per
 * fixed window (default one minute), and their peak and mean over the log. Young GCs are young
 * and mixed pauses; full GCs are full pauses. Windows run from the first pause to the last,
 * empty ones included, except across a clock jump: a gap of more than {@link #JUMP_S} seconds
 * between two pauses (uptimes or dates jumping by days or years) is counted as a jump and the
 * next window starts at the pause after it, instead of one empty window per minute of the gap.
 *
 * <p>ZGC stops the application only for its short Mark Start, Mark End and Relocate Start pauses,
 * which are neither young nor full collections (they count in the "other" columns); its
 * collections are concurrent and have columns of their own, counted in the window where the
 * collection ended (its summary line): generational ZGC's minor collections (young generation
 * only) in the minor column, its major collections (young and old) and single-generation ZGC's
 * collections (the whole heap) in the major column. The full GC columns count only real
 * stop-the-world Full GCs, which ZGC never logs.
 */
public final class WindowAggregator implements Aggregator {
  /** One window: its start on the timeline and what happened in it. */
  public record Window(double startS, long ygcCount, double ygcMs, long fgcCount, double fgcMs, long otherCount,
      double otherMs, long minorCycles, long majorCycles) {}

  /** A gap between pauses longer than this (one day) is a clock jump, seconds. */
  public static final double JUMP_S = 86_400;

  private final double windowS;
  // ygcCount, ygcMs, fgcCount, fgcMs, otherCount, otherMs, window start, minor cycles, major cycles
  private final List<double[]> rows = new ArrayList<>();
  // start of window 0 of the current stretch (since the last clock jump) and its row index
  private double originS = Double.NaN;
  private int originIndex;
  private double lastPauseS = Double.NaN;
  private int jumps;
  private double jumpedS;
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
    if (e instanceof ConcurrentPhase c && c.wholeCycle() && c.facts() != null) {
      double[] r = row(c.uptimeS());
      if (r != null) {
        r[c.facts().scope().wholeHeap() ? 8 : 7]++;
      }
      return;
    }
    if (!(e instanceof GcPause p)) {
      return;
    }
    double[] r = row(p.uptimeS());
    if (r == null) {
      return;
    }
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

  /** The row of the window at {@code t} (made, with the empty ones before it, when new), or null. */
  private double[] row(double t) {
    if (Double.isNaN(t) || Double.isInfinite(t)) {
      return null;
    }
    if (Double.isNaN(originS)) {
      originS = t;
    } else if (t - lastPauseS > JUMP_S) {
      jumps++;
      jumpedS += t - lastPauseS;
      originS = t;
      originIndex = rows.size();
    }
    double rel = Math.floor((t - originS) / windowS);
    if (rel < 0) {
      return null; // clock went backwards; counted by the reader
    }
    lastPauseS = Math.max(Double.isNaN(lastPauseS) ? t : lastPauseS, t);
    int idx = originIndex + (int) rel;
    if (idx != lastIndex) {
      while (rows.size() <= idx) {
        double[] row = new double[9];
        row[6] = originS + (rows.size() - originIndex) * windowS;
        rows.add(row);
      }
      lastIndex = idx;
      lastRow = rows.get(idx);
    }
    return lastRow;
  }

  public double windowS() {
    return windowS;
  }

  /** Clock jumps (gaps over {@link #JUMP_S}) the windows skip. */
  public int clockJumps() {
    return jumps;
  }

  /** Time the skipped clock jumps cover, seconds. */
  public double clockJumpedS() {
    return jumpedS;
  }

  /** Number of windows from the first pause to the last (clock jumps skipped). */
  public int size() {
    return rows.size();
  }

  /** Each window in order, without building a list (a long log has many). */
  public void forEach(java.util.function.Consumer<Window> action) {
    for (int i = 0; i < rows.size(); i++) {
      double[] r = rows.get(i);
      action.accept(new Window(r[6], (long) r[0], r[1], (long) r[2], r[3], (long) r[4], r[5], (long) r[7], (long) r[8]));
    }
  }

  public List<Window> windows() {
    List<Window> out = new ArrayList<>(rows.size());
    for (int i = 0; i < rows.size(); i++) {
      double[] r = rows.get(i);
      out.add(new Window(r[6], (long) r[0], r[1], (long) r[2], r[3], (long) r[4], r[5], (long) r[7], (long) r[8]));
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

  /**
   * Mean per window of column {@code c} over the windows from the first pause to the last, empty
   * ones included. The last window (and the first) may be partial: each counts as one window, so
   * the mean is never above the peak.
   */
  private double mean(int c) {
    double sum = 0;
    for (double[] r : rows) {
      sum += r[c];
    }
    return rows.isEmpty() ? 0 : sum / rows.size();
  }

  /** The table over the windows. */
  public WindowTable table() {
    double ygcCount = 0;
    double ygcMs = 0;
    for (double[] r : rows) {
      ygcCount += r[0];
      ygcMs += r[1];
    }
    return new WindowTable(windowS,
        peak(0), mean(0), peak(1), mean(1), ygcCount == 0 ? 0 : ygcMs / ygcCount,
        peak(2), mean(2), peak(3), mean(3), peak(7), mean(7), peak(8), mean(8));
  }

  /**
   * The GC comparison columns: per window, YGC count peak/mean, YGC cumulative ms
   * peak/mean and mean single young pause, FGC count peak/mean, FGC cumulative ms peak/mean;
   * ZGC's minor and major collections peak/mean (0 for other collectors).
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
      double fgcMsMean,
      double minorCyclesPeak,
      double minorCyclesMean,
      double majorCyclesPeak,
      double majorCyclesMean) {}
}
