package io.jtune.experiment.attribution;

import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.GcPause;
import java.util.ArrayList;
import java.util.List;

/**
 * One stop-the-world pause on the wall clock, in epoch microseconds.
 *
 * @param startEpochMicros when the application stopped
 * @param endEpochMicros when it ran again
 */
public record PauseSpan(long startEpochMicros, long endEpochMicros) {
  public PauseSpan {
    if (endEpochMicros < startEpochMicros) {
      throw new IllegalArgumentException("a pause cannot end before it starts");
    }
  }

  /**
   * The pauses of a GC log that carry a wall-clock stamp: each starts at its stamp (the parser
   * places a pause logged only at its end back by its duration) and ends its duration later. The
   * stamps are milliseconds, so a pause is placed within a millisecond.
   */
  public static List<PauseSpan> of(List<GcPause> pauses) {
    List<PauseSpan> out = new ArrayList<>();
    for (GcPause p : pauses) {
      if (p.epochMs() == GcEvent.NO_EPOCH || !(p.durationMs() >= 0)) {
        continue;
      }
      long start = p.epochMs() * 1000;
      out.add(new PauseSpan(start, start + Math.round(p.durationMs() * 1000)));
    }
    return out;
  }

  /** Whether some pause of the log has no wall-clock stamp (then pauses cannot be lined up with requests). */
  public static boolean anyWithoutWallClock(List<GcPause> pauses) {
    return pauses.stream().anyMatch(p -> p.epochMs() == GcEvent.NO_EPOCH);
  }
}
