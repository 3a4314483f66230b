package io.jtune.core.parser.unified;

import io.jtune.core.event.Anomaly;
import io.jtune.core.event.Collector;
import io.jtune.core.event.ConcurrentPhase;
import io.jtune.core.event.CpuTimes;
import io.jtune.core.event.GcEvent;
import io.jtune.core.event.GcNotice;
import io.jtune.core.event.HeapChange;
import io.jtune.core.event.JvmInfo;
import io.jtune.core.event.MemoryUsage;
import io.jtune.core.event.PauseKind;
import io.jtune.core.event.SafepointPause;
import io.jtune.core.input.Ascii;
import io.jtune.core.input.Line;
import io.jtune.core.parser.GcLogParser;
import io.jtune.core.parser.NameCache;
import io.jtune.core.parser.ParserContext;
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
 *   <li>{@link io.jtune.core.event.GcPause} per stop-the-world pause, stamped at its start (the
 *       {@code gc,start} line, else the summary line minus the duration), emitted once its
 *       summary line and the {@code gc,cpu} line after it were read (or, without a cpu line,
 *       when the next pause, a safepoint line or another line of the same GC id comes);
 *   <li>{@link ConcurrentPhase} per concurrent phase with a duration, and one with {@code
 *       wholeCycle} per G1 concurrent cycle, CMS cycle, ZGC collection and Shenandoah cycle,
 *       stamped at the line that ends them;
 *   <li>{@link SafepointPause} per {@code safepoint} line, stamped at the line;
 *   <li>{@link GcNotice} for ZGC allocation stalls and Shenandoah cancelled cycles;
 *   <li>{@link JvmInfo} fragments from {@code gc,init} and header lines, sent at once.
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
   * Hot path: most lines of a big log are detail lines. accept() scans the decorators once,
   * reads the GC id, and switches on the first character of the message; Strings are made only
   * for names and causes of events, through NameCache so repeated names cost nothing.
   */
  private static final int UNKNOWN = 0;
  private static final int KNOWN = 1;
  private static final int BROKEN = 2;

  private static final int TAGS_NONE = 0;
  private static final int TAGS_GC = 1;
  private static final int TAGS_ARGUMENTS = 2;
  private static final int TAGS_OTHER = 3;
  private static final int TAGS_STATISTICS = 4;

  private static final int MAX_WAITING = 1024;
  /**
   * How long (s) an event waits before it is sent, so that one stamped a little earlier (a pause
   * stamped at its start, read after a phase that ended at the same logged millisecond) can
   * still go before it.
   */
  private static final double HOLD_S = 0.05;
  private static final Ascii STOPPED = Ascii.of("Total time for which application threads were stopped: ");
  /** Name of the whole-cycle event of CMS and Shenandoah, whose logs have no cycle line. */
  private static final String CYCLE = "Concurrent Cycle";


  // what lines and decorators are recognised by (bytes, see Ascii)
  private static final Ascii GC_STATS = Ascii.of("gc,stats");
  private static final Ascii SAFEPOINT_TAG = Ascii.of("safepoint");
  private static final Ascii ARGUMENTS_TAG = Ascii.of("arguments");
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
  private static final Ascii CPUS = Ascii.of("CPUs: ");
  private static final Ascii COMMAND_LINE_FLAGS = Ascii.of("CommandLine flags: ");
  private static final Ascii COMMAND_LINE = Ascii.of("Command Line: ");
  private static final Ascii EDEN_REGIONS = Ascii.of("Eden regions: ");
  private static final Ascii SURVIVOR_REGIONS = Ascii.of("Survivor regions: ");
  private static final Ascii SAFEPOINT = Ascii.of("Safepoint \"");
  private static final Ascii OLD_REGIONS = Ascii.of("Old regions: ");
  private static final Ascii OLD = Ascii.of("Old: ");
  private static final Ascii OLD_GENERATION = Ascii.of("Old Generation");
  private static final Ascii YOUNG_GENERATION = Ascii.of("Young Generation");
  private static final Ascii HUMONGOUS_REGIONS = Ascii.of("Humongous regions: ");
  private static final Ascii HEAP_ = Ascii.of("Heap ");
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
  private static final Ascii MIN_CAPACITY = Ascii.of("Min Capacity: ");
  private static final Ascii MAX_CAPACITY = Ascii.of("Max Capacity: ");
  private static final Ascii INITIAL_CAPACITY = Ascii.of("Initial Capacity: ");
  private static final Ascii REGION_SIZE = Ascii.of("Region Size: ");
  private static final Ascii REGION_SIZE_LOWER = Ascii.of("region size: ");
  private static final Ascii GARBAGE_COLLECTION = Ascii.of("Garbage Collection (");
  private static final Ascii USING = Ascii.of("Using ");
  private static final Ascii VERSION = Ascii.of("Version: ");
  private static final Ascii JVM_ARGS = Ascii.of("JVM Args: ");
  private static final Ascii JVM_ARGS_LOWER = Ascii.of("jvm_args: ");
  private static final Ascii AGE_LINE = Ascii.of("- age ");
  private static final Ascii EVACUATION_FAILURE = Ascii.of("Evacuation Failure");
  private static final Ascii PER_WORKER_MS = Ascii.of(" (ms)");
  private static final Ascii AVG = Ascii.of("Avg:");
  private static final Ascii MS = Ascii.of("ms");
  private static final Ascii ARROW = Ascii.of("->");
  private static final Ascii FROM = Ascii.of(" From: ");
  private static final Ascii SYS = Ascii.of("Sys=");
  private static final Ascii REAL = Ascii.of("Real=");
  private static final Ascii NEW_THRESHOLD = Ascii.of("new threshold ");
  private static final Ascii MAX_THRESHOLD = Ascii.of("max threshold ");
  private static final Ascii TOTAL_SUFFIX = Ascii.of(" total");
  private static final Ascii CONCURRENT_MARK_CYCLE = Ascii.of("Concurrent Mark Cycle");
  private static final Ascii CONCURRENT_UNDO_CYCLE = Ascii.of("Concurrent Undo Cycle");
  private static final Ascii CONCURRENT_CYCLE = Ascii.of("Concurrent Cycle");
  private static final Ascii CONCURRENT_RESET = Ascii.of("Concurrent Reset");
  private static final Ascii ABORTED = Ascii.of(" Aborted");
  private static final Ascii STOPPING_THREADS_TOOK = Ascii.of("Stopping threads took: ");
  private static final Ascii TOTAL = Ascii.of("Total: ");
  private static final Ascii REACHING_SAFEPOINT = Ascii.of("Reaching safepoint: ");
  private static final Ascii COLON_SPACE = Ascii.of(": ");
  private static final Ascii GC_KEY = Ascii.of("GC");
  private static final Ascii TOTAL_CPUS = Ascii.of("total, ");
  private static final Ascii INFO = Ascii.of("info");
  private static final Ascii DEBUG = Ascii.of("debug");
  private static final Ascii TRACE = Ascii.of("trace");
  private static final Ascii WARNING = Ascii.of("warning");
  private static final Ascii ERROR = Ascii.of("error");

  private final ParserContext ctx;
  private final Consumer<GcEvent> sink;
  private final NameCache names = new NameCache();
  private final List<PendingPause> pauses = new ArrayList<>(4);
  private final List<PendingCycle> cycles = new ArrayList<>(4);
  private final List<PendingCycle> zgcStarts = new ArrayList<>(4);
  private final List<GcEvent> waiting = new ArrayList<>();

  private Collector collector;
  private boolean generationalZgcReported;
  private long regionBytes = -1;

  // the line being read
  private Line line;
  /** The decorations of the line before, up to its message, and how many bytes they took (0: none). */
  private byte[] decorations = new byte[64];
  private int decorationsLength;
  /** Off only in the test that checks reading with and without reuse gives the same. */
  boolean reuseDecorations = true;
  // where the current line's time decorators are; decoded only when an event needs them
  private char uptimeUnit;
  private int uptimeAt;
  private char epochUnit;
  private int epochAt;
  private boolean timeDecoded;
  private double lineUptimeS;
  private long lineEpochMs;
  /** Latest time stamp read so far, on the scale of {@link #sortTime}; NaN when the log has none. */
  private double clock = Double.NaN;
  private int tags;
  private long gcId;
  private int indent;
  private int nameStart;
  private int pos;

  public UnifiedLogParser(ParserContext ctx, Consumer<GcEvent> sink) {
    this.ctx = ctx;
    this.sink = sink;
  }

  @Override
  public void accept(Line l) {
    if (l.isBlank()) {
      ctx.otherText(l);
      return;
    }
    line = l;
    int n = l.length();
    int i;
    boolean decorated;
    if (decorationsLength > 0 && reuseDecorations && l.regionEquals(0, decorations, decorationsLength)) {
      // the same decorations as the line before (a pause's lines mostly share time, level and
      // tags): what they were read as still holds, the decoded time included
      i = decorationsLength;
      decorated = true;
    } else {
      uptimeUnit = 0;
      epochUnit = 0;
      timeDecoded = false;
      tags = TAGS_NONE;
      i = 0;
      decorated = false;
      while (i < n && l.charAt(i) == '[') {
        int close = l.indexOf(']', i + 1);
        if (close < 0) {
          break;
        }
        decoration(l, i + 1, close);
        decorated = true;
        i = close + 1;
      }
      boolean spaced = decorated && i < n && l.charAt(i) == ' ';
      if (spaced) {
        i++;
      }
      // decorations ended by a space were read from the bytes before i and no others (without
      // the space, the byte after them was looked at too: such lines are not remembered)
      decorationsLength = spaced ? i : 0;
      if (spaced) {
        if (decorations.length < i) {
          decorations = new byte[Math.max(i, 2 * decorations.length)];
        }
        l.copyTo(0, decorations, 0, i);
      }
    }
    if (tags == TAGS_OTHER) {
      ctx.otherText(l);
      return;
    }
    if (tags == TAGS_STATISTICS) {
      ctx.understood(); // end-of-run statistics tables (Shenandoah, ZGC)
      return;
    }
    int result = message(l, i);
    if (result == BROKEN) {
      ctx.notUnderstood(l);
    } else if (result == KNOWN || decorated && tags != TAGS_ARGUMENTS || !decorated && gcId >= 0) {
      ctx.understood();
    } else {
      ctx.otherText(l);
    }
    line = null;
  }

  @Override
  public void endOfSource() {
    for (PendingPause p : pauses.toArray(new PendingPause[0])) {
      if (p.complete) {
        emitPause(p);
      }
    }
    pauses.clear();
    for (PendingCycle c : cycles) {
      if (c.hasConcurrentPhase && isShenandoah()) {
        queue(c.toEvent(CYCLE, c.spanMs()));
      }
    }
    cycles.clear();
    zgcStarts.clear();
    sendWaiting(Double.POSITIVE_INFINITY);
  }

  // ---------------------------------------------------------------- decorators

  private void decoration(Line l, int from, int to) {
    if (from >= to) {
      return;
    }
    char c = l.charAt(from);
    if (Line.isDigit(c)) {
      if (to - from >= 19 && l.charAt(from + 4) == '-') {
        epochUnit = 'i'; // time, utctime
        epochAt = from;
        return;
      }
      if (l.charAt(to - 1) != 's') {
        return; // pid or tid
      }
      char u = l.charAt(to - 2);
      int digits = to - 2 - from;
      if (u == 'm') {
        setTime(digits >= 12, 'm', from); // timemillis >= 1e11 (after 1973), else uptimemillis
      } else if (u == 'n') {
        setTime(digits >= 18, 'n', from); // timenanos >= 1e17, else uptimenanos
      } else {
        setTime(false, 's', from);
      }
      return;
    }
    switch (c) {
      case 'g' -> {
        if (l.at(from + 1) != 'c') {
          tags = TAGS_OTHER;
        } else if (from + 2 == to) {
          tags = TAGS_GC;
        } else {
          // nearly every line is "gc" or "gc,..."; only "gc,s..." can be the statistics tag
          char c2 = l.charAt(from + 2);
          if (c2 == ',' && l.at(from + 3) == 's' && l.startsWith(GC_STATS, from)) {
            tags = TAGS_STATISTICS;
          } else {
            tags = isTagEnd(c2) ? TAGS_GC : TAGS_OTHER;
          }
        }
      }
      case 's' -> tags = l.startsWith(SAFEPOINT_TAG, from) && (from + 9 == to || isTagEnd(l.charAt(from + 9)))
          ? TAGS_GC : TAGS_OTHER;
      case 'a' -> tags = l.startsWith(ARGUMENTS_TAG, from) ? TAGS_ARGUMENTS : TAGS_OTHER;
      default -> {
        if (!isLevel(l, from, to) && c >= 'a' && c <= 'z') {
          tags = TAGS_OTHER;
        }
      }
    }
  }

  private void setTime(boolean wallClock, char unit, int at) {
    if (wallClock) {
      epochUnit = unit;
      epochAt = at;
    } else {
      uptimeUnit = unit;
      uptimeAt = at;
    }
  }

  /** The current line's uptime decorator in seconds, or NaN. */
  private double uptimeS() {
    decodeTime();
    return lineUptimeS;
  }

  /** The current line's wall-clock decorator in epoch ms, or {@link GcEvent#NO_EPOCH}. */
  private long epochMs() {
    decodeTime();
    return lineEpochMs;
  }

  private void decodeTime() {
    if (timeDecoded) {
      return;
    }
    timeDecoded = true;
    Line l = line;
    lineUptimeS = switch (uptimeUnit) {
      case 's' -> l.parseDouble(uptimeAt);
      case 'm' -> l.parseLong(uptimeAt) / 1e3;
      case 'n' -> l.parseLong(uptimeAt) / 1e9;
      default -> Double.NaN;
    };
    long e = switch (epochUnit) {
      case 'i' -> l.parseIsoEpochMs(epochAt);
      case 'm' -> l.parseLong(epochAt);
      case 'n' -> l.parseLong(epochAt) / 1_000_000L;
      default -> Long.MIN_VALUE;
    };
    lineEpochMs = e == Long.MIN_VALUE ? GcEvent.NO_EPOCH : e;
  }

  private static boolean isTagEnd(char c) {
    return c == ',' || c == '+' || c == ' ';
  }

  private static boolean isLevel(Line l, int from, int to) {
    return switch (l.charAt(from)) {
      case 'i' -> word(l, from, to, INFO);
      case 'd' -> word(l, from, to, DEBUG);
      case 't' -> word(l, from, to, TRACE);
      case 'w' -> word(l, from, to, WARNING);
      case 'e' -> word(l, from, to, ERROR);
      default -> false;
    };
  }

  private static boolean word(Line l, int from, int to, Ascii w) {
    if (!l.startsWith(w, from)) {
      return false;
    }
    int e = from + w.length();
    return e == to || l.charAt(e) == ' ';
  }

  // ---------------------------------------------------------------- dispatch

  private int message(Line l, int start) {
    int m = start;
    gcId = -1;
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
    indent = m - afterId - (gcId >= 0 ? 1 : 0);
    nameStart = m;
    char c = l.at(m);
    if ((c == 'Y' || c == 'y' || c == 'O') && l.at(m + 1) == ':' && l.at(m + 2) == ' ') {
      m += 3; // generational ZGC: Y (major young), y (minor young), O (old)
      reportGenerationalZgc();
    }
    if (gcId >= 0 && !pauses.isEmpty() && (l.at(m) != 'U' || !l.startsWith(USER, m))) {
      PendingPause done = find(gcId);
      if (done != null && done.complete) {
        emitPause(done);
      }
    }
    int r = dispatch(l, m);
    if (r == UNKNOWN && gcId >= 0) {
      r = phase(l, m);
    }
    return r;
  }

  private int dispatch(Line l, int m) {
    switch (l.at(m)) {
      case 'P': {
        // the second character tells the keys apart; G1's many "Pre.../Prepare..." phases try one
        char p1 = l.at(m + 1);
        if (p1 == 'a' && l.startsWith(PAUSE_, m)) {
          return pause(l, m);
        }
        if (p1 == 'S' && l.startsWith(PS_YOUNG_GEN, m) || p1 == 'a' && l.startsWith(PAR_NEW, m)) {
          return generation(l, m, true);
        }
        if (p1 == 'a' && l.startsWith(PAR_OLD_GEN, m)) {
          return generation(l, m, false);
        }
        if (p1 == 'r' && l.startsWith(PROMOTION_FAILED, m)) {
          for (int k = pauses.size() - 1; k >= 0; k--) {
            if (!pauses.get(k).complete) {
              pauses.get(k).anomalies.add(Anomaly.PROMOTION_FAILED);
              break;
            }
          }
          return KNOWN;
        }
        return UNKNOWN;
      }
      case 'C':
        if (l.startsWith(CONCURRENT_, m)) {
          return concurrent(l, m);
        }
        if (l.startsWith(CMS, m)) {
          return generation(l, m, false);
        }
        if (l.startsWith(CANCELLING, m)) {
          return cancelled(l, m);
        }
        if (l.startsWith(CPUS, m)) {
          return cpus(l, m);
        }
        if (l.startsWith(COMMAND_LINE_FLAGS, m) || l.startsWith(COMMAND_LINE, m)) {
          return flags(l, l.indexOf(':', m) + 1);
        }
        return UNKNOWN;
      case 'E':
        if (l.startsWith(EDEN_REGIONS, m)) {
          inferCollector(Collector.G1);
          return regions(l, m + 14, PendingPause.EDEN);
        }
        return UNKNOWN;
      case 'S':
        if (l.startsWith(SURVIVOR_REGIONS, m)) {
          return regions(l, m + 18, PendingPause.SURVIVOR);
        }
        if (l.startsWith(SAFEPOINT, m)) {
          return safepoint(l, m);
        }
        return UNKNOWN;
      case 'O':
        if (l.startsWith(OLD_REGIONS, m)) {
          return regions(l, m + 13, PendingPause.OLD);
        }
        if (l.startsWith(OLD, m)) {
          return generation(l, m, false);
        }
        if (l.startsWith(OLD_GENERATION, m)) {
          return concurrent(l, nameStart);
        }
        return UNKNOWN;
      case 'Y':
        if (l.startsWith(YOUNG_GENERATION, m)) {
          return concurrent(l, nameStart);
        }
        return UNKNOWN;
      case 'H':
        if (l.startsWith(HUMONGOUS_REGIONS, m)) {
          return regions(l, m + 19, PendingPause.HUMONGOUS);
        }
        if (l.startsWith(HEAP_, m)) {
          return heapInfo(l, m + 5);
        }
        return UNKNOWN;
      case 'A':
        if (l.startsWith(ARCHIVE_REGIONS, m)) {
          return regions(l, m + 17, PendingPause.ARCHIVE);
        }
        if (l.startsWith(ALLOCATION_STALL, m)) {
          return allocationStall(l, m);
        }
        if (l.startsWith(AGE_TABLE, m)) {
          return ageTable(l, m + 25);
        }
        return l.startsWith(APPLICATION_TIME, m) ? KNOWN : UNKNOWN;
      case 'T':
        if (l.startsWith(TENURED, m)) {
          return generation(l, m, false);
        }
        if (l.startsWith(STOPPED, m)) {
          return stoppedTime(l, m + STOPPED.length());
        }
        if (l.startsWith(TO_SPACE_EXHAUSTED, m)) {
          if (gcId >= 0) {
            detail().anomalies.add(Anomaly.TO_SPACE_EXHAUSTED);
          }
          return KNOWN;
        }
        return UNKNOWN;
      case 'D':
        if (l.startsWith(DEF_NEW, m)) {
          return generation(l, m, true);
        }
        if (l.startsWith(DESIRED_SURVIVOR_SIZE, m)) {
          return desiredSurvivor(l, m + 22);
        }
        return UNKNOWN;
      case 'M':
        if (l.startsWith(METASPACE, m)) {
          return metaspace(l, m + 11);
        }
        if ((l.startsWith(MINOR_COLLECTION, m) || l.startsWith(MAJOR_COLLECTION, m))
            && l.at(m + 16) != ':') {
          reportGenerationalZgc();
          return zgcCollection(l, m);
        }
        if (l.startsWith(MODE_GENERATIONAL, m) && isShenandoah()) {
          collector = Collector.SHENANDOAH_GENERATIONAL;
          info(JvmInfo.ofCollector(collector, l.number()));
          return KNOWN;
        }
        if (l.startsWith(MEMORY, m)) {
          long b = l.parseSize(m + 8);
          if (b >= 0) {
            info(new JvmInfo(null, null, null, b, null, null, null, null, null, null, l.number()));
          }
          return KNOWN;
        }
        if (gcId < 0 && l.startsWith(MIN_CAPACITY, m)) {
          return heapBound(l, m + 14, 0);
        }
        if (gcId < 0 && l.startsWith(MAX_CAPACITY, m)) {
          return heapBound(l, m + 14, 2);
        }
        return UNKNOWN;
      case 'I':
        if (gcId < 0 && l.startsWith(INITIAL_CAPACITY, m)) {
          return heapBound(l, m + 18, 1);
        }
        return UNKNOWN;
      case 'G':
        if (l.startsWith(GARBAGE_COLLECTION, m)) {
          return zgcCollection(l, m);
        }
        return UNKNOWN;
      case 'U':
        if (l.startsWith(USER, m)) {
          return cpu(l, m + 5);
        }
        if (l.startsWith(USING, m)) {
          return using(l, m + 6);
        }
        return UNKNOWN;
      case 'V':
        if (l.startsWith(VERSION, m)) {
          int end = l.indexOf(' ', m + 9);
          info(JvmInfo.ofVersion(l.substring(m + 9, end < 0 ? l.length() : end), l.number()));
          return KNOWN;
        }
        return UNKNOWN;
      case 'J':
        if (l.startsWith(JVM_ARGS, m)) {
          return flags(l, m + 10);
        }
        return UNKNOWN;
      case 'j':
        if (l.startsWith(JVM_ARGS_LOWER, m)) {
          return flags(l, m + 10);
        }
        return UNKNOWN;
      case '-':
        if (l.startsWith(AGE_LINE, m)) {
          return ageLine(l, m);
        }
        return UNKNOWN;
      default:
        return UNKNOWN;
    }
  }

  // ---------------------------------------------------------------- pauses

  private int pause(Line l, int m) {
    int n = l.length();
    int base = m + 6;
    int i = base;
    while (i < n) {
      char c = l.charAt(i);
      if (c == '(' || Line.isDigit(c) && l.charAt(i - 1) == ' ') {
        break;
      }
      i++;
    }
    int baseEnd = i;
    while (baseEnd > base && l.charAt(baseEnd - 1) == ' ') {
      baseEnd--;
    }
    int baseLen = baseEnd - base;
    PauseKind kind;
    boolean causes;
    boolean degenerated = false;
    boolean shenandoahOrZ = false;
    if (is(l, base, baseLen, "Young")) {
      kind = PauseKind.YOUNG;
      causes = true;
    } else if (is(l, base, baseLen, "Full")) {
      kind = PauseKind.FULL;
      causes = true;
    } else if (is(l, base, baseLen, "Remark")) {
      kind = PauseKind.REMARK;
      causes = true;
    } else if (is(l, base, baseLen, "Cleanup")) {
      kind = PauseKind.CLEANUP;
      causes = true;
    } else if (is(l, base, baseLen, "Mixed")) {
      kind = PauseKind.MIXED;
      causes = true;
    } else if (is(l, base, baseLen, "Initial Mark")) {
      kind = PauseKind.INITIAL_MARK; // CMS; G1 (JDK 9/10) is told apart by its cause below
      causes = true;
    } else {
      causes = false;
      shenandoahOrZ = true;
      if (l.at(base) == 'M' || l.at(base) == 'R') {
        inferCollector(Collector.ZGC);
      }
      if (is(l, base, baseLen, "Init Mark") || is(l, base, baseLen, "Mark Start")) {
        kind = PauseKind.INITIAL_MARK;
      } else if (is(l, base, baseLen, "Final Mark") || is(l, base, baseLen, "Mark End")) {
        kind = PauseKind.REMARK;
      } else if (is(l, base, baseLen, "Degenerated GC")) {
        kind = PauseKind.FULL;
        degenerated = true;
      } else {
        kind = PauseKind.OTHER;
      }
      if (l.at(base) == 'I' || l.at(base) == 'F' || degenerated) {
        inferCollector(Collector.SHENANDOAH);
      }
    }
    int nameEnd = baseEnd;
    int causeFrom = -1;
    int causeTo = -1;
    boolean mixed = false;
    boolean evacuationFailure = false;
    while (i < n && l.charAt(i) == '(') {
      int close = closingParen(l, i);
      if (close < 0) {
        return BROKEN;
      }
      int gs = i + 1;
      int gl = close - gs;
      if (!causes || is(l, gs, gl, "Normal") || is(l, gs, gl, "Concurrent Start")
          || is(l, gs, gl, "Prepare Mixed") || is(l, gs, gl, "Initial Mark")) {
        nameEnd = close + 1;
      } else if (is(l, gs, gl, "Mixed")) {
        nameEnd = close + 1;
        mixed = true;
      } else if (l.startsWith(EVACUATION_FAILURE, gs)) {
        evacuationFailure = true;
      } else {
        causeFrom = gs;
        causeTo = close;
      }
      i = l.skipSpaces(close + 1);
    }
    MemoryUsage heap = null;
    double durationMs = Double.NaN;
    if (i < n) {
      if (!Line.isDigit(l.charAt(i))) {
        return BROKEN;
      }
      heap = usage(l, i);
      if (heap != null) {
        i = l.skipSpaces(pos);
      }
      if (i < n) {
        durationMs = duration(l, i);
        if (Double.isNaN(durationMs) || pos != n) {
          return BROKEN;
        }
      }
    }
    String cause = causeFrom < 0 ? null : names.get(l, causeFrom, causeTo);
    if (cause != null && cause.startsWith("G1 ")) {
      inferCollector(Collector.G1);
    }
    if (kind == PauseKind.YOUNG && mixed) {
      kind = PauseKind.MIXED;
    } else if (kind == PauseKind.INITIAL_MARK && causes) {
      if (cause != null && cause.startsWith("G1")) {
        kind = PauseKind.YOUNG;
      } else {
        inferCollector(Collector.PARNEW_CMS);
      }
    }
    String name = names.get(l, nameStart, nameEnd);
    boolean summary = !Double.isNaN(durationMs);
    dropOrFlushOthers(gcId);
    PendingPause p = find(gcId);
    if (p != null && (p.complete || summary && p.name != null && !p.name.equals(name))) {
      if (p.complete) {
        emitPause(p);
      } else {
        pauses.remove(p);
      }
      p = null;
    }
    if (p == null) {
      p = new PendingPause(gcId);
      pauses.add(p);
    }
    if (p.name == null) {
      if (summary) {
        p.startUptimeS = uptimeS() - durationMs / 1000;
        p.startEpochMs = epochMs() == GcEvent.NO_EPOCH ? epochMs() : epochMs() - Math.round(durationMs);
      } else {
        p.startUptimeS = uptimeS();
        p.startEpochMs = epochMs();
      }
      p.startLine = l.number();
    }
    p.name = name;
    p.kind = kind;
    p.cause = cause;
    anomalies(p, cause);
    if (evacuationFailure) {
      p.anomalies.add(Anomaly.EVACUATION_FAILURE);
    }
    if (degenerated) {
      p.anomalies.add(Anomaly.ALLOCATION_FAILURE_DEGENERATED);
    }
    PendingCycle cycle = cycleFor(kind == PauseKind.INITIAL_MARK && causes);
    if (cycle != null) {
      cycle.cover(uptimeS(), epochMs(), summary ? durationMs : Double.NaN, l.number());
      cycle.heap(heap);
    }
    if (summary) {
      p.durationMs = durationMs;
      p.heap = heap;
      p.complete = true;
      if (shenandoahOrZ) {
        emitPause(p); // ZGC and Shenandoah log no gc,cpu line after their pauses
      }
    }
    return KNOWN;
  }

  private static void anomalies(PendingPause p, String cause) {
    if (cause == null) {
      return;
    }
    switch (cause) {
      case "G1 Humongous Allocation" -> p.anomalies.add(Anomaly.HUMONGOUS_ALLOCATION);
      case "System.gc()" -> p.anomalies.add(Anomaly.SYSTEM_GC);
      case "Metadata GC Threshold" -> p.anomalies.add(Anomaly.METADATA_THRESHOLD);
      case "GCLocker Initiated GC" -> p.anomalies.add(Anomaly.GC_LOCKER);
      default -> { }
    }
  }

  /** A pending pause for the current GC id that detail lines can attach to (made if needed). */
  private PendingPause detail() {
    PendingPause p = find(gcId);
    if (p == null) {
      p = new PendingPause(gcId);
      p.startUptimeS = uptimeS();
      p.startEpochMs = epochMs();
      p.startLine = line.number();
      pauses.add(p);
    }
    return p;
  }

  private PendingPause find(long id) {
    for (int k = 0; k < pauses.size(); k++) {
      PendingPause p = pauses.get(k);
      if (p.gcId == id) {
        return p;
      }
    }
    return null;
  }

  /**
   * A pause line of GC id {@code id} was read: pauses of other ids whose summary was read are
   * over (emit). Unfinished ones are kept only for the id just before (a young pause that turns
   * into a full one inside the same safepoint logs GC(N) around GC(N+1)); older ones were cut
   * off (dropped).
   */
  private void dropOrFlushOthers(long id) {
    for (int k = pauses.size() - 1; k >= 0; k--) {
      PendingPause p = pauses.get(k);
      if (p.gcId != id) {
        if (p.complete) {
          emitPause(p);
        } else if (p.gcId != id - 1) {
          pauses.remove(k);
        }
      }
    }
    release();
  }

  /** Emits every pause whose summary was read (used when something else starts). */
  private void flushComplete() {
    for (int k = pauses.size() - 1; k >= 0; k--) {
      PendingPause p = pauses.get(k);
      if (p.complete) {
        emitPause(p);
      }
    }
  }

  private void emitPause(PendingPause p) {
    pauses.remove(p);
    if (p.name != null) {
      queue(p.toEvent(regionBytes));
    }
    release();
  }

  // ---------------------------------------------------------------- pause details

  private int phase(Line l, int m) {
    PendingPause p = find(gcId);
    if (p == null || p.complete) {
      return UNKNOWN;
    }
    int n = l.length();
    boolean endsMs = l.endsWith(MS);
    // a line ending in "ms" is one phase's time; per-worker lines end in "Workers: N": only the
    // others are searched for their colon
    int colon = endsMs ? -1 : l.indexOf(':', m);
    if (colon > m + 5 && l.startsWith(PER_WORKER_MS, colon - 5)) {
      int ms = colon - 5;
      // per-worker line: take the mean over workers, as the JDK 8 parser does for its details
      int avg = l.indexOf(AVG, ms);
      if (avg < 0) {
        return KNOWN;
      }
      double v = l.parseDouble(l.skipSpaces(avg + 4));
      if (!Double.isNaN(v)) {
        p.phase(names.get(l, m, ms), v, indent <= 2);
      }
      return KNOWN;
    }
    if (!endsMs) {
      return UNKNOWN;
    }
    int sp = l.lastIndexOf(' ');
    if (sp <= m) {
      return UNKNOWN;
    }
    double v = l.parseDouble(sp + 1);
    if (Double.isNaN(v) || l.end() != n - 2) {
      return UNKNOWN;
    }
    int nameEnd = sp;
    if (l.charAt(nameEnd - 1) == ':') {
      nameEnd--;
    }
    if (nameEnd > m) {
      p.phase(names.get(l, m, nameEnd), v, indent <= 2);
    }
    return KNOWN;
  }

  private int regions(Line l, int at, int area) {
    long before = l.parseLong(at);
    int e = l.end();
    if (before < 0 || !l.startsWith(ARROW, e)) {
      return BROKEN;
    }
    long after = l.parseLong(e + 2);
    e = l.end();
    long target = -1;
    if (l.at(e) == '(') {
      target = l.parseLong(e + 1);
    }
    if (gcId >= 0) {
      detail().regions(area, before, after, target);
    }
    return KNOWN;
  }

  /** DefNew/PSYoungGen/ParNew (young) and Tenured/ParOldGen/CMS/Old (old) lines. */
  private int generation(Line l, int m, boolean young) {
    int at = l.indexOf(' ', m) + 1;
    MemoryUsage u = usage(l, at);
    if (u == null) {
      return BROKEN;
    }
    if (gcId < 0) {
      return KNOWN;
    }
    PendingPause p = detail();
    if (young) {
      p.young = u;
      int from = l.indexOf(FROM, pos);
      if (from > 0) {
        MemoryUsage s = usage(l, from + 7);
        if (s != null) {
          p.survivor = s;
        }
      }
    } else {
      p.old = u;
    }
    switch (l.charAt(m)) {
      case 'C' -> inferCollector(Collector.PARNEW_CMS);
      case 'D', 'T' -> inferCollector(Collector.SERIAL);
      case 'P' -> inferCollector(l.at(m + 3) == 'N' ? Collector.PARNEW_CMS : Collector.PARALLEL);
      default -> { }
    }
    return KNOWN;
  }

  private int metaspace(Line l, int at) {
    MemoryUsage u = usage(l, at);
    if (u == null) {
      return UNKNOWN; // ZGC: "Metaspace: 17M used, 17M committed, 1040M reserved"
    }
    if (gcId >= 0) {
      detail().metaspace = u;
    }
    return KNOWN;
  }

  private int cpu(Line l, int at) {
    double user = l.parseDouble(at);
    int sys = l.indexOf(SYS, at);
    int real = l.indexOf(REAL, at);
    if (Double.isNaN(user) || sys < 0 || real < 0) {
      return BROKEN;
    }
    double s = l.parseDouble(sys + 4);
    double r = l.parseDouble(real + 5);
    if (Double.isNaN(s) || Double.isNaN(r)) {
      return BROKEN;
    }
    PendingPause p = gcId >= 0 ? find(gcId) : null;
    if (p != null) {
      p.times = new CpuTimes(user, s, r);
      if (p.complete) {
        emitPause(p);
      }
    }
    return KNOWN;
  }

  private int desiredSurvivor(Line l, int at) {
    long bytes = l.parseLong(at);
    int nt = l.indexOf(NEW_THRESHOLD, at);
    int mt = l.indexOf(MAX_THRESHOLD, at);
    if (bytes < 0 || nt < 0 || mt < 0) {
      return BROKEN;
    }
    if (gcId >= 0) {
      PendingPause p = detail();
      p.desiredSurvivorBytes = bytes;
      p.newThreshold = (int) l.parseLong(nt + 14);
      p.maxThreshold = (int) l.parseLong(mt + 14);
    }
    return KNOWN;
  }

  private int ageTable(Line l, int at) {
    long t = l.parseLong(at);
    int mt = l.indexOf(MAX_THRESHOLD, at);
    if (t < 0 || mt < 0) {
      return BROKEN;
    }
    if (gcId >= 0) {
      PendingPause p = detail();
      p.newThreshold = (int) t;
      p.maxThreshold = (int) l.parseLong(mt + 14);
    }
    return KNOWN;
  }

  /** "- age   1:     801400 bytes,     801400 total": the running total is kept. */
  private int ageLine(Line l, int m) {
    if (gcId < 0 || !l.endsWith(TOTAL_SUFFIX)) {
      return KNOWN;
    }
    int end = l.length() - 6;
    int s = end;
    while (s > m && Line.isDigit(l.charAt(s - 1))) {
      s--;
    }
    long total = l.parseLong(s);
    if (total < 0) {
      return BROKEN;
    }
    detail().agedBytes = total;
    return KNOWN;
  }

  // ---------------------------------------------------------------- concurrent work

  private int concurrent(Line l, int m) {
    int n = l.length();
    int sp = l.lastIndexOf(' ');
    double durationMs = sp > m ? duration(l, sp + 1) : Double.NaN;
    if (!Double.isNaN(durationMs) && pos != n) {
      durationMs = Double.NaN;
    }
    boolean end = !Double.isNaN(durationMs);
    int nameEnd = end ? sp : n;
    MemoryUsage heap = null;
    int digits = firstNumberToken(l, m, nameEnd);
    if (digits > 0) {
      heap = usage(l, digits);
      nameEnd = digits - 1;
    }
    boolean g1Cycle = l.startsWith(CONCURRENT_MARK_CYCLE, m) || l.startsWith(CONCURRENT_UNDO_CYCLE, m)
        || l.startsWith(CONCURRENT_CYCLE, m) && nameEnd - m == 16;
    if (g1Cycle && l.at(m + 11) != 'C') {
      inferCollector(Collector.G1); // Mark or Undo Cycle
    }
    PendingCycle cycle = g1Cycle ? null : cycleFor(false);
    if (cycle != null) {
      cycle.hasConcurrentPhase = true;
      cycle.cover(uptimeS(), epochMs(), durationMs, l.number());
      cycle.heap(heap);
    }
    if (!end) {
      return KNOWN;
    }
    String name = names.get(l, nameStart, trimEnd(l, m, nameEnd));
    queue(new ConcurrentPhase(gcId, uptimeS(), epochMs(), name, durationMs, g1Cycle,
        heap == null ? null : HeapChange.heapOnly(heap), l.number()));
    if (cycle != null && isCms() && l.startsWith(CONCURRENT_RESET, m)) {
      cycles.remove(cycle);
      queue(cycle.toEvent(CYCLE, cycle.spanMs()));
    }
    release();
    return KNOWN;
  }

  /**
   * The cycle the current line belongs to, for collectors whose cycles are only visible as a
   * run of phases (CMS, Shenandoah); null for the others. A CMS cycle begins with its initial
   * mark; a Shenandoah cycle with the first line of its GC id, and ends when a later id starts.
   */
  private PendingCycle cycleFor(boolean cmsInitialMark) {
    if (gcId < 0) {
      return null;
    }
    boolean shenandoah = isShenandoah();
    if (!shenandoah && !isCms()) {
      return null;
    }
    for (int k = 0; k < cycles.size(); k++) {
      PendingCycle c = cycles.get(k);
      if (c.gcId == gcId) {
        return c;
      }
    }
    if (shenandoah) {
      for (int k = cycles.size() - 1; k >= 0; k--) {
        PendingCycle c = cycles.get(k);
        if (c.gcId < gcId) {
          cycles.remove(k);
          if (c.hasConcurrentPhase) {
            queue(c.toEvent(CYCLE, c.spanMs()));
          }
        }
      }
    } else if (!cmsInitialMark) {
      return null;
    } else {
      cycles.removeIf(c -> c.gcId < gcId - 1000);
    }
    PendingCycle c = new PendingCycle(gcId);
    cycles.add(c);
    return c;
  }

  /** ZGC "Garbage Collection (cause)", "Minor Collection (cause)", "Major Collection (cause)". */
  private int zgcCollection(Line l, int m) {
    inferCollector(Collector.ZGC);
    int n = l.length();
    int digits = firstNumberToken(l, m, n);
    if (digits < 0 && l.endsWith(ABORTED)) {
      // cut short, e.g. by JVM exit: "Major Collection (Allocation Rate) Aborted"
      queue(new GcNotice(gcId, uptimeS(), epochMs(), GcNotice.Kind.CYCLE_CANCELLED,
          names.get(l, m, l.length()), Double.NaN, l.number()));
      release();
      return KNOWN;
    }
    if (digits < 0) {
      zgcStarts.add(new PendingCycle(gcId));
      zgcStarts.get(zgcStarts.size() - 1).cover(uptimeS(), epochMs(), Double.NaN, l.number());
      if (zgcStarts.size() > 16) {
        zgcStarts.remove(0);
      }
      return KNOWN;
    }
    MemoryUsage heap = usage(l, digits);
    if (heap == null) {
      return BROKEN;
    }
    int i = l.skipSpaces(pos);
    double durationMs = Double.NaN;
    if (i < n) {
      durationMs = duration(l, i);
      if (Double.isNaN(durationMs)) {
        return BROKEN;
      }
    }
    PendingCycle c = null;
    for (int k = 0; k < zgcStarts.size(); k++) {
      if (zgcStarts.get(k).gcId == gcId) {
        c = zgcStarts.remove(k);
        break;
      }
    }
    if (c == null) {
      c = new PendingCycle(gcId);
    }
    c.endUptimeS = uptimeS();
    c.endEpochMs = epochMs();
    c.endLine = l.number();
    c.heap(heap);
    if (Double.isNaN(durationMs)) {
      durationMs = c.spanMs();
    }
    queue(c.toEvent(names.get(l, m, trimEnd(l, m, digits)), durationMs));
    release();
    return KNOWN;
  }

  // ---------------------------------------------------------------- other events

  private int stoppedTime(Line l, int at) {
    double stopped = l.parseDouble(at);
    int took = l.indexOf(STOPPING_THREADS_TOOK, at);
    if (Double.isNaN(stopped)) {
      return BROKEN;
    }
    double ttsp = took < 0 ? Double.NaN : l.parseDouble(took + 23) * 1000;
    flushComplete();
    queue(new SafepointPause(uptimeS(), epochMs(), stopped * 1000, ttsp, l.number()));
    release();
    return KNOWN;
  }

  /** JDK 17+: {@code Safepoint "Op", Time since last: N ns, Reaching safepoint: N ns, ... Total: N ns}. */
  private int safepoint(Line l, int m) {
    int quote = l.indexOf('"', m + 11);
    if (quote < 0) {
      return BROKEN;
    }
    int total = l.indexOf(TOTAL, quote);
    int reach = l.indexOf(REACHING_SAFEPOINT, quote);
    if (total < 0) {
      return BROKEN;
    }
    long totalNs = l.parseLong(total + 7);
    long reachNs = reach < 0 ? -1 : l.parseLong(reach + 20);
    if (totalNs < 0) {
      return BROKEN;
    }
    flushComplete();
    queue(new SafepointPause(uptimeS(), epochMs(), totalNs / 1e6, reachNs < 0 ? Double.NaN : reachNs / 1e6,
        l.number()));
    release();
    return KNOWN;
  }

  private int allocationStall(Line l, int m) {
    inferCollector(Collector.ZGC);
    int open = m + 17;
    int close = l.lastIndexOf(')');
    if (close <= open) {
      return BROKEN;
    }
    double ms = duration(l, l.skipSpaces(close + 1));
    if (Double.isNaN(ms)) {
      return BROKEN;
    }
    queue(new GcNotice(gcId, uptimeS(), epochMs(), GcNotice.Kind.ALLOCATION_STALL, l.substring(open + 1, close), ms,
        l.number()));
    release();
    return KNOWN;
  }

  /** Shenandoah "Cancelling GC: Allocation Failure", "Cancelling concurrent GC: System.gc()". */
  private int cancelled(Line l, int m) {
    int colon = l.indexOf(COLON_SPACE, m);
    if (colon < 0 || !l.startsWith(GC_KEY, colon - 2)) {
      return UNKNOWN;
    }
    inferCollector(Collector.SHENANDOAH);
    queue(new GcNotice(gcId, uptimeS(), epochMs(), GcNotice.Kind.CYCLE_CANCELLED,
        names.get(l, colon + 2, l.length()), Double.NaN, l.number()));
    release();
    return KNOWN;
  }

  // ---------------------------------------------------------------- JVM info

  private int using(Line l, int at) {
    Collector c = null;
    if (rest(l, at, "G1")) {
      c = Collector.G1;
    } else if (rest(l, at, "Serial")) {
      c = Collector.SERIAL;
    } else if (rest(l, at, "Parallel")) {
      c = Collector.PARALLEL;
    } else if (rest(l, at, "Concurrent Mark Sweep")) {
      c = Collector.PARNEW_CMS;
    } else if (rest(l, at, "Shenandoah")) {
      c = collector == Collector.SHENANDOAH_GENERATIONAL ? collector : Collector.SHENANDOAH;
    } else if (rest(l, at, "The Z Garbage Collector")) {
      c = collector == Collector.ZGC_GENERATIONAL ? collector : Collector.ZGC;
    } else if (rest(l, at, "Epsilon")) {
      c = Collector.EPSILON;
    }
    if (c == null) {
      return UNKNOWN;
    }
    collector = c;
    info(JvmInfo.ofCollector(c, l.number()));
    return KNOWN;
  }

  private static boolean rest(Line l, int at, String s) {
    return l.length() - at == s.length() && l.startsWith(s, at);
  }

  private int cpus(Line l, int m) {
    long total = l.parseLong(m + 6);
    int avail = l.indexOf(TOTAL_CPUS, m);
    long available = avail < 0 ? -1 : l.parseLong(avail + 7);
    long cpus = available >= 0 ? available : total;
    if (cpus < 0) {
      return BROKEN;
    }
    info(new JvmInfo(null, null, (int) cpus, null, null, null, null, null, null, null, l.number()));
    return KNOWN;
  }

  /** "Heap Min Capacity: 7M", "Heap Region Size: 1M", "Heap region size: 1M", ... */
  private int heapInfo(Line l, int at) {
    if (l.startsWith(MIN_CAPACITY, at)) {
      return heapBound(l, at + 14, 0);
    }
    if (l.startsWith(INITIAL_CAPACITY, at)) {
      return heapBound(l, at + 18, 1);
    }
    if (l.startsWith(MAX_CAPACITY, at)) {
      return heapBound(l, at + 14, 2);
    }
    if (l.startsWith(REGION_SIZE, at) || l.startsWith(REGION_SIZE_LOWER, at)) {
      long b = l.parseSize(at + 13);
      if (b <= 0) {
        return BROKEN;
      }
      regionBytes = b;
      info(new JvmInfo(null, null, null, null, null, null, null, b, null, null, l.number()));
      return KNOWN;
    }
    return UNKNOWN;
  }

  private int heapBound(Line l, int at, int which) {
    long b = l.parseSize(at);
    if (b < 0) {
      return BROKEN;
    }
    Long v = b;
    info(new JvmInfo(null, null, null, null, which == 0 ? v : null, which == 1 ? v : null,
        which == 2 ? v : null, null, null, null, l.number()));
    return KNOWN;
  }

  private int flags(Line l, int at) {
    List<String> flags = new ArrayList<>();
    int n = l.length();
    int i = l.skipSpaces(at);
    while (i < n) {
      int e = l.indexOf(' ', i);
      if (e < 0) {
        e = n;
      }
      flags.add(l.substring(i, e));
      i = l.skipSpaces(e);
    }
    info(JvmInfo.ofFlags(flags, l.number()));
    return KNOWN;
  }

  private void info(JvmInfo i) {
    sink.accept(i);
  }

  /** Takes the collector from the shape of a line when no "Using ..." line named it. */
  private void inferCollector(Collector c) {
    if (collector == null) {
      collector = c;
      info(JvmInfo.ofCollector(c, line.number()));
    }
  }

  private void reportGenerationalZgc() {
    if (!generationalZgcReported) {
      generationalZgcReported = true;
      collector = Collector.ZGC_GENERATIONAL;
      info(JvmInfo.ofCollector(Collector.ZGC_GENERATIONAL, line.number()));
    }
  }

  private boolean isShenandoah() {
    return collector == Collector.SHENANDOAH || collector == Collector.SHENANDOAH_GENERATIONAL;
  }

  private boolean isCms() {
    return collector == Collector.PARNEW_CMS;
  }

  // ---------------------------------------------------------------- numbers

  /**
   * Reads "B->A(C)", "B(Cb)->A(Ca)" or ZGC's "B(p%)->A(p%)" at {@code at}; null when there is
   * none. Leaves the index after it in {@link #pos}.
   */
  private MemoryUsage usage(Line l, int at) {
    long before = l.parseSize(at);
    if (before < 0) {
      return null;
    }
    int e = l.end();
    if (l.at(e) == '(') {
      e = l.indexOf(')', e) + 1;
      if (e == 0) {
        return null;
      }
    }
    if (!l.startsWith(ARROW, e)) {
      return null;
    }
    long after = l.parseSize(e + 2);
    if (after < 0) {
      return null;
    }
    e = l.end();
    long capacity = MemoryUsage.UNKNOWN;
    if (l.at(e) == '(') {
      long c = l.parseSize(e + 1);
      if (c >= 0 && l.at(l.end()) != '%') {
        capacity = c;
      }
      int close = l.indexOf(')', e);
      e = close < 0 ? l.length() : close + 1;
    }
    pos = e;
    return MemoryUsage.of(before, after, capacity);
  }

  /** Reads "1.234ms" or "0.013s" at {@code at} as milliseconds; NaN otherwise. */
  private double duration(Line l, int at) {
    double v = l.parseDouble(at);
    if (Double.isNaN(v)) {
      return Double.NaN;
    }
    int e = l.end();
    if (l.at(e) == 'm' && l.at(e + 1) == 's') {
      pos = e + 2;
      return v;
    }
    if (l.at(e) == 's') {
      pos = e + 1;
      return v * 1000;
    }
    return Double.NaN;
  }

  /** Index of the first word in [from, to) that starts with a digit, or -1. */
  private static int firstNumberToken(Line l, int from, int to) {
    for (int i = from + 1; i < to; i++) {
      if (Line.isDigit(l.charAt(i)) && l.charAt(i - 1) == ' ') {
        return i;
      }
    }
    return -1;
  }

  private static int trimEnd(Line l, int from, int to) {
    int e = to;
    while (e > from && l.charAt(e - 1) == ' ') {
      e--;
    }
    return e;
  }

  private static int closingParen(Line l, int open) {
    int depth = 0;
    for (int i = open; i < l.length(); i++) {
      char c = l.charAt(i);
      if (c == '(') {
        depth++;
      } else if (c == ')' && --depth == 0) {
        return i;
      }
    }
    return -1;
  }

  private static boolean is(Line l, int at, int len, String s) {
    return len == s.length() && l.startsWith(s, at);
  }

  // ---------------------------------------------------------------- ordered output

  /** Adds an event to {@link #waiting}, keeping it sorted by time (most come in order). */
  private void queue(GcEvent e) {
    double t = sortTime(e);
    int k = waiting.size();
    while (k > 0 && sortTime(waiting.get(k - 1)) > t) {
      k--;
    }
    waiting.add(k, e);
  }

  /**
   * Sends waiting events in time order: none while a pause is being read (unless too many
   * wait), else those older than the clock minus {@link #HOLD_S} and not after the last line
   * of a cycle still open.
   */
  private void release() {
    if (waiting.isEmpty() || !pauses.isEmpty() && waiting.size() < MAX_WAITING) {
      return;
    }
    if (line != null) {
      double now = !Double.isNaN(uptimeS()) ? uptimeS()
          : epochMs() != GcEvent.NO_EPOCH ? epochMs() / 1000.0 : Double.NaN;
      clock = Double.isNaN(clock) || now > clock ? now : clock;
    }
    double upTo = Double.isNaN(clock) || waiting.size() >= MAX_WAITING ? Double.POSITIVE_INFINITY : clock - HOLD_S;
    for (int k = 0; k < cycles.size(); k++) {
      // an open cycle will be stamped at its end, which is at least its last line so far
      PendingCycle c = cycles.get(k);
      double end = !Double.isNaN(c.endUptimeS) ? c.endUptimeS
          : c.endEpochMs != GcEvent.NO_EPOCH ? c.endEpochMs / 1000.0 : Double.POSITIVE_INFINITY;
      upTo = Math.min(upTo, end);
    }
    sendWaiting(waiting.size() >= MAX_WAITING ? Double.POSITIVE_INFINITY : upTo);
  }

  private void sendWaiting(double upTo) {
    if (waiting.isEmpty()) {
      return;
    }
    int k = 0;
    while (k < waiting.size() && !(sortTime(waiting.get(k)) > upTo)) {
      sink.accept(waiting.get(k));
      k++;
    }
    if (k == waiting.size()) {
      waiting.clear();
    } else if (k > 0) {
      waiting.subList(0, k).clear();
    }
  }

  private static double sortTime(GcEvent e) {
    double u = e.uptimeS();
    if (!Double.isNaN(u)) {
      return u;
    }
    return e.epochMs() == GcEvent.NO_EPOCH ? 0 : e.epochMs() / 1000.0;
  }
}
