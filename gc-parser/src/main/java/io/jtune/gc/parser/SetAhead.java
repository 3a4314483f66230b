package io.jtune.gc.parser;

import io.jtune.gc.event.GcEvent;
import io.jtune.gc.input.LogSource;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Future;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Several sets of sources (each the files of one rotated set, or one file: one JVM's log) read
 * on the parse threads while the reader takes them in order: each set is another JVM's log,
 * read with parsers of its own, so a set read ahead on another thread says exactly what it would
 * say read in place. What it says (events, parser warnings, where each source starts and ends,
 * the report's counts and examples) is recorded and handed to the reader in order, so the
 * timeline, the lifetimes and the report are those of reading the sets one after another.
 *
 * <p>Only sets of small plain files are read ahead (a large file is read in parts on all cores
 * anyway; compressed files, zip members and standard input are read in place), and at most a
 * few sets and {@value #MAX_BYTES_AHEAD} bytes of files at once, so memory stays flat with the
 * number and size of the inputs.
 */
final class SetAhead {
  /** A set larger than this is read in place (its events would be held until the reader gets to it). */
  static final long MAX_SET_BYTES = 16L << 20;
  /** Files of the sets read ahead and not yet taken, at most. */
  static final long MAX_BYTES_AHEAD = 8L << 20;
  /** Sets read ahead and taken by the reader (for the test that checks sets are read ahead). */
  static final java.util.concurrent.atomic.AtomicLong TAKEN = new java.util.concurrent.atomic.AtomicLong();

  private SetAhead() {}

  /** The first source of a set is of no known format and would be read as the earlier sets' format. */
  static final class NeedsEarlierSets extends RuntimeException {
    NeedsEarlierSets() {
      super(null, null, false, false);
    }
  }

  /** A source's name, given when the reader starts on it. */
  private record Named(String name) {}

  /** The source's lines are parsed as {@code format} from here on. */
  private record Started(LogFormat format) {}

  /** The source ended. */
  private enum Ended { END }

  /** What a set read ahead told the reader, in order: events, parser warnings and source marks. */
  static final class Recording implements Consumer<GcEvent>, GcLogReader.SourceMarks {
    private final ChunkOutput out = new ChunkOutput();

    /** Where the parser's warnings go, in order with the events. */
    ChunkOutput output() {
      return out;
    }

    @Override
    public void accept(GcEvent e) {
      out.accept(e);
    }

    @Override
    public void named(String name) {
      out.mark(new Named(name));
    }

    @Override
    public void startSource(LogFormat format) {
      out.mark(new Started(format));
    }

    @Override
    public void endSource() {
      out.mark(Ended.END);
    }

    /** Tells the reader's side everything recorded, in the order it was said. */
    void replay(Consumer<String> source, GcLogReader.SourceMarks marks, Consumer<GcEvent> events,
        BiConsumer<Long, String> warning) {
      out.forEach(0, line -> line, o -> {
        if (o instanceof GcEvent e) {
          events.accept(e);
        } else if (o instanceof ChunkOutput.Warning w) {
          warning.accept(w.line(), w.text());
        } else if (o instanceof Named n) {
          source.accept(n.name());
          marks.named(n.name());
        } else if (o instanceof Started s) {
          marks.startSource(s.format());
        } else {
          marks.endSource();
        }
      });
      out.release();
    }
  }

  /** A set read ahead: its recording, its report, and the format of the parser it used last (null: none). */
  record Result(Recording recording, ParseReport report, LogFormat lastFormat, List<LogSource> set) {}

  /** Reads a set in place, on the reader's thread. */
  interface InPlace {
    void read(List<LogSource> set, boolean[] emptyExpected);
  }

  /** Whether reading ahead can help: more than one set, and more than one parse thread. */
  static boolean worthIt(List<List<LogSource>> sets) {
    return sets.size() > 1 && ParseThreads.enabled();
  }

  /** Whether {@code set} may be read ahead: small plain files only. */
  static boolean aheadable(List<LogSource> set) {
    return bytes(set) >= 0;
  }

  /** The bytes of the set's files, or -1 when it is not to be read ahead. */
  private static long bytes(List<LogSource> set) {
    long sum = 0;
    for (LogSource s : set) {
      long size = s.knownSize();
      if (!s.reopenable() || s.plainFile() == null || size < 0 || ParseThreads.worthIt(size)) {
        return -1;
      }
      sum += size;
    }
    return sum <= MAX_SET_BYTES ? sum : -1;
  }

  /**
   * Reads {@code sets} in order: each one either taken from the parse thread that read it ahead
   * ({@code replay}) or read in place ({@code inPlace}: a set not to be read ahead, one whose
   * first file needs the format of the sets before it, or the set the reader is at when nothing
   * was read ahead for it).
   */
  static void read(List<List<LogSource>> sets, List<boolean[]> emptyExpected, InPlace inPlace, Consumer<Result> replay) {
    int n = sets.size();
    int window = 2 * ParseThreads.threads();
    Map<Integer, Future<Result>> ahead = new HashMap<>();
    long[] size = new long[n];
    long bytesAhead = 0;
    int next = 1;
    try {
      for (int i = 0; i < n; i++) {
        next = Math.max(next, i + 1);
        while (next < n && next <= i + window) {
          long b = bytes(sets.get(next));
          if (b >= 0) {
            if (bytesAhead + b > MAX_BYTES_AHEAD && !ahead.isEmpty()) {
              break; // the reader takes some first
            }
            List<LogSource> set = sets.get(next);
            boolean[] expected = emptyExpected.get(next);
            ahead.put(next, ParseThreads.submit(() -> GcLogReader.readAhead(set, expected)));
            size[next] = b;
            bytesAhead += b;
          }
          next++;
        }
        Future<Result> f = ahead.remove(i);
        if (f == null) {
          inPlace.read(sets.get(i), emptyExpected.get(i));
          continue;
        }
        bytesAhead -= size[i];
        Result r;
        try {
          r = ParseThreads.join(f);
        } catch (java.io.IOException e) {
          throw new UncheckedIOException(e); // an interrupt: a set's own read problems are in its report
        }
        if (r == null) {
          inPlace.read(sets.get(i), emptyExpected.get(i));
        } else {
          TAKEN.incrementAndGet();
          replay.accept(r);
        }
      }
    } finally {
      ahead.values().forEach(f -> f.cancel(true));
    }
  }
}
