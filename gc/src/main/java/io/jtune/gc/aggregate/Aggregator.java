package io.jtune.gc.aggregate;

import io.jtune.gc.event.GcEvent;

/**
 * Consumes events in log order and keeps a small summary of them. Aggregators keep bounded
 * state (counters, histograms, downsampled series), so memory does not grow with log size.
 */
public interface Aggregator {
  void accept(GcEvent event);
}
