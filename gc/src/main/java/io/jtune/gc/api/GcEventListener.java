package io.jtune.gc.api;

import io.jtune.gc.event.GcEvent;

/**
 * Receives each event the parsers read from the logs, as {@link GcLogs} analyzes them: pauses
 * ({@link io.jtune.gc.event.GcPause}), concurrent phases, safepoints, notices and the JVM's
 * own description ({@link io.jtune.gc.event.JvmInfo}). Events arrive in timeline order (rotated
 * files stitched into one timeline), one at a time on the thread that called {@code analyze},
 * before the analysis aggregates them. Events are immutable values; a listener may keep them.
 */
@FunctionalInterface
public interface GcEventListener {
  /** A listener that ignores every event. */
  GcEventListener NONE = e -> { };

  /** One event, complete (a multi-line pause is one event). */
  void onEvent(GcEvent event);
}
