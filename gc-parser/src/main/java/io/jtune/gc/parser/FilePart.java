package io.jtune.gc.parser;

import io.jtune.gc.input.LineReader;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.Callable;

/**
 * Reads one part of a file read in parallel (a task on the parse threads). A part after the
 * first starts a new parser, primed with the file's first lines (the header facts the parser
 * carries: collector, flags, heap bounds), and keeps a checkpoint after line 1, 2, 4, ... of its
 * part. At the end of its part the parser reads on into the next part beside a second new
 * parser started where that part starts (as the next part's task did): as soon as, at a
 * checkpoint, both are in the same state ({@link StateCompare}), what the next part's task
 * emitted after that checkpoint is what this parser would emit, and the part joins there.
 * When they do not agree within the checkpoints (a concurrent cycle open across the boundary
 * for 100,000 lines), this task reads that part too and tries the next one.
 */
final class FilePart implements Callable<FilePart.Result> {
  /** What a task read: its output from its part's start, and where the next task's output takes over. */
  static final class Result {
    final ChunkOutput out;
    final ParseReport report;
    final GcLogParser parser;
    final RoutedSink sink;
    final ParserContext context;
    /** Lines of each part this task read whole (its own and the ones it read on through). */
    final long[] lines;
    /** The part whose task's output continues this one (unless {@link #end}). */
    int joinPart;
    /** The checkpoint line of {@link #joinPart} after which that task's output is used. */
    long joinLine;
    /** This task read to the end of the file. */
    boolean end;

    Result(ChunkOutput out, ParseReport report, GcLogParser parser, RoutedSink sink, ParserContext context, int parts) {
      this.out = out;
      this.report = report;
      this.parser = parser;
      this.sink = sink;
      this.context = context;
      this.lines = new long[parts];
    }
  }

  /** Thrown by the line sink to stop reading once the parts joined. */
  private static final class Joined extends RuntimeException {
    Joined() {
      super(null, null, false, false);
    }
  }

  private static final Joined JOINED = new Joined();
  private static final boolean TRACE = Boolean.getBoolean("jtune.parallel.trace");
  /** How many times a part joined the part before it (for the test that checks parts do join). */
  static final java.util.concurrent.atomic.AtomicLong JOINS = new java.util.concurrent.atomic.AtomicLong();

  private final ParallelFile file;
  private final int part;
  /** The first part's at once; a later part's made on its parse thread (priming a parser is work). */
  private Result result;

  /** The first part: the reader's own parser, with its state from earlier sources. */
  FilePart(ParallelFile file, GcLogParser parser, RoutedSink sink, ParserContext context) {
    this.file = file;
    this.part = 0;
    this.result = new Result(file.newOutput(), new ParseReport(), parser, sink, context, file.parts());
    context.report(result.report);
    context.chunk(result.out);
    sink.target(result.out);
  }

  /** A later part: a new parser primed with the file's header (on the thread that reads the part). */
  FilePart(ParallelFile file, int part) {
    this.file = file;
    this.part = part;
  }

  /** A new parser primed with the file's header, with an output of its own. */
  private Result primed() {
    ParserContext ctx = new ParserContext(new ParseReport());
    ctx.source(file.name());
    RoutedSink sink = new RoutedSink(e -> { });
    GcLogParser p = file.primedParser(ctx, sink);
    Result r = new Result(file.newOutput(), new ParseReport(), p, sink, ctx, file.parts());
    ctx.report(r.report);
    ctx.chunk(r.out);
    sink.target(r.out);
    return r;
  }

  @Override
  public Result call() throws IOException {
    if (result == null) {
      result = primed();
    }
    Result r = result;
    r.lines[part] = read(part, part > 0, null);
    for (int next = part + 1; next < file.parts(); next++) {
      GcLogParser shadow = file.primedParser(new ParserContext(new ParseReport()), new RoutedSink(e -> { }));
      long[] join = {0};
      try {
        r.lines[next] = read(next, false, new Shadow(shadow, join));
      } catch (Joined j) {
        r.joinPart = next;
        r.joinLine = join[0];
        return r;
      }
    }
    r.parser.endOfSource();
    r.end = true;
    return r;
  }

  /** The parser started where a part starts, read beside this task's parser until they agree. */
  private static final class Shadow {
    GcLogParser parser;
    final long[] join;

    Shadow(GcLogParser parser, long[] join) {
      this.parser = parser;
      this.join = join;
    }
  }

  /** Reads part {@code p}; returns its line count. */
  private long read(int p, boolean checkpoints, Shadow shadow) throws IOException {
    long before = LineNumbers.tag(file.number(), p);
    GcLogParser parser = result.parser;
    ParseReport report = result.report;
    ChunkOutput out = result.out;
    String name = file.name();
    long[] last = {before};
    try (InputStream in = file.open(p)) {
      LineReader.read(in, before, line -> {
        last[0] = line.number();
        if (line.truncated()) {
          report.unparsed(name, line.number(),
              "line longer than " + LineReader.MAX_LINE + " bytes: " + line.substring(0, 120));
        } else {
          parser.accept(line);
          if (shadow != null && shadow.parser != null) {
            shadow.parser.accept(line);
          }
        }
        long local = line.number() - before;
        if (ChunkOutput.isCheck(local)) {
          if (checkpoints) {
            out.checkpoint(local, report);
          }
          if (shadow != null && shadow.parser != null) {
            if (StateCompare.same(parser, shadow.parser)) {
              shadow.join[0] = local;
              JOINS.incrementAndGet();
              if (TRACE) {
                System.err.println("joined part " + part + " at line " + local + " of part " + p);
              }
              throw JOINED;
            }
            if (TRACE) {
              System.err.println("part " + part + " at line " + local + " of part " + p + ": "
                  + StateCompare.difference(parser, shadow.parser));
            }
            if (local == ChunkOutput.LAST_CHECK) {
              shadow.parser = null; // no checkpoint left to join at: read the part alone
            }
          }
        }
      });
    }
    return last[0] - before;
  }
}
