package io.jtune.gc.parser.unified;

import io.jtune.gc.event.GcEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Sends the parser's events in time order: while a pause is still being read, later events
 * wait, and every event waits until the log's clock is {@link #HOLD_S} past it (or the source
 * ends).
 */
final class EventOrder {
  private static final int MAX_WAITING = 1024;
  /**
   * How long (s) an event waits before it is sent, so that one stamped a little earlier (a pause
   * stamped at its start, read after a phase that ended at the same logged millisecond) can
   * still go before it.
   */
  private static final double HOLD_S = 0.05;

  private final Consumer<GcEvent> sink;
  private final CurrentLine cur;
  /** The pauses being read (owned by {@link Pauses}): while there are some, events wait. */
  private final List<PendingPause> pauses;
  /** The cycles being read (owned by {@link CycleLines}): events wait for their end. */
  private final List<PendingCycle> cycles;
  private final List<GcEvent> waiting = new ArrayList<>();
  /** Latest time stamp read so far, on the scale of {@link #sortTime}; NaN when the log has none. */
  private double clock = Double.NaN;

  EventOrder(Consumer<GcEvent> sink, CurrentLine cur, List<PendingPause> pauses, List<PendingCycle> cycles) {
    this.sink = sink;
    this.cur = cur;
    this.pauses = pauses;
    this.cycles = cycles;
  }

  /** Sends an event at once, out of order ({@link io.jtune.gc.event.JvmInfo} fragments). */
  void now(GcEvent e) {
    sink.accept(e);
  }

  /** Adds an event to {@link #waiting}, keeping it sorted by time (most come in order). */
  void queue(GcEvent e) {
    double t = sortTime(e);
    int k = waiting.size();
    while (k > 0 && sortTime(waiting.get(k - 1)) > t) {
      k--;
    }
    waiting.add(k, e);
  }

  /**
   * Sends waiting events in time order: none while a pause is being read (unless too many
   * wait), else those older than the clock minus {@link #HOLD_S} and not after the last line
   * of a cycle still open.
   */
  void release() {
    if (waiting.isEmpty() || !pauses.isEmpty() && waiting.size() < MAX_WAITING) {
      return;
    }
    if (cur.line != null) {
      double now = !Double.isNaN(cur.uptimeS()) ? cur.uptimeS()
          : cur.epochMs() != GcEvent.NO_EPOCH ? cur.epochMs() / 1000.0 : Double.NaN;
      clock = Double.isNaN(clock) || now > clock ? now : clock;
    }
    double upTo = Double.isNaN(clock) || waiting.size() >= MAX_WAITING ? Double.POSITIVE_INFINITY : clock - HOLD_S;
    for (int k = 0; k < cycles.size(); k++) {
      // an open cycle will be stamped at its end, which is at least its last line so far
      PendingCycle c = cycles.get(k);
      double end = !Double.isNaN(c.endUptimeS) ? c.endUptimeS
          : c.endEpochMs != GcEvent.NO_EPOCH ? c.endEpochMs / 1000.0 : Double.POSITIVE_INFINITY;
      upTo = Math.min(upTo, end);
    }
    sendWaiting(waiting.size() >= MAX_WAITING ? Double.POSITIVE_INFINITY : upTo);
  }

  /** Puts {@code now} in the place of {@code old} when {@code old} is still waiting; false when it was sent. */
  boolean replace(GcEvent old, GcEvent now) {
    for (int k = 0; k < waiting.size(); k++) {
      if (waiting.get(k) == old) {
        waiting.set(k, now);
        return true;
      }
    }
    return false;
  }

  /**
   * The latest time a line was read at so far (uptime, or the wall clock in seconds when the log
   * has no uptime), as far as events were released; NaN before any.
   */
  double clock() {
    return clock;
  }

  /** Sends every event still waiting (the source ended). */
  void sendAll() {
    sendWaiting(Double.POSITIVE_INFINITY);
  }

  private void sendWaiting(double upTo) {
    if (waiting.isEmpty()) {
      return;
    }
    int k = 0;
    while (k < waiting.size() && !(sortTime(waiting.get(k)) > upTo)) {
      sink.accept(waiting.get(k));
      k++;
    }
    if (k == waiting.size()) {
      waiting.clear();
    } else if (k > 0) {
      waiting.subList(0, k).clear();
    }
  }

  private static double sortTime(GcEvent e) {
    double u = e.uptimeS();
    if (!Double.isNaN(u)) {
      return u;
    }
    return e.epochMs() == GcEvent.NO_EPOCH ? 0 : e.epochMs() / 1000.0;
  }
}
