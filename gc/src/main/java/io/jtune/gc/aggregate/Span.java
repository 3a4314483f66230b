package io.jtune.gc.aggregate;

import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.JvmInfo;

/**
 * The time the log covers: from JVM start when the log begins with the JVM's header (and times
 * are uptimes), else from the first event; to the end of the last event.
 */
public final class Span implements Aggregator {
  private double startS = Double.NaN;
  private double endS = Double.NaN;
  private long firstEpochMs = GcEvent.NO_EPOCH;
  private long lastEpochMs = GcEvent.NO_EPOCH;
  /** Wall clock at uptime 0, from the first event that carries both; NO_EPOCH when none does. */
  private long epochAtZeroMs = GcEvent.NO_EPOCH;

  private boolean headerFirst;
  private boolean sawEvent;

  @Override
  public void accept(GcEvent e) {
    if (e instanceof JvmInfo) {
      headerFirst |= !sawEvent;
      return;
    }
    if (!(e.uptimeS() >= 0) || Double.isInfinite(e.uptimeS())) {
      return; // no uptime is negative: a mangled stamp says nothing about the time the log covers
    }
    if (!sawEvent && headerFirst) {
      // the log starts with the JVM's header: it covers the run from JVM start (uptime 0)
      startS = 0;
    }
    sawEvent = true;
    double t = e.uptimeS();
    double end = t;
    if (e instanceof GcPause p) {
      end = t + p.durationMs() / 1000.0;
    }
    if (Double.isNaN(startS) || t < startS) {
      startS = t;
    }
    if (Double.isNaN(endS) || end > endS) {
      endS = end;
    }
    if (e.epochMs() != GcEvent.NO_EPOCH) {
      if (firstEpochMs == GcEvent.NO_EPOCH) {
        firstEpochMs = e.epochMs();
      }
      lastEpochMs = e.epochMs();
      if (epochAtZeroMs == GcEvent.NO_EPOCH && !Double.isNaN(t)) {
        epochAtZeroMs = e.epochMs() - Math.round(t * 1000.0);
      }
    }
  }

  public boolean isEmpty() {
    return Double.isNaN(startS);
  }

  public double startS() {
    return isEmpty() ? 0 : startS;
  }

  public double endS() {
    return isEmpty() ? 0 : endS;
  }

  public double durationS() {
    return isEmpty() ? 0 : endS - startS;
  }

  /** Wall clock of the first event with one, or {@link GcEvent#NO_EPOCH}. */
  public long firstEpochMs() {
    return firstEpochMs;
  }

  public long lastEpochMs() {
    return lastEpochMs;
  }

  /** Whether the log carries wall-clock stamps that place its uptimes in time. */
  public boolean hasWallClock() {
    return epochAtZeroMs != GcEvent.NO_EPOCH;
  }

  /** Wall clock (epoch ms) of an uptime on this timeline, or {@link GcEvent#NO_EPOCH} without stamps. */
  public long epochAt(double uptimeS) {
    return epochAt(epochAtZeroMs, uptimeS);
  }

  /**
   * Wall clock (epoch ms) of an uptime on a timeline whose uptime zero is at {@code epochAtZeroMs},
   * or {@link GcEvent#NO_EPOCH} when that is unknown or the uptime is not finite.
   */
  public static long epochAt(long epochAtZeroMs, double uptimeS) {
    if (epochAtZeroMs == GcEvent.NO_EPOCH || !Double.isFinite(uptimeS)) {
      return GcEvent.NO_EPOCH;
    }
    return epochAtZeroMs + Math.round(uptimeS * 1000.0);
  }

  /** Wall clock (epoch ms) of the start of this timeline, or {@link GcEvent#NO_EPOCH} without stamps. */
  public long startEpochMs() {
    return isEmpty() ? GcEvent.NO_EPOCH : epochAt(startS);
  }
}
