package io.jtune.gc.analysis;

import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.PauseKind;
import java.util.function.Predicate;

/**
 * Leaves out the pauses a service had while it started, before its load began: class loading,
 * framework boot and caches filling make them, not the requests, and on a measured run of a few
 * seconds after a start-up of half a minute (Keycloak: 30 pauses, up to 164 ms, before the first
 * request) they would decide the diagnosis. Full GCs (and Shenandoah's degenerated cycles) are
 * kept: a Full GC at start-up (Metadata GC Threshold) is a finding of its own. Pauses without a
 * wall-clock stamp are kept.
 */
public final class StartupPauses implements Predicate<GcEvent> {
  private final long loadStartEpochMs;
  private int left;
  private double longestMs;
  private double loadStartUptimeS = Double.NaN;

  /** @param loadStartEpochMs when the load began (wall clock); 0 or less keeps every pause */
  public StartupPauses(long loadStartEpochMs) {
    this.loadStartEpochMs = loadStartEpochMs;
  }

  @Override
  public boolean test(GcEvent e) {
    if (Double.isNaN(loadStartUptimeS) && loadStartEpochMs > 0 && e.epochMs() != GcEvent.NO_EPOCH
        && e.uptimeS() >= 0) {
      loadStartUptimeS = e.uptimeS() + (loadStartEpochMs - e.epochMs()) / 1000.0;
    }
    if (loadStartEpochMs > 0 && e instanceof GcPause p && p.kind() != PauseKind.FULL
        && p.kind() != PauseKind.DEGENERATED && p.epochMs() != GcEvent.NO_EPOCH && p.epochMs() < loadStartEpochMs) {
      left++;
      longestMs = Math.max(longestMs, p.durationMs());
      return false;
    }
    return true;
  }

  /** How many pauses were left out. */
  public int left() {
    return left;
  }

  /**
   * Seconds from the JVM's start to when the load began, from the first event that has both a
   * wall-clock time and an uptime; NaN when the log gives neither or no load start was given.
   */
  public double loadStartUptimeS() {
    return loadStartUptimeS;
  }

  /** The longest of them, in ms (0 when none). */
  public double longestMs() {
    return longestMs;
  }
}
