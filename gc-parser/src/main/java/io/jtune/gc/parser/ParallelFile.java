package io.jtune.gc.parser;

import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.JvmInfo;
import io.jtune.gc.input.LineReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * One large plain file read on all cores: cut into parts at line starts, each part read by a
 * {@link FilePart} task on the shared {@link ParseThreads}, and the parts' output merged in
 * order on the calling thread into the timeline and the report, so that the events, their
 * order, the counts, the examples and the warnings are those of reading the file in one pass.
 * At most a few parts are in memory at once, whatever the size of the file.
 */
final class ParallelFile implements AutoCloseable {
  private static final int HEAD_BYTES = 64 * 1024;

  /** Stops priming once the header is read. */
  private static final class Primed extends RuntimeException {
    Primed() {
      super(null, null, false, false);
    }
  }

  private static final Primed PRIMED = new Primed();

  private final FileChannel channel;
  private final String name;
  private final LogFormat format;
  private final long size;
  /** Where each part starts, and the file's size last. */
  private final long[] starts;
  /** The file's first lines, fed to every new parser before its part. */
  private final byte[] head;
  /** Whether {@link #head} is the first lines of an earlier file of the rotated set, not this file's. */
  private final boolean headerOfEarlierFile;
  private final int number;
  /**
   * The blocks of the parts' packed output once merged, for the parts read after them: a file's
   * parts use the same few blocks over and over (as many as are read ahead at once).
   */
  private final java.util.Queue<long[]> blocks = new java.util.concurrent.ConcurrentLinkedQueue<>();

  private ParallelFile(FileChannel channel, String name, LogFormat format, long[] starts, byte[] head,
      boolean headerOfEarlierFile, int number) {
    this.channel = channel;
    this.name = name;
    this.format = format;
    this.size = starts[starts.length - 1];
    this.starts = starts;
    this.head = head;
    this.headerOfEarlierFile = headerOfEarlierFile;
    this.number = number;
  }

  /**
   * Opens {@code path} and cuts it into parts of about {@code partBytes} at line starts; the
   * parsers of later parts are primed with the lines of {@code header}: the file's own first
   * bytes, or ({@code headerOfEarlierFile}) those of an earlier file of its rotated set that has
   * the JVM's header, after which the parser is told that source ended.
   */
  static ParallelFile open(Path path, String name, LogFormat format, byte[] header, boolean headerOfEarlierFile,
      long partBytes, LineNumbers numbers) throws IOException {
    FileChannel ch = FileChannel.open(path, StandardOpenOption.READ);
    try {
      long size = ch.size();
      List<Long> s = new ArrayList<>();
      s.add(0L);
      // parts no longer than line numbering allows, and no more of them than it allows (a file
      // over 128 GB gets larger parts)
      long step = Math.max(size / (LineNumbers.MAX_PARTS - 1) + 1,
          Math.max(1, Math.min(partBytes, LineNumbers.MAX_PART_BYTES / 2)));
      for (long nominal = step; nominal < size && s.size() < LineNumbers.MAX_PARTS; nominal += step) {
        long start = lineStartAtOrAfter(ch, nominal, size);
        if (start < size && start > s.get(s.size() - 1)) {
          s.add(start);
        }
        nominal = Math.max(nominal, start - step / 2);
      }
      s.add(size);
      long[] starts = s.stream().mapToLong(Long::longValue).toArray();
      return new ParallelFile(ch, name, format, starts, wholeLines(header), headerOfEarlierFile,
          numbers.newFile(starts.length - 1));
    } catch (IOException | RuntimeException e) {
      ch.close();
      throw e;
    }
  }

  /** The first position at or after {@code at} that starts a line (after a '\n'), or {@code size}. */
  private static long lineStartAtOrAfter(FileChannel ch, long at, long size) throws IOException {
    ByteBuffer b = ByteBuffer.allocate(8192);
    long pos = at - 1;
    while (pos < size) {
      b.clear();
      int n = ch.read(b, pos);
      if (n <= 0) {
        return size;
      }
      for (int i = 0; i < n; i++) {
        if (b.get(i) == '\n') {
          return pos + i + 1;
        }
      }
      pos += n;
    }
    return size;
  }

  /** A new output for a part, its blocks taken from those of the parts merged before. */
  ChunkOutput newOutput() {
    return new ChunkOutput(blocks);
  }

  int parts() {
    return starts.length - 1;
  }

  String name() {
    return name;
  }

  int number() {
    return number;
  }

  long size() {
    return size;
  }

  /** The first {@value #HEAD_BYTES} bytes of {@code sniffed} or fewer, up to the end of a line. */
  private static byte[] wholeLines(byte[] sniffed) {
    int end = sniffed.length;
    while (end > 0 && sniffed[end - 1] != '\n') {
      end--;
    }
    return java.util.Arrays.copyOf(sniffed, Math.min(end, HEAD_BYTES));
  }

  /** A new parser for this file's format, fed the file's first lines; its events until then are dropped. */
  GcLogParser primedParser(ParserContext ctx, RoutedSink sink) {
    ctx.source(name);
    GcLogParser p = GcLogReader.newParser(format, ctx, sink);
    prime(p, sink, head, number);
    if (headerOfEarlierFile) {
      p.endOfSource(); // as the reader's parser has been at the end of that file (what it drops is dropped)
    }
    return p;
  }

  /**
   * Whether the first lines of a log ({@code sniffed}, its first bytes) hold facts of a JVM's
   * header (version, host, heap bounds, region size, flags) before its first collection: a file
   * that starts a JVM's log, not one its rotation began in the middle.
   */
  static boolean hasHeader(LogFormat format, byte[] sniffed) {
    RoutedSink sink = new RoutedSink(e -> { });
    GcLogParser p = GcLogReader.newParser(format, new ParserContext(new ParseReport()), sink);
    return prime(p, sink, wholeLines(sniffed), 0);
  }

  /**
   * Feeds {@code head}'s lines to {@code p} up to its first collection, dropping its events;
   * whether they held a header fact.
   */
  private static boolean prime(GcLogParser p, RoutedSink sink, byte[] head, int number) {
    boolean[] collection = {false};
    boolean[] header = {false};
    sink.target(e -> {
      if (e instanceof JvmInfo j) {
        header[0] |= j.version() != null || j.cpus() != null || j.memoryBytes() != null || j.heapMinBytes() != null
            || j.heapInitialBytes() != null || j.heapMaxBytes() != null || j.regionSizeBytes() != null
            || j.commandLineFlags() != null;
      } else {
        collection[0] = true;
      }
    });
    try {
      LineReader.read(new ByteArrayInputStream(head), LineNumbers.tag(number, 0), line -> {
        if (!line.truncated()) {
          p.accept(line);
        }
        if (collection[0]) {
          throw PRIMED; // the header is in; what follows is the part's
        }
      }, head.length + 1);
    } catch (Primed | IOException e) {
      // primed (a byte array does not fail to read)
    }
    return header[0];
  }

  /** The bytes of part {@code p}. */
  InputStream open(int p) {
    long from = starts[p];
    long to = starts[p + 1];
    return new InputStream() {
      private long pos = from;

      @Override
      public int read() throws IOException {
        ByteBuffer b = ByteBuffer.allocate(1);
        if (pos >= to || channel.read(b, pos) <= 0) {
          return -1;
        }
        pos++;
        return b.get(0) & 0xff;
      }

      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        if (pos >= to) {
          return -1;
        }
        int n = channel.read(ByteBuffer.wrap(b, off, (int) Math.min(len, to - pos)), pos);
        if (n > 0) {
          pos += n;
        }
        return n;
      }
    };
  }

  /** What reading the file gave: its lines and the parser that read its end (it goes on with the next source). */
  record Outcome(long lines, GcLogParser parser, RoutedSink sink, ParserContext context) {}

  /**
   * Reads the file: the first part with {@code parser} (the reader's, with its state), the
   * others on new parsers; merges every part's output in order into {@code events} and
   * {@code report}.
   */
  Outcome read(GcLogParser parser, RoutedSink sink, ParserContext context, ParseReport report,
      Consumer<GcEvent> events, LineNumbers numbers, ReadProgress progress) throws IOException {
    int n = parts();
    List<Future<FilePart.Result>> tasks = new ArrayList<>(n);
    int window = ParseThreads.window();
    long waitNs = 0;
    long mergeNs = 0;
    try {
      tasks.add(ParseThreads.submit(new FilePart(this, parser, sink, context)));
      int next = 0;
      long join = 0;
      long before = 0;
      while (true) {
        while (tasks.size() < n && tasks.size() <= next + window) {
          tasks.add(ParseThreads.submit(new FilePart(this, tasks.size())));
        }
        long t0 = System.nanoTime();
        FilePart.Result r = ParseThreads.join(tasks.get(next));
        long t1 = System.nanoTime();
        waitNs += t1 - t0;
        boolean last = r.end;
        int whole = last ? n : r.joinPart;
        for (int j = next; j < whole; j++) {
          numbers.linesBefore(number, j, before);
          before += r.lines[j];
        }
        if (!last) {
          numbers.linesBefore(number, r.joinPart, before);
        }
        merge(r, next, join, report, events, numbers);
        mergeNs += System.nanoTime() - t1;
        tasks.set(next, null); // merged: its output may go (memory stays flat with the file's size)
        for (int j = next + 1; j < whole && j < tasks.size(); j++) {
          tasks.get(j).cancel(false); // read by this task already
          tasks.set(j, null);
        }
        if (last) {
          if (Boolean.getBoolean("jtune.parallel.trace")) {
            System.err.printf("waited %.3f s, merged %.3f s%n", waitNs / 1e9, mergeNs / 1e9);
          }
          progress.progress(name, size, size);
          return new Outcome(before, r.parser, r.sink, r.context);
        }
        progress.progress(name, starts[r.joinPart], size);
        next = r.joinPart;
        join = r.joinLine;
      }
    } finally {
      for (Future<FilePart.Result> t : tasks) {
        if (t != null) {
          t.cancel(false);
        }
      }
    }
  }

  private void merge(FilePart.Result r, int part, long join, ParseReport report, Consumer<GcEvent> events,
      LineNumbers numbers) {
    r.out.forEach(join == 0 ? 0 : r.out.indexAfter(join), numbers::translate, o -> {
      if (o instanceof GcEvent e) {
        events.accept(e);
      } else {
        ChunkOutput.Warning w = (ChunkOutput.Warning) o;
        report.warning(name, numbers.translate(w.line()), w.text());
      }
    });
    r.out.release();
    report.add(r.report, join == 0 ? null : r.out.countsAt(join),
        line -> join == 0 || LineNumbers.part(line) != part || LineNumbers.local(line) > join, numbers::translate);
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}
