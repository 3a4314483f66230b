package io.jtune.gc.parser;

import io.jtune.gc.event.GcEvent;
import java.util.Queue;
import java.util.function.Consumer;
import java.util.function.LongUnaryOperator;

/**
 * What a parser said while reading one part of a file in parallel, in order: its events and
 * its warnings (a warning goes to the report between the events around it, as when read in one
 * pass), held packed ({@link PackedEvents}) until the reader takes them. At each checkpoint
 * (after line 1, 2, 4, 8, ... of the part) it notes how far the output and the line counts had
 * got, so the part can be used from there on.
 */
final class ChunkOutput implements Consumer<GcEvent> {
  /** Checkpoints after lines 1, 2, 4, ..., 2^(CHECKS-1) of a part. */
  static final int CHECKS = 18;
  static final long LAST_CHECK = 1L << (CHECKS - 1);

  /** A parser's warning, at its place among the events. */
  record Warning(long line, String text) {}

  private final PackedEvents items;
  private final long[] index = new long[CHECKS];
  private final long[][] counts = new long[CHECKS][];

  /** An output whose blocks are new. */
  ChunkOutput() {
    this(null);
  }

  /** An output whose blocks come from {@code pool} when it has some (the blocks of a file's parts merged before). */
  ChunkOutput(Queue<long[]> pool) {
    this.items = new PackedEvents(pool);
  }

  /** Whether line {@code local} of a part (1-based) is a checkpoint. */
  static boolean isCheck(long local) {
    return local > 0 && local <= LAST_CHECK && (local & (local - 1)) == 0;
  }

  @Override
  public void accept(GcEvent e) {
    items.add(e);
  }

  void warning(long line, String text) {
    items.addObject(new Warning(line, text));
  }

  /** Something else said in order with the events (a set read ahead's source marks). */
  void mark(Object o) {
    items.addObject(o);
  }

  /** Line {@code local} (a checkpoint) has been read; {@code report} is the part's. */
  void checkpoint(long local, ParseReport report) {
    int j = Long.numberOfTrailingZeros(local);
    index[j] = items.position();
    counts[j] = report.counts();
    report.checkpoint();
  }

  /** Where the output after checkpoint line {@code local} starts. */
  long indexAfter(long local) {
    return index[Long.numberOfTrailingZeros(local)];
  }

  /** The part's line counts at checkpoint line {@code local}. */
  long[] countsAt(long local) {
    return counts[Long.numberOfTrailingZeros(local)];
  }

  /**
   * Hands what was said from {@code from} (0, or an {@link #indexAfter}) on to {@code to} in
   * order: events (each pause's line mapped by {@code lines}), {@link Warning}s and marks.
   */
  void forEach(long from, LongUnaryOperator lines, Consumer<Object> to) {
    items.forEach(from, lines, to);
  }

  /** Everything was taken: the output's blocks go back to the pool it came with. */
  void release() {
    items.release();
  }
}
