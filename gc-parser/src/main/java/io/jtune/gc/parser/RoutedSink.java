package io.jtune.gc.parser;

import io.jtune.gc.event.GcEvent;
import java.util.function.Consumer;

/** Where a parser's events go; the reader points it at a part's output while the part is read in parallel. */
final class RoutedSink implements Consumer<GcEvent> {
  private Consumer<GcEvent> target;

  RoutedSink(Consumer<GcEvent> target) {
    this.target = target;
  }

  void target(Consumer<GcEvent> t) {
    this.target = t;
  }

  @Override
  public void accept(GcEvent e) {
    target.accept(e);
  }
}
