package io.jtune.gc.parser.jdk8;

import io.jtune.gc.event.Collector;
import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.GcNotice;
import io.jtune.gc.event.SafepointPause;
import io.jtune.gc.input.Ascii;
import io.jtune.gc.input.Line;
import io.jtune.gc.parser.GcLogParser;
import io.jtune.gc.parser.NameCache;
import io.jtune.gc.parser.ParserContext;
import java.util.function.Consumer;

/**
 * Parser for JDK 6/7/8-style GC logs ({@code -verbose:gc}, {@code -XX:+PrintGCDetails}) of the
 * Serial, Parallel, ParNew/CMS (incl. iCMS), G1 and JDK 8 Shenandoah collectors.
 */
public final class Jdk8LogParser implements GcLogParser {
  /*
   * One pass, one small reader per concern: this class sorts the lines (records, detail lines,
   * heap blocks, header lines, other output); RecordAssembly joins records the JVM split over
   * several lines; RecordReader and BodyScanner read a record's text; Pauses emits pauses (held
   * for the detail lines that may follow: G1DetailLines, TenuringLines); ConcurrentCycles,
   * ShenandoahRecords, HeaderLines and CollectorDetection do what their names say. They are
   * final classes called directly, so the per-line path has no virtual dispatch.
   *
   * Order: a pause whose record has no "[Times: ...]" is held until the next line, which may
   * carry its details (G1 phase lines, "[Eden: ...]", " [Times: ...]", tenuring); any other line
   * emits it. CMS/G1 concurrent phases glued into a record are emitted after the record's pause,
   * as they started after it (Deferred); a young collection logged inside a CMS remark
   * (CMSScavengeBeforeRemark) runs within the remark's stop and is a phase of that pause. ConcurrentPhase events carry the time stamp of the line that
   * ended them (CMS and G1 print a phase when it ends), so a phase started durationMs before its
   * uptime.
   *
   * Hot path: most lines are one-line records or block lines decided by their first characters;
   * nothing allocates for a line that produces no event. Strings are made only for names,
   * causes and phase keys, through NameCache.
   */
  private static final Ascii STOPPED = Ascii.of("Total time for which application threads were stopped: ");
  private static final Ascii APPLICATION_TIME = Ascii.of("Application time:");
  private static final Ascii AGE_LINE = Ascii.of("- age");
  private static final Ascii DASHES = Ascii.of("---");
  private static final Ascii DESIRED_SURVIVOR_SIZE = Ascii.of("Desired survivor size ");
  private static final Ascii BRACE_HEAP_BEFORE = Ascii.of("{Heap before");
  private static final Ascii HEAP_AFTER = Ascii.of("Heap after");
  private static final Ascii HEAP = Ascii.of("Heap");
  private static final Ascii TOTAL_FREE_SPACE = Ascii.of("Total Free Space:");
  private static final Ascii TREE_HEIGHT = Ascii.of("Tree      Height:");
  private static final Ascii TLAB = Ascii.of("TLAB");
  private static final Ascii MAX_CHUNK_SIZE = Ascii.of("Max   Chunk Size:");
  private static final Ascii CANCELLING_CONCURRENT_GC = Ascii.of("Cancelling concurrent GC");
  private static final Ascii STATISTICS_FOR = Ascii.of("Statistics for ");
  private static final Ascii NUMBER_OF_BLOCKS = Ascii.of("Number of Blocks:");
  private static final Ascii NO_SHARED_SPACES = Ascii.of("No shared spaces");
  private static final Ascii AV_BLOCK_SIZE = Ascii.of("Av.  Block  Size:");
  private static final Ascii ADAPTIVE_SIZE = Ascii.of("AdaptiveSize");
  private static final Ascii PS_ADAPTIVE_SIZE_POLICY = Ascii.of("PSAdaptiveSizePolicy::");
  private static final Ascii BEFORE_GC = Ascii.of("Before GC:");
  private static final Ascii AVG_ = Ascii.of("avg_");
  private static final Ascii FREE = Ascii.of("free=");
  private static final Ascii SIZE_BRACKET = Ascii.of("size[");
  private static final Ascii COMMA_METASPACE = Ascii.of(", [Metaspace:");
  private static final Ascii GC_LOG_FILE = Ascii.of("GC log file ");
  private static final Ascii BRACKET_TIMES = Ascii.of("[Times:");
  private static final Ascii ADDRESS = Ascii.of("[0x");
  private static final Ascii CONCURRENT_MARK_SWEEP = Ascii.of("concurrent mark-sweep");
  private static final Ascii TENURED_GENERATION = Ascii.of("tenured generation");
  private static final Ascii CMS_ABORT_PRECLEAN = Ascii.of("CMS: abort preclean");
  private static final Ascii PAREN_CONCURRENT_MODE_FAILURE = Ascii.of("(concurrent mode failure)");
  private static final Ascii FRAG = Ascii.of("frag=");
  private static final Ascii BRACKET_G1_ERGONOMICS = Ascii.of("[G1Ergonomics");
  private static final Ascii CONCURRENT_RS_PROCESSED = Ascii.of("Concurrent RS processed");
  private static final Ascii TOTAL_HEAP_REGION_REM_SET = Ascii.of("Total heap region rem set");
  private static final Ascii DESIRED_SURVIVOR = Ascii.of("Desired survivor");
  private static final Ascii TOOK = Ascii.of("took: ");
  private static final Ascii JAVA_HOTSPOT = Ascii.of("Java HotSpot");
  private static final Ascii OPENJDK = Ascii.of("OpenJDK");
  private static final Ascii MEMORY = Ascii.of("Memory: ");
  private static final Ascii COMMAND_LINE_FLAGS = Ascii.of("CommandLine flags: ");
  private static final Ascii SHENANDOAH_HEAP = Ascii.of("Shenandoah Heap");
  private static final Ascii TRIGGER = Ascii.of("Trigger: ");

  private final ParserContext ctx;
  private final Consumer<GcEvent> sink;
  private final Stamps st = new Stamps();
  private final CollectorDetection col;
  private final Deferred deferred;
  private final TenuringLines tenuring;
  private final ConcurrentCycles cycles;
  private final Pauses pauses;
  private final RecordAssembly assembly;
  private final G1DetailLines g1;
  private final HeaderLines header;
  private final ShenandoahRecords shenandoah;
  /** Inside a heap block ("{Heap before GC ...", "Heap after GC ...", "Heap" at exit). */
  private boolean inHeapBlock;

  public Jdk8LogParser(ParserContext ctx, Consumer<GcEvent> sink) {
    this.ctx = ctx;
    this.sink = sink;
    NameCache names = new NameCache();
    col = new CollectorDetection(sink, st);
    deferred = new Deferred(sink);
    tenuring = new TenuringLines(ctx);
    cycles = new ConcurrentCycles(sink, names, st, deferred, col);
    pauses = new Pauses(sink, deferred, tenuring, cycles, col);
    BodyScanner scan = new BodyScanner(pauses, cycles, col);
    shenandoah = new ShenandoahRecords(sink, names, st, pauses, scan, col);
    RecordReader records = new RecordReader(names, st, pauses, deferred, scan, cycles, shenandoah, col);
    scan.records(records);
    assembly = new RecordAssembly(ctx, st, pauses, scan, records);
    g1 = new G1DetailLines(ctx, names, pauses, scan);
    header = new HeaderLines(ctx, sink, st, col);
  }

  @Override
  public void accept(Line t) {
    st.start(t);
    int n = t.length();
    if (n == 0) {
      ctx.otherText(t);
      return;
    }
    char c0 = t.charAt(0);
    int p = Line.isDigit(c0) || c0 == '#' ? st.read(t, 0) : 0;
    if (p == 0 && flsLine(t, c0)) {
      // what the general path below does with such a line (no record continues with it, it
      // is not a detail of the pause held back, it is GC output), without its searches
      if (pauses.pending) {
        pauses.flushPending();
      }
      ctx.understood();
      return;
    }
    if (assembly.open && assembly.offer(t, p, c0)) {
      return;
    }
    if (pauses.pending && !attachable(t, c0)) {
      pauses.flushPending();
    }
    dispatch(t, p, c0);
  }

  @Override
  public void endOfSource() {
    if (assembly.open) {
      assembly.closeRecord();
    }
    if (pauses.pending) {
      pauses.flushPending();
    }
    cycles.endG1Cycle();
    col.endOfSource();
    inHeapBlock = false;
    tenuring.clear();
  }

  private void dispatch(Line t, int p, char c0) {
    char c = t.at(p);
    if (c == '[') {
      assembly.bracketLine(t, p);
      return;
    }
    if (p > 0) {
      if (t.startsWith(STOPPED, p)) {
        safepoint(t, p);
      } else if (t.startsWith(APPLICATION_TIME, p)) {
        ctx.understood();
      } else {
        ctx.notUnderstood(t);
      }
      return;
    }
    switch (c0) {
      case ' ', '\t' -> spaceLine(t);
      case '-' -> {
        if (t.startsWith(AGE_LINE)) {
          tenuring.age(t);
        } else if (t.startsWith(DASHES)) {
          ctx.understood();
        } else {
          ctx.otherText(t);
        }
      }
      case 'D' -> {
        if (t.startsWith(DESIRED_SURVIVOR_SIZE)) {
          tenuring.head(t);
        } else {
          ctx.otherText(t);
        }
      }
      case '{' -> {
        inHeapBlock = t.startsWith(BRACE_HEAP_BEFORE);
        understoodIf(t, inHeapBlock);
      }
      case '}' -> {
        inHeapBlock = false;
        ctx.understood();
      }
      case 'H' -> {
        inHeapBlock = t.startsWith(HEAP_AFTER) || (t.startsWith(HEAP) && t.length() == 4);
        understoodIf(t, inHeapBlock);
      }
      case 'T' -> {
        if (t.startsWith(STOPPED)) {
          safepoint(t, 0);
        } else if (t.startsWith(TRIGGER)) {
          shenandoah.trigger(t, TRIGGER.length());
          ctx.understood();
        } else {
          understoodIf(t, t.startsWith(TOTAL_FREE_SPACE) || t.startsWith(TREE_HEIGHT)
              || t.startsWith(TLAB));
        }
      }
      case 'J', 'O' -> {
        if (t.startsWith(JAVA_HOTSPOT) || t.startsWith(OPENJDK)) {
          header.version(t);
        } else {
          ctx.otherText(t);
        }
      }
      case 'M' -> {
        if (t.startsWith(MEMORY)) {
          header.memory(t);
        } else {
          understoodIf(t, t.startsWith(MAX_CHUNK_SIZE));
        }
      }
      case 'C' -> {
        if (t.startsWith(COMMAND_LINE_FLAGS)) {
          header.flags(t);
        } else {
          understoodIf(t, t.startsWith(CANCELLING_CONCURRENT_GC));
        }
      }
      case 'S' -> {
        if (t.startsWith(SHENANDOAH_HEAP)) {
          ctx.understood();
          inHeapBlock = true;
          if (!col.collectorKnown) {
            col.collector(Collector.SHENANDOAH);
          }
        } else {
          understoodIf(t, t.startsWith(STATISTICS_FOR));
        }
      }
      case 'N' -> understoodIf(t, t.startsWith(NUMBER_OF_BLOCKS) || t.startsWith(NO_SHARED_SPACES));
      case 'A' -> understoodIf(t, t.startsWith(AV_BLOCK_SIZE) || t.startsWith(APPLICATION_TIME)
          || t.startsWith(ADAPTIVE_SIZE));
      case 'P' -> understoodIf(t, t.startsWith(PS_ADAPTIVE_SIZE_POLICY));
      case 'B' -> understoodIf(t, t.startsWith(BEFORE_GC));
      case 'a' -> understoodIf(t, t.startsWith(AVG_));
      case 'f' -> understoodIf(t, t.startsWith(FREE));
      case 's' -> understoodIf(t, t.startsWith(SIZE_BRACKET));
      case ',' -> {
        if (t.startsWith(COMMA_METASPACE)) {
          ctx.understood();
        } else {
          ctx.notUnderstood(t);
        }
      }
      case ':' -> ctx.notUnderstood(t);
      default -> {
        if (Line.isDigit(c0) && t.indexOf(GC_LOG_FILE) > 0) {
          ctx.understood();
        } else {
          ctx.otherText(t);
        }
      }
    }
  }

  /**
   * A line of -XX:PrintFLSStatistics output (about twelve per CMS collection, inside its record):
   * "Total Free Space: N" and the like, the "Statistics for ..." heading or a dashes rule, with
   * no bracket in it.
   */
  private static boolean flsLine(Line t, char c0) {
    Ascii key = switch (c0) {
      case 'T' -> t.at(1) == 'o' ? TOTAL_FREE_SPACE : TREE_HEIGHT;
      case 'M' -> MAX_CHUNK_SIZE;
      case 'N' -> NUMBER_OF_BLOCKS;
      case 'A' -> AV_BLOCK_SIZE;
      case 'S' -> STATISTICS_FOR;
      case '-' -> DASHES;
      default -> null;
    };
    if (key == null || !t.startsWith(key)) {
      return false;
    }
    if (c0 == 'S' || c0 == '-') {
      return t.indexOf('[', ']', 0) < 0;
    }
    long v = t.parseLong(t.skipSpaces(key.length()));
    return v >= 0 && t.end() == t.length();
  }

  private void understoodIf(Line t, boolean gcOutput) {
    if (gcOutput) {
      ctx.understood();
    } else {
      ctx.otherText(t);
    }
  }

  /** Lines that begin with white space: G1 details, heap blocks, Times, FLS and RS statistics. */
  private void spaceLine(Line t) {
    int q = t.skipSpaces(0);
    if (pauses.pending && (t.at(q) == '[' || pauses.pendingPhaseKey != null)) {
      g1.detail(t, q);
      return;
    }
    if (t.startsWith(BRACKET_TIMES, q)) {
      ctx.understood();
      return;
    }
    if (inHeapBlock || t.indexOf(ADDRESS, q) > 0) {
      if (!col.collectorKnown && inHeapBlock) {
        if (t.startsWith(CONCURRENT_MARK_SWEEP, q)) {
          col.cmsSeen = true;
        } else if (t.startsWith(TENURED_GENERATION, q)) {
          col.tenuredSeen = true;
        }
      }
      ctx.understood();
      return;
    }
    if (t.startsWith(CMS_ABORT_PRECLEAN, q)) {
      int b = t.indexOf('[', q);
      int s = b;
      while (s > q && t.charAt(s - 1) != ' ') {
        s--;
      }
      st.read(t, s);
      cycles.concurrent(t, b, st.uptime, st.epoch, false);
      deferred.flush();
      ctx.understood();
      return;
    }
    if (t.startsWith(PAREN_CONCURRENT_MODE_FAILURE, q)) {
      sink.accept(new GcNotice(st.gcId, Double.NaN, GcEvent.NO_EPOCH, GcNotice.Kind.CONCURRENT_MODE_FAILURE,
          "concurrent mode failure", Double.NaN, st.lineNo));
      ctx.understood();
      return;
    }
    if (t.startsWith(FREE, q) || t.startsWith(FRAG, q) || t.startsWith(BRACKET_G1_ERGONOMICS, q)
        || t.startsWith(AVG_, q) || t.startsWith(CONCURRENT_RS_PROCESSED, q)
        || t.startsWith(TOTAL_HEAP_REGION_REM_SET, q)) {
      ctx.understood();
      return;
    }
    int b = t.indexOf('[', q);
    if (b > q && Line.isDigit(t.at(q))) {
      // " 0.123: [G1Ergonomics ...]" adaptive-size lines
      int s = st.read(t, q);
      if (s == b && t.startsWith(BRACKET_G1_ERGONOMICS, b)) {
        ctx.understood();
        return;
      }
    }
    ctx.otherText(t);
  }

  /** Lines whose information belongs to the pause held back for details. */
  private boolean attachable(Line t, char c0) {
    return c0 == ' ' || c0 == '\t' || t.startsWith(DESIRED_SURVIVOR) || t.startsWith(AGE_LINE)
        || (c0 == '[' && t.startsWith(BRACKET_TIMES));
  }

  private void safepoint(Line t, int p) {
    int k = p + STOPPED.length();
    double stopped = t.parseDouble(k);
    if (Double.isNaN(stopped)) {
      ctx.notUnderstood(t);
      return;
    }
    double tts = Double.NaN;
    int took = t.indexOf(TOOK, t.end());
    if (took > 0) {
      tts = t.parseDouble(took + 6) * 1000.0;
    }
    ctx.understood();
    sink.accept(new SafepointPause(st.uptime, st.epoch, stopped * 1000.0, tts, st.lineNo));
  }
}
