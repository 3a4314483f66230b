package io.jtune.gc.parser;

import io.jtune.gc.event.GcEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * What a parser said while reading one part of a file in parallel, in order: its events and
 * its warnings (a warning goes to the report between the events around it, as when read in one
 * pass). At each checkpoint (after line 1, 2, 4, 8, ... of the part) it notes how far the output
 * and the line counts had got, so the part can be used from there on.
 */
final class ChunkOutput implements Consumer<GcEvent> {
  /** Checkpoints after lines 1, 2, 4, ..., 2^(CHECKS-1) of a part. */
  static final int CHECKS = 18;
  static final long LAST_CHECK = 1L << (CHECKS - 1);

  /** A parser's warning, at its place among the events. */
  record Warning(long line, String text) {}

  final List<Object> items = new ArrayList<>();
  private final int[] index = new int[CHECKS];
  private final long[][] counts = new long[CHECKS][];

  /** Whether line {@code local} of a part (1-based) is a checkpoint. */
  static boolean isCheck(long local) {
    return local > 0 && local <= LAST_CHECK && (local & (local - 1)) == 0;
  }

  @Override
  public void accept(GcEvent e) {
    items.add(e);
  }

  void warning(long line, String text) {
    items.add(new Warning(line, text));
  }

  /** Line {@code local} (a checkpoint) has been read; {@code report} is the part's. */
  void checkpoint(long local, ParseReport report) {
    int j = Long.numberOfTrailingZeros(local);
    index[j] = items.size();
    counts[j] = report.counts();
    report.checkpoint();
  }

  /** Where the output after checkpoint line {@code local} starts. */
  int indexAfter(long local) {
    return index[Long.numberOfTrailingZeros(local)];
  }

  /** The part's line counts at checkpoint line {@code local}. */
  long[] countsAt(long local) {
    return counts[Long.numberOfTrailingZeros(local)];
  }
}
