package io.jtune.gc.parser;

import io.jtune.gc.input.Line;

/**
 * Turns the lines of one log format into {@link io.jtune.gc.event.GcEvent}s. An instance is
 * fed every line of every source of one timeline in order and emits events, when complete, to
 * the sink it was built with. For each line it tells the {@link ParserContext} whether the line
 * was understood, a GC line it did not understand, or not GC output at all.
 *
 * <p>Implementations are single-threaded and must not keep a reference to a {@link Line} after
 * {@link #accept} returns (the view is reused).
 */
public interface GcLogParser {

  /** Takes the next line (without its terminator). */
  void accept(Line line);

  /**
   * The current source ended: emit anything pending that cannot continue in the next file.
   * Called once per source; the parser may receive more lines afterwards (next rotated file).
   */
  void endOfSource();

  /**
   * The last source ended: emit what was left open for a next rotated file (a collection whose
   * summary never came). Called once, after the last {@link #endOfSource()}.
   */
  default void endOfInput() {}
}
