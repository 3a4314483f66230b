package io.jtune.gc.parser.jdk8;

import io.jtune.gc.event.GcEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Events that started after the pause of the record being read (concurrent phases glued into
 * the record, a cycle ended by them): held until that
 * pause is out.
 */
final class Deferred {
  private final Consumer<GcEvent> sink;
  private final List<GcEvent> events = new ArrayList<>();

  Deferred(Consumer<GcEvent> sink) {
    this.sink = sink;
  }

  /** Holds {@code e} until {@link #flush}. */
  void defer(GcEvent e) {
    events.add(e);
  }

  /** Holds {@code e} when {@code defer}, else sends it at once. */
  void add(GcEvent e, boolean defer) {
    if (defer) {
      events.add(e);
    } else {
      sink.accept(e);
    }
  }

  boolean isEmpty() {
    return events.isEmpty();
  }

  /** Sends the events held. */
  void flush() {
    if (!events.isEmpty()) {
      for (GcEvent e : events) {
        sink.accept(e);
      }
      events.clear();
    }
  }
}
