package io.jtune.gc.parser.unified;

import static io.jtune.gc.parser.unified.Outcome.BROKEN;
import static io.jtune.gc.parser.unified.Outcome.KNOWN;
import static io.jtune.gc.parser.unified.Outcome.UNKNOWN;
import static io.jtune.gc.parser.unified.SafepointLines.STOPPED;

import io.jtune.gc.event.Collector;
import io.jtune.gc.event.GcEvent;
import io.jtune.gc.input.Ascii;
import io.jtune.gc.input.Line;
import io.jtune.gc.parser.GcLogParser;
import io.jtune.gc.parser.NameCache;
import io.jtune.gc.parser.ParserContext;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Parser for JDK 9+ unified GC logs ({@code -Xlog:gc...}) of every HotSpot collector: Serial,
 * Parallel, CMS, G1, ZGC (single-generation and generational) and Shenandoah (incl.
 * generational).
 *
 * <p>Decorators are recognised by content, in any order: uptime ({@code [1.234s]}), uptimemillis
 * and timemillis ({@code [1234ms]}, told apart by magnitude), uptimenanos and timenanos, time and
 * utctime (ISO-8601), pid/tid (ignored), level and tags. A line with tags outside the gc family,
 * {@code safepoint} and {@code arguments} is reported as other text.
 *
 * <p>Events and their time stamps:
 * <ul>
 *   <li>{@link io.jtune.gc.event.GcPause} per stop-the-world pause, stamped at its start (the
 *       {@code gc,start} line, else the summary line minus the duration), emitted once its
 *       summary line and the {@code gc,cpu} line after it were read (or, without a cpu line,
 *       when the next pause, a safepoint line or another line of the same GC id comes);
 *   <li>{@link io.jtune.gc.event.ConcurrentPhase} per concurrent phase with a duration, and
 *       one with {@code wholeCycle} per G1 concurrent cycle, CMS cycle, ZGC collection and
 *       Shenandoah cycle, stamped at the line that ends them;
 *   <li>{@link io.jtune.gc.event.SafepointPause} per {@code safepoint} line, stamped at the
 *       line;
 *   <li>{@link io.jtune.gc.event.GcNotice} for ZGC allocation stalls and Shenandoah cancelled
 *       cycles;
 *   <li>{@link io.jtune.gc.event.JvmInfo} fragments from {@code gc,init} and header lines, sent
 *       at once.
 * </ul>
 * Events are delivered in time order: while a pause is still being read, later events wait, and
 * every event waits until the log's clock is 50 ms past it (or the source ends).
 *
 * <p>Line accounting: lines with a gc-family tag whose message this parser does not model
 * (task, ergonomics, reference and statistics lines, ...) count as understood; a line that has
 * the shape of an event line but whose numbers cannot be read counts as not understood.
 */
public final class UnifiedLogParser implements GcLogParser {
  /*
   * Hot path: most lines of a big log are detail lines. accept() scans the decorators once
   * (CurrentLine), reads the GC id, and switches on the first character of the message to the
   * handler of its kind of line; Strings are made only for names and causes of events, through
   * NameCache so repeated names cost nothing. The handlers are final classes called directly.
   */
  private static final Ascii GC_ID = Ascii.of("GC(");
  private static final Ascii USER = Ascii.of("User=");
  private static final Ascii PAUSE_ = Ascii.of("Pause ");
  private static final Ascii PS_YOUNG_GEN = Ascii.of("PSYoungGen: ");
  private static final Ascii PAR_NEW = Ascii.of("ParNew: ");
  private static final Ascii PAR_OLD_GEN = Ascii.of("ParOldGen: ");
  private static final Ascii PROMOTION_FAILED = Ascii.of("Promotion failed");
  private static final Ascii CONCURRENT_ = Ascii.of("Concurrent ");
  private static final Ascii CMS = Ascii.of("CMS: ");
  private static final Ascii CANCELLING = Ascii.of("Cancelling ");
  private static final Ascii TRIGGER = Ascii.of("Trigger: ");
  private static final Ascii CPUS = Ascii.of("CPUs: ");
  private static final Ascii COMMAND_LINE_FLAGS = Ascii.of("CommandLine flags: ");
  private static final Ascii COMMAND_LINE = Ascii.of("Command Line: ");
  private static final Ascii EDEN_REGIONS = Ascii.of("Eden regions: ");
  private static final Ascii SURVIVOR_REGIONS = Ascii.of("Survivor regions: ");
  private static final Ascii SHENANDOAH_ = Ascii.of("Shenandoah ");
  private static final Ascii INITIALIZING_Z = Ascii.of("Initializing The Z Garbage Collector");
  private static final Ascii INITIALIZE_SHENANDOAH = Ascii.of("Initialize Shenandoah heap");
  private static final Ascii SAFEPOINT = Ascii.of("Safepoint \"");
  private static final Ascii OLD_REGIONS = Ascii.of("Old regions: ");
  private static final Ascii OLD = Ascii.of("Old: ");
  private static final Ascii OLD_GENERATION = Ascii.of("Old Generation");
  private static final Ascii YOUNG_GENERATION = Ascii.of("Young Generation");
  private static final Ascii HUMONGOUS_REGIONS = Ascii.of("Humongous regions: ");
  private static final Ascii HEAP_ = Ascii.of("Heap ");
  private static final Ascii HEAP = Ascii.of("Heap");
  private static final Ascii ARCHIVE_REGIONS = Ascii.of("Archive regions: ");
  private static final Ascii ALLOCATION_STALL = Ascii.of("Allocation Stall (");
  private static final Ascii AGE_TABLE = Ascii.of("Age table with threshold ");
  private static final Ascii APPLICATION_TIME = Ascii.of("Application time: ");
  private static final Ascii TENURED = Ascii.of("Tenured: ");
  private static final Ascii TO_SPACE_EXHAUSTED = Ascii.of("To-space exhausted");
  private static final Ascii DEF_NEW = Ascii.of("DefNew: ");
  private static final Ascii DESIRED_SURVIVOR_SIZE = Ascii.of("Desired survivor size ");
  private static final Ascii METASPACE = Ascii.of("Metaspace: ");
  private static final Ascii MINOR_COLLECTION = Ascii.of("Minor Collection");
  private static final Ascii MAJOR_COLLECTION = Ascii.of("Major Collection");
  private static final Ascii MODE_GENERATIONAL = Ascii.of("Mode: Generational");
  private static final Ascii MEMORY = Ascii.of("Memory: ");
  private static final Ascii GARBAGE_COLLECTION = Ascii.of("Garbage Collection (");
  private static final Ascii USING = Ascii.of("Using ");
  private static final Ascii VERSION = Ascii.of("Version: ");
  private static final Ascii JVM_ARGS = Ascii.of("JVM Args: ");
  private static final Ascii JVM_ARGS_LOWER = Ascii.of("jvm_args: ");
  private static final Ascii AGE_LINE = Ascii.of("- age ");
  private static final Ascii CAPACITY = Ascii.of("Capacity:");
  private static final Ascii LIVE = Ascii.of("Live:");
  private static final Ascii ALLOCATED = Ascii.of("Allocated:");
  private static final Ascii RECLAIMED = Ascii.of("Reclaimed:");
  private static final Ascii PROMOTED = Ascii.of("Promoted:");

  private final ParserContext ctx;
  private final CurrentLine cur = new CurrentLine();
  /** The pauses being read (owned by {@link Pauses}); checked here first, as most lines find none. */
  private final List<PendingPause> openPauses = new ArrayList<>(4);
  private final EventOrder out;
  private final JvmInfoLines info;
  private final Pauses pauses;
  private final PauseLines pauseLines;
  private final PauseDetailLines details;
  private final CycleLines cycles;
  private final ZgcLines zgc;
  private final ZgcStatistics zgcStatistics;
  private final SafepointLines safepoints;

  public UnifiedLogParser(ParserContext ctx, Consumer<GcEvent> sink) {
    this.ctx = ctx;
    NameCache names = new NameCache();
    Fields fields = new Fields();
    List<PendingCycle> openCycles = new ArrayList<>(4);
    out = new EventOrder(sink, cur, openPauses, openCycles);
    info = new JvmInfoLines(cur, out);
    pauses = new Pauses(cur, info, out, openPauses);
    cycles = new CycleLines(cur, fields, names, info, out, openCycles);
    zgc = new ZgcLines(cur, fields, names, info, out);
    zgcStatistics = new ZgcStatistics(cur, zgc);
    pauseLines = new PauseLines(cur, fields, names, info, pauses, cycles, zgc);
    details = new PauseDetailLines(cur, fields, names, info, pauses);
    safepoints = new SafepointLines(cur, pauses, out);
  }

  /** Off only in the test that checks reading with and without reuse gives the same. */
  void reuseDecorations(boolean reuse) {
    cur.reuseDecorations = reuse;
  }

  @Override
  public void accept(Line l) {
    if (l.isBlank()) {
      ctx.otherText(l);
      return;
    }
    cur.line = l;
    int i = cur.reused(l);
    if (i < 0) {
      i = cur.decorations(l);
    }
    boolean decorated = cur.decorated;
    int tags = cur.tags;
    if (tags == CurrentLine.TAGS_OTHER) {
      ctx.otherText(l);
      return;
    }
    if (tags == CurrentLine.TAGS_STATISTICS) {
      ctx.understood(); // end-of-run statistics tables (Shenandoah, ZGC)
      return;
    }
    int result = message(l, i);
    if (result == BROKEN) {
      ctx.notUnderstood(l);
    } else if (result == KNOWN || decorated && tags != CurrentLine.TAGS_ARGUMENTS || !decorated && cur.gcId >= 0) {
      ctx.understood();
    } else {
      ctx.otherText(l);
    }
    cur.line = null;
  }

  @Override
  public void endOfSource() {
    pauses.endOfSource();
    cycles.endOfSource();
    zgc.endOfSource();
    info.newSource();
    out.sendAll();
  }

  @Override
  public void endOfInput() {
    zgc.exit();
    out.sendAll();
  }

  private int message(Line l, int start) {
    int m = start;
    long gcId = -1;
    if (l.startsWith(GC_ID, m)) {
      long v = l.parseLong(m + 3);
      int e = l.end();
      if (v >= 0 && l.at(e) == ')') {
        gcId = v;
        m = e + 1;
      }
    }
    int afterId = m;
    while (l.at(m) == ' ') {
      m++;
    }
    cur.gcId = gcId;
    cur.indent = m - afterId - (gcId >= 0 ? 1 : 0);
    cur.nameStart = m;
    char c = l.at(m);
    cur.generation = 0;
    if ((c == 'Y' || c == 'y' || c == 'O') && l.at(m + 1) == ':' && l.at(m + 2) == ' ') {
      // generational ZGC: Y (major young), y (minor young), O (old); statistics rows are indented after it
      cur.generation = c;
      m = l.skipSpaces(m + 3);
      cur.nameStart = m;
      info.reportGenerationalZgc();
    }
    if (gcId >= 0 && !openPauses.isEmpty() && (l.at(m) != 'U' || !l.startsWith(USER, m))) {
      pauses.emitIfComplete(gcId);
    }
    int r = dispatch(l, m);
    if (r == UNKNOWN && gcId >= 0) {
      r = details.phase(l, m);
    }
    return r;
  }

  private int dispatch(Line l, int m) {
    switch (l.at(m)) {
      case 'P': {
        // the second character tells the keys apart; G1's many "Pre.../Prepare..." phases try one
        char p1 = l.at(m + 1);
        if (p1 == 'a' && l.startsWith(PAUSE_, m)) {
          return pauseLines.pause(l, m);
        }
        if (p1 == 'S' && l.startsWith(PS_YOUNG_GEN, m) || p1 == 'a' && l.startsWith(PAR_NEW, m)) {
          return details.generation(l, m, true);
        }
        if (p1 == 'a' && l.startsWith(PAR_OLD_GEN, m)) {
          return details.generation(l, m, false);
        }
        if (p1 == 'r' && l.startsWith(PROMOTION_FAILED, m)) {
          return details.promotionFailed();
        }
        if (p1 == 'r' && l.startsWith(PROMOTED, m)) {
          return zgcStatistics.row(l, m, m + 9);
        }
        return UNKNOWN;
      }
      case 'C':
        if (l.startsWith(CONCURRENT_, m)) {
          return cycles.concurrent(l, m);
        }
        if (l.startsWith(CMS, m)) {
          return details.generation(l, m, false);
        }
        if (l.startsWith(CANCELLING, m)) {
          return cycles.cancelled(l, m);
        }
        if (l.startsWith(CPUS, m)) {
          return info.cpus(l, m);
        }
        if (l.startsWith(COMMAND_LINE_FLAGS, m) || l.startsWith(COMMAND_LINE, m)) {
          return info.flags(l, l.indexOf(':', m) + 1);
        }
        if (l.startsWith(CAPACITY, m)) {
          return zgcStatistics.row(l, m, m + 9);
        }
        return UNKNOWN;
      case 'E':
        if (l.startsWith(EDEN_REGIONS, m)) {
          info.inferCollector(Collector.G1);
          return details.regions(l, m + 14, PendingPause.EDEN);
        }
        return UNKNOWN;
      case 'S':
        if (l.startsWith(SURVIVOR_REGIONS, m)) {
          return details.regions(l, m + 18, PendingPause.SURVIVOR);
        }
        if (l.startsWith(SAFEPOINT, m)) {
          return safepoints.safepoint(l, m);
        }
        if (l.startsWith(SHENANDOAH_, m)) { // "Shenandoah heuristics: ...", "Shenandoah GC mode: ..." (gc,init)
          info.inferCollector(Collector.SHENANDOAH);
        }
        return UNKNOWN;
      case 'O':
        if (l.startsWith(OLD_REGIONS, m)) {
          return details.regions(l, m + 13, PendingPause.OLD);
        }
        if (l.startsWith(OLD, m)) {
          return details.generation(l, m, false);
        }
        // generational ZGC's "Old Generation" and "Young Generation" lines (the start, summary and
        // statistics title of a generation's part of a collection) are no phases
        return l.startsWith(OLD_GENERATION, m) ? KNOWN : UNKNOWN;
      case 'Y':
        return l.startsWith(YOUNG_GENERATION, m) ? KNOWN : UNKNOWN;
      case 'L':
        return l.startsWith(LIVE, m) ? zgcStatistics.row(l, m, m + 5) : UNKNOWN;
      case 'R':
        return l.startsWith(RECLAIMED, m) ? zgcStatistics.row(l, m, m + 10) : UNKNOWN;
      case 'H':
        if (l.startsWith(HUMONGOUS_REGIONS, m)) {
          return details.regions(l, m + 19, PendingPause.HUMONGOUS);
        }
        if (l.startsWith(HEAP_, m)) {
          return info.heapInfo(l, m + 5);
        }
        if (cur.gcId < 0 && l.length() == m + 4 && l.startsWith(HEAP, m)) {
          zgc.exit(); // the exit report ("Heap" at gc,heap,exit): a collection still open was cut off by the exit
        }
        return UNKNOWN;
      case 'A':
        if (l.startsWith(ARCHIVE_REGIONS, m)) {
          return details.regions(l, m + 17, PendingPause.ARCHIVE);
        }
        if (l.startsWith(ALLOCATION_STALL, m)) {
          return zgc.allocationStall(l, m);
        }
        if (l.startsWith(AGE_TABLE, m)) {
          return details.ageTable(l, m + 25);
        }
        if (l.startsWith(ALLOCATED, m)) {
          return zgcStatistics.row(l, m, m + 10);
        }
        return l.startsWith(APPLICATION_TIME, m) ? KNOWN : UNKNOWN;
      case 'T':
        if (l.startsWith(TENURED, m)) {
          return details.generation(l, m, false);
        }
        if (l.startsWith(STOPPED, m)) {
          return safepoints.stoppedTime(l, m + STOPPED.length());
        }
        if (l.startsWith(TO_SPACE_EXHAUSTED, m)) {
          return details.toSpaceExhausted();
        }
        if (l.startsWith(TRIGGER, m)) {
          return cycles.trigger(l, m + TRIGGER.length());
        }
        return UNKNOWN;
      case 'D':
        if (l.startsWith(DEF_NEW, m)) {
          return details.generation(l, m, true);
        }
        if (l.startsWith(DESIRED_SURVIVOR_SIZE, m)) {
          return details.desiredSurvivor(l, m + 22);
        }
        return UNKNOWN;
      case 'M':
        if (l.startsWith(METASPACE, m)) {
          return details.metaspace(l, m + 11);
        }
        if ((l.startsWith(MINOR_COLLECTION, m) || l.startsWith(MAJOR_COLLECTION, m))
            && l.at(m + 16) != ':') {
          info.reportGenerationalZgc();
          return zgc.zgcCollection(l, m);
        }
        if (l.startsWith(MODE_GENERATIONAL, m)) {
          return info.generationalMode(l);
        }
        if (l.startsWith(MEMORY, m)) {
          return info.memory(l, m + 8);
        }
        return cur.gcId < 0 ? info.heapBound(l, m) : UNKNOWN;
      case 'I':
        // start-up lines only one collector prints name it when no "Using ..." line did
        if (l.startsWith(INITIALIZING_Z, m)) {
          info.inferCollector(Collector.ZGC);
        } else if (l.startsWith(INITIALIZE_SHENANDOAH, m)) {
          info.inferCollector(Collector.SHENANDOAH);
        }
        return cur.gcId < 0 ? info.heapBound(l, m) : UNKNOWN;
      case 'G':
        if (l.startsWith(GARBAGE_COLLECTION, m)) {
          return zgc.zgcCollection(l, m);
        }
        return UNKNOWN;
      case 'U':
        if (l.startsWith(USER, m)) {
          return details.cpu(l, m + 5);
        }
        if (l.startsWith(USING, m)) {
          if (cur.gcId < 0 && info.named()) {
            // a second "Using ..." header: a restarted JVM; what the last one left open ends here
            zgc.exit();
            endOfSource();
          }
          return info.using(l, m + 6);
        }
        return UNKNOWN;
      case 'V':
        if (l.startsWith(VERSION, m)) {
          return info.version(l, m + 9);
        }
        return UNKNOWN;
      case 'J':
        if (l.startsWith(JVM_ARGS, m)) {
          return info.flags(l, m + 10);
        }
        return UNKNOWN;
      case 'j':
        if (l.startsWith(JVM_ARGS_LOWER, m)) {
          return info.flags(l, m + 10);
        }
        return UNKNOWN;
      case '-':
        if (l.startsWith(AGE_LINE, m)) {
          return details.ageLine(l, m);
        }
        return UNKNOWN;
      default:
        return UNKNOWN;
    }
  }
}
