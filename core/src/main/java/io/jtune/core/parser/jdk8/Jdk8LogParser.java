package io.jtune.core.parser.jdk8;

import io.jtune.core.event.Anomaly;
import io.jtune.core.event.Collector;
import io.jtune.core.event.ConcurrentPhase;
import io.jtune.core.event.CpuTimes;
import io.jtune.core.event.GcEvent;
import io.jtune.core.event.GcNotice;
import io.jtune.core.event.GcPause;
import io.jtune.core.event.HeapChange;
import io.jtune.core.event.JvmInfo;
import io.jtune.core.event.MemoryUsage;
import io.jtune.core.event.PauseKind;
import io.jtune.core.event.SafepointPause;
import io.jtune.core.event.Tenuring;
import io.jtune.core.input.Ascii;
import io.jtune.core.input.Line;
import io.jtune.core.parser.GcLogParser;
import io.jtune.core.parser.NameCache;
import io.jtune.core.parser.ParserContext;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Parser for JDK 6/7/8-style GC logs ({@code -verbose:gc}, {@code -XX:+PrintGCDetails}) of the
 * Serial, Parallel, ParNew/CMS (incl. iCMS), G1 and JDK 8 Shenandoah collectors.
 */
public final class Jdk8LogParser implements GcLogParser {
  /*
   * How a record is read. A GC record is bracketed text, "[GC ... [ParNew: a->b(c), t secs] ...,
   * t secs]", that the JVM may split over several lines when other output (tenuring
   * distribution, FLS statistics, CMS concurrent phases, adaptive-size policy, heap dumps) is
   * printed while the pause runs. A line that starts a record is first read in place; only when
   * that read runs off the end with a bracket still open (or meets glued-in output that must not
   * be emitted twice) are its brackets counted. A line that leaves a bracket open is copied into
   * a small buffer; following lines that carry brackets (or start like a continuation: ": ...",
   * ", ...", " (...") are appended until the brackets balance, while interleaved lines without
   * brackets are handled on their own. The text is read by one tolerant scanner (scanBody) that
   * walks the bracket structure: a nested segment's name says which memory area its
   * "before->after(capacity)" triple belongs to, ", t secs" at a level is that level's time,
   * parenthesised words are anomalies, and text it does not know is skipped.
   *
   * Names and kinds: "[Full GC" is FULL and named "Full GC"; a "[GC" record is named after its
   * young segment ("ParNew", "PSYoungGen", "DefNew") and is YOUNG, unless its old segment
   * reports a collection time (promotion failed, concurrent mode failure), which makes it FULL
   * and named after the old segment ("CMS", "Tenured"); without details it is "GC". G1 pauses
   * keep the logged text ("GC pause (G1 Evacuation Pause) (young)") without "(to-space ...)".
   *
   * Order: a pause whose record has no "[Times: ...]" is held until the next line, which may
   * carry its details (G1 phase lines, "[Eden: ...]", " [Times: ...]", tenuring); any other line
   * emits it. CMS/G1 concurrent phases glued into a record, and a young collection logged inside
   * a CMS remark (CMSScavengeBeforeRemark), are emitted after the record's pause, as they
   * started after it. ConcurrentPhase events carry the time stamp of the line that ended them
   * (CMS and G1 print a phase when it ends), so a phase started durationMs before its uptime.
   *
   * Hot path: most lines are one-line records or block lines decided by their first characters;
   * nothing allocates for a line that produces no event. Strings are made only for names,
   * causes and phase keys, through NameCache.
   */
  private static final int OUTER = 0;
  private static final int YOUNG = 1;
  private static final int OLD = 2;
  private static final int PERM = 3;
  private static final int OLD_MARK = 4;
  private static final int YG_OCC = 5;
  private static final int SKIP = 6;

  private static final int MAX_RECORD_LINES = 400;
  private static final int MAX_RECORD_BYTES = 1 << 20;

  private static final String GC = "GC";
  private static final String FULL_GC = "Full GC";
  private static final String GC_REMARK = "GC remark";
  private static final String GC_CLEANUP = "GC cleanup";
  private static final String CMS_INITIAL_MARK = "CMS-initial-mark";
  private static final String CMS_REMARK = "CMS-remark";
  private static final String CMS_CYCLE = "CMS Concurrent Cycle";
  private static final String G1_CYCLE = "Concurrent Mark Cycle";
  private static final Ascii STOPPED = Ascii.of("Total time for which application threads were stopped: ");
  private static final Ascii[] YOUNG_NAMES = Ascii.of("ParNew", "DefNew", "PSYoungGen", "ASParNew", "ASPSYoungGen");
  private static final Ascii[] OLD_NAMES = Ascii.of("CMS", "Tenured", "ParOldGen", "PSOldGen", "ASParOldGen", "ASCMS");
  private static final Ascii[] PERM_NAMES = Ascii.of("CMS Perm ", "Perm ", "PSPermGen", "Metaspace", "Perm");


  // what lines and records are recognised by (bytes, see Ascii)
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
  private static final Ascii BRACKET_TIMES_SPACE = Ascii.of("[Times: ");
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
  private static final Ascii BRACKET_FULL_GC = Ascii.of("[Full GC");
  private static final Ascii BRACKET_GC = Ascii.of("[GC");
  private static final Ascii BRACKET_GC_CONCURRENT = Ascii.of("[GC concurrent-");
  private static final Ascii SPACE_BRACKET_PS = Ascii.of(" [PS");
  private static final Ascii SPACE_BRACKET_TIMES = Ascii.of(" [Times");
  private static final Ascii YG_OCCUPANCY = Ascii.of("YG occupancy");
  private static final Ascii BRACKET_CMS_FINAL_REMARK = Ascii.of("[GC (CMS Final Remark)");
  private static final Ascii GC_CONCURRENT = Ascii.of("GC concurrent-");
  private static final Ascii CMS_CONCURRENT = Ascii.of("CMS-concurrent-");
  private static final Ascii FULL_GC_KEY = Ascii.of("Full GC");
  private static final Ascii GC_KEY = Ascii.of("GC");
  private static final Ascii GC_REF_PROC = Ascii.of("GC ref-proc");
  private static final Ascii PAUSE_ = Ascii.of("Pause ");
  private static final Ascii CONCURRENT_ = Ascii.of("Concurrent ");
  private static final Ascii G1_ERGONOMICS = Ascii.of("G1Ergonomics");
  private static final Ascii TIMES = Ascii.of("Times:");
  private static final Ascii TIMES_SPACE = Ascii.of("Times: ");
  private static final Ascii SPACE_PAUSE = Ascii.of(" pause");
  private static final Ascii SPACE_REMARK = Ascii.of(" remark");
  private static final Ascii SPACE_CLEANUP = Ascii.of(" cleanup");
  private static final Ascii DASH_DASH = Ascii.of("--");
  private static final Ascii PAREN_PROMOTION = Ascii.of("(promotion");
  private static final Ascii PAREN_CONCURRENT = Ascii.of("(concurrent");
  private static final Ascii PAREN_TO_SPACE = Ascii.of("(to-space");
  private static final Ascii PAREN_MIXED = Ascii.of("(mixed)");
  private static final Ascii PAREN_PARTIAL = Ascii.of("(partial)");
  private static final Ascii PAREN_INITIAL_MARK = Ascii.of("(initial-mark)");
  private static final Ascii PAREN_YOUNG = Ascii.of("(young)");
  private static final Ascii SPACE_PAREN = Ascii.of(" (");
  private static final Ascii ARROW = Ascii.of("->");
  private static final Ascii SPACE_SEC = Ascii.of(" sec");
  private static final Ascii SPACE_MS = Ascii.of(" ms");
  private static final Ascii ICMS_DC = Ascii.of("icms_dc=");
  private static final Ascii PAREN_PROMOTION_FAILED = Ascii.of("(promotion failed");
  private static final Ascii PAREN_CONCURRENT_MODE_INTERRUPTED = Ascii.of("(concurrent mode interrupted)");
  private static final Ascii PROMOTION_FAILURE = Ascii.of(": promotion failure");
  private static final Ascii EDEN = Ascii.of("Eden: ");
  private static final Ascii GC_PAREN = Ascii.of("GC (");
  private static final Ascii GC_SPACE = Ascii.of("GC ");
  private static final Ascii CMS_INITIAL_MARK_KEY = Ascii.of("1 CMS-initial-mark");
  private static final Ascii CMS_REMARK_KEY = Ascii.of("1 CMS-remark");
  private static final Ascii USER = Ascii.of("user=");
  private static final Ascii SPACE_SYS = Ascii.of(" sys=");
  private static final Ascii COMMA_REAL = Ascii.of(", real=");
  private static final Ascii SPACE_SECS_BRACKET = Ascii.of(" secs]");
  private static final Ascii SYS = Ascii.of("sys=");
  private static final Ascii REAL = Ascii.of("real=");
  private static final Ascii SURVIVORS = Ascii.of("Survivors: ");
  private static final Ascii HEAP_COLON = Ascii.of("Heap: ");
  private static final Ascii AVG = Ascii.of("Avg:");
  private static final Ascii METASPACE = Ascii.of("Metaspace");
  private static final Ascii PERM_KEY = Ascii.of("Perm");
  private static final Ascii PER_WORKER_MS = Ascii.of(" (ms)");
  private static final Ascii GC_WORKER_START = Ascii.of("GC Worker Start");
  private static final Ascii GC_WORKER_END = Ascii.of("GC Worker End");
  private static final Ascii CONCURRENT_MARK_ABORT = Ascii.of("concurrent-mark-abort");
  private static final Ascii DASH_END = Ascii.of("-end");
  private static final Ascii TOOK = Ascii.of("took: ");
  private static final Ascii THRESHOLD = Ascii.of("threshold ");
  private static final Ascii PAREN_MAX = Ascii.of("(max ");
  private static final Ascii JAVA_HOTSPOT = Ascii.of("Java HotSpot");
  private static final Ascii OPENJDK = Ascii.of("OpenJDK");
  private static final Ascii MEMORY = Ascii.of("Memory: ");
  private static final Ascii COMMAND_LINE_FLAGS = Ascii.of("CommandLine flags: ");
  private static final Ascii SHENANDOAH_HEAP = Ascii.of("Shenandoah Heap");

  private final ParserContext ctx;
  private final Consumer<GcEvent> sink;
  private final NameCache names = new NameCache();
  private final PauseDraft draft = new PauseDraft();
  private final PauseDraft scratch = new PauseDraft();
  private final List<GcEvent> deferred = new ArrayList<>();

  // time stamps of the line being read
  private double stUptime;
  private long stEpoch;
  private long stGcId;
  private long lineNo;

  // time stamp seen last inside a record (for glued-in concurrent phases)
  private double scanUptime;
  private long scanEpoch;

  // record being assembled over several lines
  private final Line recLine = new Line();
  private byte[] rec = new byte[4096];
  private int recLen;
  private int recDepth;
  private int recLines;
  private boolean open;
  /** Reading a line in place before knowing it holds a whole record; see bracketLine. */
  private boolean tentative;
  /** Set when a tentative read found the record incomplete or met output that must not run twice. */
  private boolean retry;
  /** Bracket levels that reached the end of the text without their ']'. */
  private int unclosed;
  /** The open record is a CMS remark, which may contain a whole young collection (CMSScavengeBeforeRemark). */
  private boolean recRemark;
  private double recUptime;
  private long recEpoch;
  private long recGcId;
  private long recLineNo;

  // a complete pause waiting for details on the next lines
  private boolean pending;
  private String pendingPhaseKey;

  // tenuring distribution seen since the last pause
  private boolean tenPresent;
  private long tenDesired;
  private int tenNew;
  private int tenMax;
  private long tenAged;

  private boolean inHeapBlock;

  // concurrent cycles
  private boolean cmsCycleOpen;
  private double cmsCycleUptime;
  private long cmsCycleEpoch;
  private long cmsCycleGcId;
  private boolean g1CycleOpen;
  private double g1CycleUptime;
  private long g1CycleEpoch;
  private long g1CycleGcId;
  private boolean g1CleanupSeen;
  private double g1CleanupEndUptime;
  private long g1CleanupEndEpoch;
  private double g1CleanupUptime;
  private long g1CleanupEpoch;

  // collector detection: from flags first, corrected once by the first record that tells
  private boolean collectorKnown;
  private boolean collectorFromRecords;
  private Collector flagsCollector;
  private boolean cmsSeen;
  private boolean tenuredSeen;
  private String youngSeen;
  private boolean iCmsReported;

  public Jdk8LogParser(ParserContext ctx, Consumer<GcEvent> sink) {
    this.ctx = ctx;
    this.sink = sink;
  }

  @Override
  public void accept(Line t) {
    lineNo = t.number();
    stUptime = Double.NaN;
    stEpoch = GcEvent.NO_EPOCH;
    stGcId = -1;
    int n = t.length();
    if (n == 0) {
      ctx.otherText(t);
      return;
    }
    char c0 = t.charAt(0);
    int p = Line.isDigit(c0) || c0 == '#' ? stamps(t) : 0;
    if (p == 0 && flsLine(t, c0)) {
      // what the general path below does with such a line (no record continues with it, it
      // is not a detail of the pause held back, it is GC output), without its searches
      if (pending) {
        flushPending();
      }
      ctx.understood();
      return;
    }
    if (open) {
      if (startsRecord(t, p) && !recRemark) {
        closeRecord();
      } else if (continuesRecord(t, p, c0)) {
        append(t);
        ctx.understood();
        if (recDepth <= 0 || recLines > MAX_RECORD_LINES || recLen > MAX_RECORD_BYTES) {
          closeRecord();
        }
        return;
      }
    }
    if (pending && !attachable(t, c0)) {
      flushPending();
    }
    dispatch(t, p, c0);
  }

  @Override
  public void endOfSource() {
    if (open) {
      closeRecord();
    }
    if (pending) {
      flushPending();
    }
    endG1Cycle();
    if (!collectorFromRecords && flagsCollector == null && youngSeen != null) {
      decideCollector();
    }
    inHeapBlock = false;
    tenPresent = false;
  }

  // ---------------------------------------------------------------- line dispatch

  private void dispatch(Line t, int p, char c0) {
    char c = t.at(p);
    if (c == '[') {
      bracketLine(t, p);
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
          tenuringAge(t);
        } else if (t.startsWith(DASHES)) {
          ctx.understood();
        } else {
          ctx.otherText(t);
        }
      }
      case 'D' -> {
        if (t.startsWith(DESIRED_SURVIVOR_SIZE)) {
          tenuringHead(t);
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
        } else {
          understoodIf(t, t.startsWith(TOTAL_FREE_SPACE) || t.startsWith(TREE_HEIGHT)
              || t.startsWith(TLAB));
        }
      }
      case 'J', 'O' -> {
        if (t.startsWith(JAVA_HOTSPOT) || t.startsWith(OPENJDK)) {
          version(t);
        } else {
          ctx.otherText(t);
        }
      }
      case 'M' -> {
        if (t.startsWith(MEMORY)) {
          memory(t);
        } else {
          understoodIf(t, t.startsWith(MAX_CHUNK_SIZE));
        }
      }
      case 'C' -> {
        if (t.startsWith(COMMAND_LINE_FLAGS)) {
          flags(t);
        } else {
          understoodIf(t, t.startsWith(CANCELLING_CONCURRENT_GC));
        }
      }
      case 'S' -> {
        if (t.startsWith(SHENANDOAH_HEAP)) {
          ctx.understood();
          inHeapBlock = true;
          if (!collectorKnown) {
            collector(Collector.SHENANDOAH);
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
    if (pending && (t.at(q) == '[' || pendingPhaseKey != null)) {
      g1Detail(t, q);
      return;
    }
    if (t.startsWith(BRACKET_TIMES, q)) {
      ctx.understood();
      return;
    }
    if (inHeapBlock || t.indexOf(ADDRESS, q) > 0) {
      if (!collectorKnown && inHeapBlock) {
        if (t.startsWith(CONCURRENT_MARK_SWEEP, q)) {
          cmsSeen = true;
        } else if (t.startsWith(TENURED_GENERATION, q)) {
          tenuredSeen = true;
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
      stampsAt(t, s);
      concurrent(t, b, stUptime, stEpoch, false);
      flushDeferred();
      ctx.understood();
      return;
    }
    if (t.startsWith(PAREN_CONCURRENT_MODE_FAILURE, q)) {
      sink.accept(new GcNotice(stGcId, Double.NaN, GcEvent.NO_EPOCH, GcNotice.Kind.CONCURRENT_MODE_FAILURE,
          "concurrent mode failure", Double.NaN, lineNo));
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
      int s = stampsAt(t, q);
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

  // ---------------------------------------------------------------- time stamps

  /** Reads "date: uptime: #id: " at the start of the line; returns the index after them. */
  private int stamps(Line t) {
    return stampsAt(t, 0);
  }

  private int stampsAt(Line t, int from) {
    int p = from;
    if (Line.isDigit(t.at(p)) && t.at(p + 4) == '-' && t.at(p + 7) == '-') {
      long e = t.parseIsoEpochMs(p);
      if (e == Long.MIN_VALUE) {
        return from;
      }
      int q = t.end();
      if (t.at(q) != ':') {
        return from;
      }
      stEpoch = e;
      p = q + 1;
      if (t.at(p) == ' ') {
        p++;
      }
    }
    if (Line.isDigit(t.at(p))) {
      double v = t.parseDouble(p);
      int q = t.end();
      if (t.at(q) == ':') {
        stUptime = v;
        p = q + 1;
        if (t.at(p) == ' ') {
          p++;
        }
      }
    }
    if (t.at(p) == '#') {
      long id = t.parseLong(p + 1);
      int q = t.end();
      if (id >= 0 && t.at(q) == ':') {
        stGcId = id;
        p = q + 1;
        if (t.at(p) == ' ') {
          p++;
        }
      }
    }
    return p;
  }

  // ---------------------------------------------------------------- record assembly

  private static int balance(Line t, int from) {
    int depth = 0;
    for (int i = t.indexOf('[', ']', from); i >= 0; i = t.indexOf('[', ']', i + 1)) {
      depth += t.charAt(i) == '[' ? 1 : -1;
    }
    return depth;
  }

  private static boolean startsRecord(Line t, int p) {
    if (t.at(p) != '[') {
      return false;
    }
    char c1 = t.at(p + 1);
    if (c1 == 'F') {
      return t.startsWith(BRACKET_FULL_GC, p);
    }
    if (c1 != 'G' || t.at(p + 2) != 'C') { // "[GC"
      return false;
    }
    char c = t.at(p + 3);
    if (c == ' ') {
      return !t.startsWith(BRACKET_GC_CONCURRENT, p);
    }
    return c == '(' || c == '-' || c == '[' || Line.isDigit(c);
  }

  private static boolean continuesRecord(Line t, int p, char c0) {
    if (c0 == ':' || c0 == ',') {
      return true;
    }
    if (c0 == ' ' && (t.at(1) == '(' || t.startsWith(SPACE_BRACKET_PS) || t.startsWith(SPACE_BRACKET_TIMES))) {
      return true;
    }
    if (c0 == ' ' && t.indexOf(ADDRESS) > 0) {
      return false;
    }
    return t.indexOf('[', ']', 0) >= 0;
  }

  private void bracketLine(Line t, int p) {
    if (startsRecord(t, p)) {
      // most records are complete on their line: read in place, count brackets only if not
      tentative = true;
      retry = false;
      boolean ok = record(t, p);
      tentative = false;
      if (!retry) {
        reportRecord(ok, t);
        return;
      }
    }
    if (balance(t, p) > 0) {
      if (pending) {
        flushPending();
      }
      open = true;
      recLen = 0;
      recDepth = 0;
      recLines = 0;
      recUptime = stUptime;
      recEpoch = stEpoch;
      recGcId = stGcId;
      recLineNo = lineNo;
      recRemark = t.indexOf(YG_OCCUPANCY, p) > 0 || t.startsWith(BRACKET_CMS_FINAL_REMARK, p);
      appendFrom(t, p);
      return;
    }
    reportRecord(record(t, p), t);
  }

  private void reportRecord(boolean understood, Line t) {
    if (understood) {
      ctx.understood();
    } else {
      ctx.notUnderstood(t);
    }
    if (!pending) {
      flushDeferred();
    }
  }

  private void append(Line t) {
    appendFrom(t, 0);
  }

  private void appendFrom(Line t, int from) {
    int n = t.length() - from;
    if (recLen + n > rec.length) {
      rec = java.util.Arrays.copyOf(rec, Math.max(rec.length * 2, recLen + n));
    }
    t.copyTo(from, rec, recLen, n);
    recLen += n;
    recDepth += balance(t, from);
    recLines++;
  }

  private void closeRecord() {
    open = false;
    recLine.set(rec, 0, recLen, recLineNo, false);
    double up = stUptime;
    long ep = stEpoch;
    long id = stGcId;
    long ln = lineNo;
    stUptime = recUptime;
    stEpoch = recEpoch;
    stGcId = recGcId;
    lineNo = recLineNo;
    if (record(recLine, 0)) {
      ctx.understood();
    } else {
      ctx.notUnderstood(recLine);
    }
    if (!pending) {
      flushDeferred();
    }
    stUptime = up;
    stEpoch = ep;
    stGcId = id;
    lineNo = ln;
  }

  // ---------------------------------------------------------------- records

  /** Reads one complete bracketed record starting at {@code p}; false when it makes no sense. */
  private boolean record(Line t, int p) {
    int j = p + 1;
    scanUptime = stUptime;
    scanEpoch = stEpoch;
    char c = t.at(j);
    if (c == 'G' && t.startsWith(GC_CONCURRENT, j) || c == 'C' && t.startsWith(CMS_CONCURRENT, j)) {
      concurrent(t, p, stUptime, stEpoch, false);
      return true;
    }
    if (c == 'F' && t.startsWith(FULL_GC_KEY, j)
        || c == 'G' && t.startsWith(GC_KEY, j) && !t.startsWith(GC_REF_PROC, j)) {
      return gcRecord(t, p);
    }
    if (c == 'P' && t.startsWith(PAUSE_, j)) {
      return shenandoahPause(t, j);
    }
    if (c == 'C' && t.startsWith(CONCURRENT_, j)) {
      return shenandoahConcurrent(t, j);
    }
    if (c == 'G' && t.startsWith(G1_ERGONOMICS, j)) {
      return true;
    }
    if (c == 'T' && t.startsWith(TIMES, j)) {
      return true;
    }
    scratch.reset(stGcId, stUptime, stEpoch, lineNo);
    trailer(t, p, scratch);
    return !deferred.isEmpty();
  }

  private boolean gcRecord(Line t, int p) {
    if (pending) {
      flushPending();
    }
    PauseDraft d = draft;
    d.reset(stGcId, stUptime, stEpoch, lineNo);
    unclosed = 0;
    int k = readHead(t, p + 1, d);
    k = scanBody(t, k, OUTER, d);
    trailer(t, k, d);
    if (tentative && (retry || unclosed > 0)) {
      retry = true;
      return false;
    }
    if (!finish(d)) {
      return false;
    }
    if (d.times == null) {
      pending = true;
      pendingPhaseKey = null;
    } else {
      emitPause(d);
    }
    return true;
  }

  /** Reads the record's name and cause from {@code j} (just after '['); returns where the body starts. */
  private int readHead(Line t, int j, PauseDraft d) {
    int k;
    if (t.startsWith(FULL_GC_KEY, j)) {
      d.kind = PauseKind.FULL;
      d.name = FULL_GC;
      k = j + 7;
    } else {
      k = j + 2;
      char c = t.at(k + 1); // "GC pause", "GC remark", "GC cleanup" are G1's
      if (c == 'p' && t.startsWith(SPACE_PAUSE, k)) {
        d.g1 = true;
        return g1Head(t, j, k + 6, d);
      } else if (c == 'r' && t.startsWith(SPACE_REMARK, k)) {
        d.g1 = true;
        d.kind = PauseKind.REMARK;
        d.name = GC_REMARK;
        return k + 7;
      } else if (c == 'c' && t.startsWith(SPACE_CLEANUP, k)) {
        d.g1 = true;
        d.kind = PauseKind.CLEANUP;
        d.name = GC_CLEANUP;
        return k + 8;
      }
    }
    if (t.startsWith(DASH_DASH, k)) {
      d.dashDash = true;
      k += 2;
    }
    int q = t.skipSpaces(k);
    if (t.at(q) == '(' && !t.startsWith(PAREN_PROMOTION, q) && !t.startsWith(PAREN_CONCURRENT, q)) {
      int close = closeParen(t, q);
      if (close > q) {
        d.cause = names.get(t, q + 1, close);
        k = close + 1;
        if (t.startsWith(DASH_DASH, k)) {
          d.dashDash = true;
          k += 2;
        }
      }
    }
    return k;
  }

  /** Reads the parenthesised words after "GC pause": cause, young/mixed, initial-mark, to-space. */
  private int g1Head(Line t, int j, int k, PauseDraft d) {
    int nameEnd = k;
    d.kind = PauseKind.YOUNG;
    while (true) {
      int q = t.skipSpaces(k);
      if (t.at(q) != '(') {
        break;
      }
      int close = closeParen(t, q);
      if (close < 0) {
        break;
      }
      if (t.startsWith(PAREN_TO_SPACE, q)) {
        d.anomalies.add(Anomaly.TO_SPACE_EXHAUSTED);
      } else {
        if (t.startsWith(PAREN_MIXED, q) || t.startsWith(PAREN_PARTIAL, q)) {
          d.kind = PauseKind.MIXED;
        } else if (t.startsWith(PAREN_INITIAL_MARK, q)) {
          d.initialMark = true;
        } else if (!t.startsWith(PAREN_YOUNG, q) && d.cause == null) {
          d.cause = names.get(t, q + 1, close);
        }
        nameEnd = close + 1;
      }
      k = close + 1;
    }
    if (t.startsWith(DASH_DASH, k)) {
      d.dashDash = true;
      k += 2;
    }
    d.name = names.get(t, j, nameEnd);
    return k;
  }

  /** Index of the ')' closing the '(' at {@code q}, or -1 (stops at brackets). */
  private static int closeParen(Line t, int q) {
    int depth = 0;
    for (int i = q, n = t.length(); i < n; i++) {
      char c = t.charAt(i);
      if (c == '(') {
        depth++;
      } else if (c == ')') {
        if (--depth == 0) {
          return i;
        }
      } else if (c == '[' || c == ']') {
        return -1;
      }
    }
    return -1;
  }

  /** Reads what follows the record's closing bracket: "[Times: ...]" and glued-in phases. */
  private void trailer(Line t, int k, PauseDraft d) {
    int n = t.length();
    while (k < n) {
      if (t.charAt(k) == '[') {
        k = nested(t, k, d);
      } else if (Line.isDigit(t.charAt(k))) {
        k = stampInBody(t, k);
      } else {
        k++;
      }
    }
  }

  /** Skips a time stamp inside a record, remembering it; returns the index after it. */
  private int stampInBody(Line t, int i) {
    if (t.at(i + 4) == '-' && t.at(i + 7) == '-') {
      long e = t.parseIsoEpochMs(i);
      if (e != Long.MIN_VALUE) {
        scanEpoch = e;
        int q = t.end();
        return t.at(q) == ':' ? q + 1 : q;
      }
    }
    double v = t.parseDouble(i);
    int q = t.end();
    if (t.at(q) == ':') {
      scanUptime = v;
      return q + 1;
    }
    return Math.max(q, i + 1);
  }

  /** Decides kind and name of a GC record and its anomalies; false when the record is unusable. */
  private boolean finish(PauseDraft d) {
    if (d.kind == null) {
      if (d.initialMark) {
        d.kind = PauseKind.INITIAL_MARK;
        d.name = CMS_INITIAL_MARK;
      } else if (d.remark) {
        d.kind = PauseKind.REMARK;
        d.name = CMS_REMARK;
      } else if (d.oldCollected) {
        d.kind = PauseKind.FULL;
        d.name = d.oldName;
      } else {
        d.kind = PauseKind.YOUNG;
        d.name = d.youngName != null ? d.youngName : GC;
      }
    }
    if (d.dashDash) {
      d.anomalies.add(d.g1 ? Anomaly.TO_SPACE_EXHAUSTED : Anomaly.PROMOTION_FAILED);
    }
    causeAnomaly(d);
    if (d.icms && !iCmsReported) {
      iCmsReported = true;
      sink.accept(new JvmInfo(null, null, null, null, null, null, null, null, null, Boolean.TRUE, lineNo));
    }
    return !Double.isNaN(d.secs);
  }

  private static void causeAnomaly(PauseDraft d) {
    String c = d.cause;
    if (c == null) {
      return;
    }
    switch (c) {
      case "System.gc()", "System" -> d.anomalies.add(Anomaly.SYSTEM_GC);
      case "GCLocker Initiated GC" -> d.anomalies.add(Anomaly.GC_LOCKER);
      case "Metadata GC Threshold" -> d.anomalies.add(Anomaly.METADATA_THRESHOLD);
      case "G1 Humongous Allocation" -> d.anomalies.add(Anomaly.HUMONGOUS_ALLOCATION);
      default -> { }
    }
  }

  /**
   * Scans one bracket level from {@code i} to its closing ']' and returns the index after it.
   * The first memory triple at this level and its last ", t secs" are assigned by {@code role}.
   */
  private int scanBody(Line t, int i, int role, PauseDraft d) {
    int n = t.length();
    long b = PauseDraft.NONE;
    long a = PauseDraft.NONE;
    long cap = PauseDraft.NONE;
    boolean have = false;
    double secs = Double.NaN;
    boolean closed = false;
    while (i < n) {
      char c = t.charAt(i);
      if (c == ']') {
        i++;
        closed = true;
        break;
      }
      if (c == '[') {
        i = nested(t, i, d);
        continue;
      }
      if (c >= '0' && c <= '9') {
        if (t.at(i + 4) == '-' && t.at(i + 7) == '-') {
          i = stampInBody(t, i);
          continue;
        }
        // integers first: sizes in K are the common case and need no fraction
        long whole = t.parseLong(i);
        int e = t.end();
        char u = t.at(e);
        double v = whole;
        if ((u == '.' || u == ',') && Line.isDigit(t.at(e + 1))) {
          v = t.parseDouble(i);
          e = t.end();
          u = t.at(e);
        }
        if (u == ':') {
          scanUptime = v;
          i = e + 1;
          continue;
        }
        if (u == ' ' && role == YG_OCC && !have) {
          // "[YG occupancy: 592 K (8256 K)]"
          long used = sizeWithSpace(t, i);
          int q = t.end();
          if (used >= 0 && t.startsWith(SPACE_PAREN, q)) {
            long c2 = sizeWithSpace(t, q + 2);
            b = used;
            a = used;
            cap = c2;
            have = true;
            i = t.end();
            continue;
          }
        }
        // the number read above, as a size: its unit (if any) follows directly
        long unit = unit(u);
        int k = unit > 0 ? e + 1 : e;
        if (unit > 0 && t.at(k) == 'B' && u != 'B') {
          k++;
        }
        long before = Math.round(v * (unit > 0 ? unit : 1));
        if (t.at(k) == '-' && t.at(k + 1) == '>') {
          long after = size(t, k + 2);
          k = sizeEnd;
          long cp = PauseDraft.NONE;
          if (t.at(k) == '(') {
            cp = size(t, k + 1);
            k = sizeEnd;
            if (t.at(k) == ')') {
              k++;
            }
          }
          if (!have) {
            b = before;
            a = after;
            cap = cp;
            have = true;
          }
          i = k;
          continue;
        }
        if (t.at(k) == '(') {
          long cp = t.parseSize(k + 1);
          int q = t.end();
          if (cp >= 0 && t.at(q) == ')') {
            q++;
            if (t.startsWith(ARROW, q)) {
              long after = t.parseSize(q + 2);
              q = t.end();
              long cp2 = PauseDraft.NONE;
              if (t.at(q) == '(') {
                cp2 = t.parseSize(q + 1);
                q = t.end();
                if (t.at(q) == ')') {
                  q++;
                }
              }
              if (!have) {
                b = before;
                a = after;
                cap = cp2;
                have = true;
              }
            } else if (!have) {
              b = before;
              a = before;
              cap = cp;
              have = true;
            }
            i = q;
            continue;
          }
        }
        i = Math.max(e, i + 1);
        continue;
      }
      if (c == ',') {
        int k = t.skipSpaces(i + 1);
        double v = t.parseDouble(k);
        if (!Double.isNaN(v)) {
          int e = t.end();
          // the unit is skipped too: none of its characters means anything to this loop
          if (t.startsWith(SPACE_SEC, e)) {
            secs = v;
            e += 4;
          } else if (t.startsWith(SPACE_MS, e)) {
            secs = v / 1000.0;
            e += 3;
          }
          i = e;
        } else {
          i = k;
        }
        continue;
      }
      if (c == '(') {
        i = paren(t, i, d);
        continue;
      }
      if (c == 'i' && t.startsWith(ICMS_DC, i)) {
        d.icms = true;
        i += 8;
        continue;
      }
      i++;
    }
    if (!closed) {
      unclosed++;
    }
    if (have || !Double.isNaN(secs)) {
      switch (role) {
        case OUTER -> {
          if (have && !PauseDraft.known(d.heap)) {
            PauseDraft.set(d.heap, b, a, cap);
          }
          d.secs = secs;
        }
        case YOUNG -> {
          if (have) {
            PauseDraft.set(d.young, b, a, cap);
          }
        }
        case OLD -> {
          if (have) {
            PauseDraft.set(d.old, b, a, cap);
          }
          if (!Double.isNaN(secs)) {
            d.oldCollected = true;
          }
        }
        case PERM -> {
          if (have) {
            PauseDraft.set(d.meta, b, a, cap);
          }
        }
        case OLD_MARK -> {
          if (have) {
            PauseDraft.set(d.old, b, a, cap);
          }
        }
        case YG_OCC -> {
          if (have) {
            PauseDraft.set(d.young, b, a, cap);
          }
        }
        default -> { }
      }
    }
    return i;
  }

  /** Index after the last {@link #size} scan. */
  private int sizeEnd;

  /** Scans a size like {@code 1024K} or {@code 15.0M} as bytes (-1 when none), setting {@link #sizeEnd}. */
  private long size(Line t, int i) {
    long whole = t.parseLong(i);
    int e = t.end();
    if (whole < 0) {
      sizeEnd = i;
      return -1;
    }
    char u = t.at(e);
    double v = whole;
    boolean fraction = false;
    if ((u == '.' || u == ',') && Line.isDigit(t.at(e + 1))) {
      v = t.parseDouble(i);
      e = t.end();
      u = t.at(e);
      fraction = true;
    }
    long m = unit(u);
    if (m > 0) {
      e++;
      if (u != 'B' && t.at(e) == 'B') {
        e++;
      }
    }
    sizeEnd = e;
    if (m == 0) {
      m = 1;
    }
    return fraction ? Math.round(v * m) : whole * m;
  }

  /** Bytes per unit for a size suffix (K, M, G, T, B), or 0 when {@code c} is none. */
  private static long unit(char c) {
    return switch (c) {
      case 'K', 'k' -> 1L << 10;
      case 'M' -> 1L << 20;
      case 'G' -> 1L << 30;
      case 'T' -> 1L << 40;
      case 'B' -> 1L;
      default -> 0;
    };
  }

  /** Scans "592 K" (a size with a space before the unit); -1 when none. Leaves end() after the unit. */
  private static long sizeWithSpace(Line t, int i) {
    long v = t.parseLong(i);
    int e = t.end();
    if (v < 0 || t.at(e) != ' ') {
      return -1;
    }
    long mult = switch (t.at(e + 1)) {
      case 'K' -> 1L << 10;
      case 'M' -> 1L << 20;
      case 'G' -> 1L << 30;
      case 'B' -> 1L;
      default -> 0;
    };
    if (mult == 0) {
      return -1;
    }
    t.parseLong(e + 2); // no digit there: only moves end() past the unit
    return v * mult;
  }

  /** Handles a parenthesised group inside a record: anomalies; returns the index after it. */
  private int paren(Line t, int i, PauseDraft d) {
    if (t.startsWith(PAREN_PROMOTION_FAILED, i)) {
      d.anomalies.add(Anomaly.PROMOTION_FAILED);
    } else if (t.startsWith(PAREN_CONCURRENT_MODE_FAILURE, i)) {
      d.anomalies.add(Anomaly.CONCURRENT_MODE_FAILURE);
    } else if (t.startsWith(PAREN_CONCURRENT_MODE_INTERRUPTED, i)) {
      d.anomalies.add(Anomaly.CONCURRENT_MODE_INTERRUPTED);
    } else if (t.startsWith(PAREN_TO_SPACE, i)) {
      d.anomalies.add(Anomaly.TO_SPACE_EXHAUSTED);
    } else if (Line.isDigit(t.at(i + 1))) {
      int q = t.indexOf(PROMOTION_FAILURE, i);
      if (q > 0 && q < i + 8) {
        d.anomalies.add(Anomaly.PROMOTION_FAILED);
      }
    }
    int close = closeParen(t, i);
    return close > 0 ? close + 1 : i + 1;
  }

  /** Reads a nested "[...]" segment at {@code i}; returns the index after its closing ']'. */
  private int nested(Line t, int i, PauseDraft d) {
    int j = i + 1;
    char c = t.at(j);
    if (c == 'T' && t.startsWith(TIMES_SPACE, j)) {
      return times(t, j + 7, d);
    }
    if (c == 'C' && t.startsWith(CMS_CONCURRENT, j) || c == 'G' && t.startsWith(GC_CONCURRENT, j)) {
      if (tentative) {
        retry = true;
        return t.length();
      }
      int e = concurrent(t, i, scanUptime, scanEpoch, true);
      int q = t.skipSpaces(e);
      if (t.startsWith(BRACKET_TIMES_SPACE, q)) {
        int close = t.indexOf(']', q);
        e = close < 0 ? t.length() : close + 1;
      }
      return e;
    }
    if (c == 'E' && t.startsWith(EDEN, j)) {
      return eden(t, j + 6, d);
    }
    if (c == 'G' && (t.startsWith(GC_PAREN, j) || t.startsWith(GC_SPACE, j)) && d == draft
        && !t.startsWith(GC_REF_PROC, j)) {
      if (tentative) {
        retry = true;
        return t.length();
      }
      return nestedPause(t, i);
    }
    Ascii y = nameAt(t, j, c, YOUNG_NAMES);
    if (y != null) {
      d.youngName = y.toString();
      youngSeen = d.youngName;
      return scanBody(t, j + y.length(), YOUNG, d);
    }
    Ascii p = nameAt(t, j, c, PERM_NAMES);
    if (p != null) {
      return scanBody(t, j + p.length(), PERM, d);
    }
    for (Ascii o : OLD_NAMES) {
      if (o.charAt(0) == c && t.startsWith(o, j) && t.at(j + o.length()) != '-') {
        String name = o.toString();
        d.oldName = name;
        if (name == "CMS" || name == "ASCMS") {
          cmsSeen = true;
        } else if (name == "Tenured") {
          tenuredSeen = true;
        }
        return scanBody(t, j + o.length(), OLD, d);
      }
    }
    if (t.startsWith(CMS_INITIAL_MARK_KEY, j)) {
      d.initialMark = true;
      cmsSeen = true;
      return scanBody(t, j + 18, OLD_MARK, d);
    }
    if (t.startsWith(CMS_REMARK_KEY, j)) {
      d.remark = true;
      cmsSeen = true;
      return scanBody(t, j + 12, OLD_MARK, d);
    }
    if (t.startsWith(YG_OCCUPANCY, j)) {
      return scanBody(t, j + 12, YG_OCC, d);
    }
    return scanBody(t, j, SKIP, d);
  }

  /** The first of {@code names} at {@code j} (where the line has {@code c}), or null. */
  private static Ascii nameAt(Line t, int j, char c, Ascii[] names) {
    for (Ascii n : names) {
      if (n.charAt(0) == c && t.startsWith(n, j)) {
        return n;
      }
    }
    return null;
  }

  /** A young collection logged inside another record (CMS remark with CMSScavengeBeforeRemark). */
  private int nestedPause(Line t, int i) {
    PauseDraft d = scratch;
    d.reset(stGcId, scanUptime, scanEpoch, lineNo);
    int k = readHead(t, i + 1, d);
    k = scanBody(t, k, OUTER, d);
    int q = t.skipSpaces(k);
    if (t.startsWith(BRACKET_TIMES_SPACE, q)) {
      k = times(t, q + 8, d);
    }
    if (finish(d)) {
      // it started after the record holding it, so it is emitted after that record's pause
      deferred.add(d.toPause());
      if (!collectorFromRecords) {
        inferCollector(d);
      }
    }
    return k;
  }

  /** Parses "user=0.31 sys=0.00, real=0.02 secs]" from {@code k}; returns the index after ']'. */
  private static int times(Line t, int k, PauseDraft d) {
    // fast path for the one layout HotSpot prints: "user=U sys=S, real=R secs]"
    if (t.startsWith(USER, k)) {
      double user = t.parseDouble(k + 5);
      int e = t.end();
      if (t.startsWith(SPACE_SYS, e)) {
        double sys = t.parseDouble(e + 5);
        e = t.end();
        if (t.startsWith(COMMA_REAL, e)) {
          double real = t.parseDouble(e + 7);
          e = t.end();
          if (t.startsWith(SPACE_SECS_BRACKET, e) && !Double.isNaN(user) && !Double.isNaN(sys) && !Double.isNaN(real)) {
            d.times = new CpuTimes(user, sys, real);
            return e + 6;
          }
        }
      }
    }
    int close = t.indexOf(']', k);
    int u = t.indexOf(USER, k);
    int s = t.indexOf(SYS, k);
    int r = t.indexOf(REAL, k);
    if (u >= 0 && s > u && r > s) {
      double user = t.parseDouble(u + 5);
      double sys = t.parseDouble(s + 4);
      double real = t.parseDouble(r + 5);
      if (!Double.isNaN(user) && !Double.isNaN(sys) && !Double.isNaN(real)) {
        d.times = new CpuTimes(user, sys, real);
      }
    }
    return close < 0 ? t.length() : close + 1;
  }

  /** Parses G1 "Eden: a(b)->c(d) Survivors: e->f Heap: g(h)->i(j)]"; returns the index after ']'. */
  private static int eden(Line t, int k, PauseDraft d) {
    int close = t.indexOf(']', k);
    int end = close < 0 ? t.length() : close + 1;
    long eb = t.parseSize(k);
    int q = t.end();
    if (t.at(q) == '(') {
      t.parseSize(q + 1);
      q = t.end() + 1;
    }
    if (eb < 0 || !t.startsWith(ARROW, q)) {
      return end;
    }
    long ea = t.parseSize(q + 2);
    q = t.end();
    long eca = PauseDraft.NONE;
    if (t.at(q) == '(') {
      eca = t.parseSize(q + 1);
      q = t.end() + 1;
    }
    int s = t.indexOf(SURVIVORS, q);
    if (s < 0) {
      return end;
    }
    long sb = t.parseSize(s + 11);
    q = t.end();
    long sa = t.startsWith(ARROW, q) ? t.parseSize(q + 2) : -1;
    q = t.end();
    int h = t.indexOf(HEAP_COLON, q);
    if (h < 0 || sb < 0 || sa < 0) {
      return end;
    }
    long hb = t.parseSize(h + 6);
    q = t.end();
    if (t.at(q) == '(') {
      t.parseSize(q + 1);
      q = t.end() + 1;
    }
    long ha = t.startsWith(ARROW, q) ? t.parseSize(q + 2) : -1;
    q = t.end();
    long hca = PauseDraft.NONE;
    if (t.at(q) == '(') {
      hca = t.parseSize(q + 1);
    }
    if (hb < 0 || ha < 0) {
      return end;
    }
    long yb = eb + sb;
    long ya = ea + sa;
    long yc = eca >= 0 ? eca + sa : PauseDraft.NONE;
    PauseDraft.set(d.young, yb, ya, yc);
    PauseDraft.set(d.survivor, sb, sa, PauseDraft.NONE);
    PauseDraft.set(d.heap, hb, ha, hca);
    PauseDraft.set(d.old, PauseDraft.minus(hb, yb), PauseDraft.minus(ha, ya), PauseDraft.minus(hca, yc));
    return end;
  }

  // ---------------------------------------------------------------- G1 details

  private void g1Detail(Line t, int q) {
    PauseDraft d = draft;
    ctx.understood();
    if (t.at(q) != '[') {
      if (pendingPhaseKey != null) {
        int avg = t.indexOf(AVG, q);
        if (avg >= 0) {
          double v = t.parseDouble(t.skipSpaces(avg + 4));
          if (!Double.isNaN(v)) {
            d.phase(pendingPhaseKey, v);
          }
          pendingPhaseKey = null;
        }
      }
      return;
    }
    int j = q + 1;
    if (t.startsWith(TIMES_SPACE, j)) {
      times(t, j + 7, d);
      flushPending();
      return;
    }
    if (t.startsWith(EDEN, j)) {
      int k = eden(t, j + 6, d);
      trailer(t, k, d);
      return;
    }
    if (t.startsWith(METASPACE, j) || t.startsWith(PERM_KEY, j)) {
      trailer(t, q, d);
      return;
    }
    int colon = t.indexOf(':', j);
    if (colon < 0) {
      return;
    }
    int keyEnd = colon;
    while (keyEnd > j && t.charAt(keyEnd - 1) == ' ') {
      keyEnd--;
    }
    boolean perWorker = false;
    if (t.startsWith(PER_WORKER_MS, keyEnd - 5)) {
      keyEnd -= 5;
      perWorker = true;
    }
    if (t.startsWith(GC_WORKER_START, j) || t.startsWith(GC_WORKER_END, j)) {
      return;
    }
    double v;
    if (perWorker) {
      int avg = t.indexOf(AVG, colon);
      if (avg >= 0) {
        v = t.parseDouble(t.skipSpaces(avg + 4));
      } else if (t.indexOf(']', colon) < 0) {
        pendingPhaseKey = names.get(t, j, keyEnd);
        return;
      } else {
        v = meanOfList(t, colon + 1);
      }
    } else {
      v = t.parseDouble(t.skipSpaces(colon + 1));
      if (!t.startsWith(SPACE_MS, t.end())) {
        return;
      }
    }
    if (!Double.isNaN(v)) {
      d.phase(names.get(t, j, keyEnd), v);
    }
  }

  /** Mean of the numbers in "  1.0  2.0  3.0]" (JDK 6 G1 per-worker lines). */
  private static double meanOfList(Line t, int k) {
    double sum = 0;
    int count = 0;
    int n = t.length();
    while (k < n && t.charAt(k) != ']') {
      if (Line.isDigit(t.charAt(k))) {
        sum += t.parseDouble(k);
        count++;
        k = t.end();
      } else {
        k++;
      }
    }
    return count == 0 ? Double.NaN : sum / count;
  }

  // ---------------------------------------------------------------- emitting pauses

  private void flushPending() {
    pending = false;
    pendingPhaseKey = null;
    emitPause(draft);
    flushDeferred();
  }

  private void flushDeferred() {
    if (!deferred.isEmpty()) {
      for (GcEvent e : deferred) {
        sink.accept(e);
      }
      deferred.clear();
    }
  }

  private void emitPause(PauseDraft d) {
    if (tenPresent && d == draft) {
      d.tenuring = new Tenuring(tenDesired, tenNew, tenMax, tenAged);
      tenPresent = false;
    }
    if (d.g1) {
      g1CycleBeforePause(d);
    }
    GcPause pause = d.toPause();
    sink.accept(pause);
    if (!collectorFromRecords) {
      inferCollector(d);
    }
    if (d.kind == PauseKind.INITIAL_MARK && d.name == CMS_INITIAL_MARK) {
      cmsCycleOpen = true;
      cmsCycleUptime = d.uptimeS;
      cmsCycleEpoch = d.epochMs;
      cmsCycleGcId = d.gcId;
    } else if (d.kind == PauseKind.FULL) {
      cmsCycleOpen = false;
    }
    if (d.g1) {
      g1CycleAfterPause(d);
    }
  }

  private void g1CycleBeforePause(PauseDraft d) {
    if (g1CycleOpen && g1CleanupSeen && d.kind != PauseKind.CLEANUP && d.kind != PauseKind.REMARK) {
      endG1Cycle();
    }
  }

  private void g1CycleAfterPause(PauseDraft d) {
    if (d.initialMark) {
      g1CycleOpen = true;
      g1CycleUptime = d.uptimeS;
      g1CycleEpoch = d.epochMs;
      g1CycleGcId = d.gcId;
      g1CleanupSeen = false;
    } else if (d.kind == PauseKind.CLEANUP && g1CycleOpen) {
      g1CleanupSeen = true;
      double s = Double.isNaN(d.secs) ? 0 : d.secs;
      g1CleanupUptime = d.uptimeS;
      g1CleanupEpoch = d.epochMs;
      g1CleanupEndUptime = d.uptimeS + s;
      g1CleanupEndEpoch = d.hasEpoch() ? d.epochMs + Math.round(s * 1000) : GcEvent.NO_EPOCH;
      // G1 runs (and logs) a concurrent cleanup only when the pause found regions to free
      if (!(d.heap[0] >= 0 && d.heap[1] >= 0 && d.heap[0] > d.heap[1])) {
        endG1Cycle();
      }
    } else if (d.kind == PauseKind.FULL) {
      g1CycleOpen = false;
    }
  }

  /** Emits the open G1 cycle as ending with its cleanup pause, when the pause was seen. */
  private void endG1Cycle() {
    if (g1CycleOpen && g1CleanupSeen) {
      // stamped like the cleanup pause line, so it does not lie after lines logged later
      double ms = cycleMs(g1CycleUptime, g1CycleEpoch, g1CleanupEndUptime, g1CleanupEndEpoch);
      sink.accept(new ConcurrentPhase(g1CycleGcId, g1CleanupUptime, g1CleanupEpoch, G1_CYCLE, ms, true, null,
          lineNo));
    }
    g1CycleOpen = false;
  }

  /** A whole concurrent cycle ending now, deferred until the current record's pause is out. */
  private void cycle(String name, long gcId, double startUp, long startEp, double endUp, long endEp) {
    deferred.add(new ConcurrentPhase(gcId, endUp, endEp, name, cycleMs(startUp, startEp, endUp, endEp), true,
        null, lineNo));
  }

  private static double cycleMs(double startUp, long startEp, double endUp, long endEp) {
    if (!Double.isNaN(startUp) && !Double.isNaN(endUp)) {
      return (endUp - startUp) * 1000.0;
    }
    if (startEp != GcEvent.NO_EPOCH && endEp != GcEvent.NO_EPOCH) {
      return endEp - startEp;
    }
    return Double.NaN;
  }

  // ---------------------------------------------------------------- concurrent phases

  /**
   * Reads "[CMS-concurrent-x: cpu/wall secs]" or "[GC concurrent-x-end, t secs]" at {@code i};
   * returns the index after its ']'. Events are deferred when inside a pause record.
   */
  private int concurrent(Line t, int i, double up, long ep, boolean defer) {
    int j = i + 1;
    int close = t.indexOf(']', j);
    int end = close < 0 ? t.length() : close + 1;
    if (t.startsWith(CMS_CONCURRENT, j)) {
      cmsSeen = true;
      int colon = t.indexOf(':', j);
      if (colon < 0 || (close >= 0 && colon > close)) {
        return end;
      }
      double wall = Double.NaN;
      double cpu = t.parseDouble(t.skipSpaces(colon + 1));
      if (!Double.isNaN(cpu) && t.at(t.end()) == '/') {
        wall = t.parseDouble(t.end() + 1);
      }
      String name = names.get(t, j, colon);
      add(new ConcurrentPhase(stGcId, up, ep, name, wall * 1000.0, false, null, lineNo), defer);
      if (cmsCycleOpen && name.equals("CMS-concurrent-reset")) {
        cmsCycleOpen = false;
        cycle(CMS_CYCLE, cmsCycleGcId, cmsCycleUptime, cmsCycleEpoch, up, ep);
        if (!defer) {
          flushDeferred();
        }
      }
      return end;
    }
    // "GC concurrent-..."
    int nameStart = j + 3;
    int stop = close < 0 ? t.length() : close;
    int comma = t.indexOf(',', nameStart);
    if (comma < 0 || comma > stop) {
      if (t.startsWith(CONCURRENT_MARK_ABORT, nameStart)) {
        add(new GcNotice(stGcId, up, ep, GcNotice.Kind.CONCURRENT_MARK_ABORT, "concurrent-mark-abort",
            Double.NaN, lineNo), defer);
        g1CycleOpen = false;
      }
      return end;
    }
    int nameEnd = comma;
    if (t.startsWith(DASH_END, nameEnd - 4)) {
      nameEnd -= 4;
    }
    // the time is the last item: "concurrent-mark-end, 0.0126670 sec]", "..., avg 67.3%, 0.0009256 secs]"
    int last = comma;
    for (int c = t.indexOf(',', comma + 1); c >= 0 && c < stop; c = t.indexOf(',', c + 1)) {
      last = c;
    }
    double secs = t.parseDouble(t.skipSpaces(last + 1));
    String name = names.get(t, nameStart, nameEnd);
    add(new ConcurrentPhase(stGcId, up, ep, name, secs * 1000.0, false, null, lineNo), defer);
    if (g1CycleOpen && name.equals("concurrent-cleanup")) {
      g1CycleOpen = false;
      cycle(G1_CYCLE, g1CycleGcId, g1CycleUptime, g1CycleEpoch, up, ep);
      if (!defer) {
        flushDeferred();
      }
    }
    return end;
  }

  private void add(GcEvent e, boolean defer) {
    if (defer) {
      deferred.add(e);
    } else {
      sink.accept(e);
    }
  }

  // ---------------------------------------------------------------- Shenandoah (JDK 8)

  /** End of a name like "Pause Init Mark (process weakrefs), 3.341 ms": before " (", ',' or " 1". */
  private static int shenandoahNameEnd(Line t, int j) {
    int n = t.length();
    for (int i = j; i < n; i++) {
      char c = t.charAt(i);
      if (c == ',' || c == ']') {
        return i;
      }
      if (c == ' ' && (t.at(i + 1) == '(' || Line.isDigit(t.at(i + 1)))) {
        return i;
      }
    }
    return n;
  }

  private boolean shenandoahPause(Line t, int j) {
    int nameEnd = shenandoahNameEnd(t, j);
    int close = t.indexOf(']', j);
    if (close > 0 && t.startsWith(", start", close - 7)) {
      return true;
    }
    PauseDraft d = draft;
    if (pending) {
      flushPending();
    }
    d.reset(stGcId, stUptime, stEpoch, lineNo);
    d.name = names.get(t, j, nameEnd);
    if (t.startsWith("Pause Init Mark", j)) {
      d.kind = PauseKind.INITIAL_MARK;
    } else if (t.startsWith("Pause Final Mark", j)) {
      d.kind = PauseKind.REMARK;
    } else if (t.startsWith("Pause Full", j)) {
      d.kind = PauseKind.FULL;
      if (t.at(nameEnd) == ' ' && t.at(nameEnd + 1) == '(' && !Character.isLowerCase(t.at(nameEnd + 2))) {
        int cp = closeParen(t, nameEnd + 1);
        if (cp > 0) {
          d.cause = names.get(t, nameEnd + 2, cp);
          causeAnomaly(d);
        }
      }
    } else if (t.startsWith("Pause Degenerated", j)) {
      d.kind = PauseKind.FULL;
      d.anomalies.add(Anomaly.ALLOCATION_FAILURE_DEGENERATED);
    } else {
      d.kind = PauseKind.OTHER;
    }
    scanBody(t, nameEnd, OUTER, d);
    if (Double.isNaN(d.secs)) {
      return false;
    }
    if (!collectorKnown) {
      collector(Collector.SHENANDOAH);
    }
    emitPause(d);
    return true;
  }

  private boolean shenandoahConcurrent(Line t, int j) {
    int close = t.indexOf(']', j);
    if (close > 0 && t.startsWith(", start", close - 7)) {
      return true;
    }
    int nameEnd = shenandoahNameEnd(t, j);
    PauseDraft d = scratch;
    d.reset(stGcId, stUptime, stEpoch, lineNo);
    scanBody(t, nameEnd, OUTER, d);
    if (Double.isNaN(d.secs)) {
      return false;
    }
    HeapChange mem = PauseDraft.known(d.heap)
        ? HeapChange.heapOnly(new MemoryUsage(d.heap[0], d.heap[1], d.heap[2])) : null;
    sink.accept(new ConcurrentPhase(stGcId, stUptime, stEpoch, names.get(t, j, nameEnd), d.secs * 1000.0,
        false, mem, lineNo));
    return true;
  }

  // ---------------------------------------------------------------- other lines

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
    sink.accept(new SafepointPause(stUptime, stEpoch, stopped * 1000.0, tts, lineNo));
  }

  private void tenuringHead(Line t) {
    // "Desired survivor size 524288 bytes, new threshold 7 (max 15)"
    ctx.understood();
    long desired = t.parseLong(22);
    int nt = t.indexOf(THRESHOLD, t.end());
    if (desired < 0 || nt < 0) {
      return;
    }
    long threshold = t.parseLong(nt + 10);
    int mx = t.indexOf(PAREN_MAX, t.end());
    long max = mx > 0 ? t.parseLong(mx + 5) : -1;
    tenPresent = true;
    tenDesired = desired;
    tenNew = (int) threshold;
    tenMax = (int) max;
    tenAged = -1;
  }

  private void tenuringAge(Line t) {
    // "- age   1:    6595712 bytes,    6595712 total"
    ctx.understood();
    if (!tenPresent) {
      return;
    }
    int comma = t.indexOf(',');
    if (comma > 0) {
      long total = t.parseLong(t.skipSpaces(comma + 1));
      if (total >= 0) {
        tenAged = total;
      }
    }
  }

  private void version(Line t) {
    ctx.understood();
    int v = t.indexOf("JRE (");
    int from = v >= 0 ? v + 5 : t.indexOf('(') + 1;
    int to = from > 0 ? t.indexOf(')', from) : -1;
    if (from > 0 && to > from) {
      sink.accept(JvmInfo.ofVersion(t.substring(from, to), lineNo));
    }
  }

  private void memory(Line t) {
    ctx.understood();
    int ph = t.indexOf("physical ");
    if (ph > 0) {
      long bytes = t.parseSize(ph + 9);
      if (bytes > 0) {
        sink.accept(new JvmInfo(null, null, null, bytes, null, null, null, null, null, null, lineNo));
      }
    }
  }

  private void flags(Line t) {
    ctx.understood();
    List<String> flags = new ArrayList<>();
    Collector c = null;
    boolean cms = false;
    boolean noParNew = false;
    boolean parNew = false;
    Boolean icms = null;
    Long xms = null;
    Long initial = null;
    Long max = null;
    int n = t.length();
    int i = 19;
    while (i < n) {
      i = t.skipSpaces(i);
      int e = i;
      while (e < n && t.charAt(e) != ' ') {
        e++;
      }
      if (e > i) {
        String f = t.substring(i, e);
        flags.add(f);
        switch (f) {
          case "-XX:+UseConcMarkSweepGC" -> cms = true;
          case "-XX:-UseParNewGC" -> noParNew = true;
          case "-XX:+UseParNewGC" -> parNew = true;
          case "-XX:+UseParallelGC", "-XX:+UseParallelOldGC" -> c = Collector.PARALLEL;
          case "-XX:+UseG1GC" -> c = Collector.G1;
          case "-XX:+UseSerialGC" -> c = Collector.SERIAL;
          case "-XX:+UseShenandoahGC" -> c = Collector.SHENANDOAH;
          case "-XX:+CMSIncrementalMode" -> icms = Boolean.TRUE;
          default -> {
            if (f.startsWith("-XX:InitialHeapSize=")) {
              initial = flagSize(t, i + 20);
            } else if (f.startsWith("-XX:MaxHeapSize=")) {
              max = flagSize(t, i + 16);
            } else if (f.startsWith("-Xms")) {
              xms = flagSize(t, i + 4);
            } else if (f.startsWith("-Xmx")) {
              max = max == null ? flagSize(t, i + 4) : max;
            }
          }
        }
      }
      i = e;
    }
    if (cms) {
      c = noParNew ? Collector.DEFNEW_CMS : Collector.PARNEW_CMS;
    } else if (c == null && parNew) {
      c = Collector.PARNEW_SERIAL_OLD;
    }
    if (c != null && !collectorFromRecords) {
      flagsCollector = c;
    }
    if (icms != null) {
      iCmsReported = true;
    }
    sink.accept(new JvmInfo(null, c, null, null, xms, initial != null ? initial : xms, max, null, flags, icms,
        lineNo));
  }

  private static Long flagSize(Line t, int at) {
    long v = t.parseSize(at);
    return v < 0 ? null : v;
  }

  // ---------------------------------------------------------------- collector

  private void inferCollector(PauseDraft d) {
    if (d.g1) {
      collector(Collector.G1);
      return;
    }
    String y = d.youngName;
    if (y == null) {
      return;
    }
    if (y.endsWith("PSYoungGen")) {
      collector(Collector.PARALLEL);
    } else if (cmsSeen || tenuredSeen) {
      decideCollector();
    }
  }

  private void decideCollector() {
    boolean parNew = youngSeen != null && youngSeen.endsWith("ParNew");
    if (youngSeen != null && youngSeen.endsWith("PSYoungGen")) {
      collector(Collector.PARALLEL);
    } else if (cmsSeen) {
      collector(parNew ? Collector.PARNEW_CMS : Collector.DEFNEW_CMS);
    } else if (parNew && !tenuredSeen) {
      // a log with ParNew collections only: ParNew is almost always paired with CMS
      collector(Collector.PARNEW_CMS);
    } else {
      collector(parNew ? Collector.PARNEW_SERIAL_OLD : Collector.SERIAL);
    }
  }

  private void collector(Collector c) {
    collectorFromRecords = true;
    collectorKnown = true;
    if (c != flagsCollector) {
      sink.accept(JvmInfo.ofCollector(c, lineNo));
    }
  }
}
