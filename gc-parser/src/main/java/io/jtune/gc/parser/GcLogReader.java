package io.jtune.gc.parser;

import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.JvmInfo;
import io.jtune.gc.input.LineReader;
import io.jtune.gc.input.LogSource;
import io.jtune.gc.input.RotationStem;
import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.function.Consumer;
import java.util.zip.ZipException;

/**
 * Reads sources in order as one timeline: sniffs each source's format, feeds its lines to the
 * parser for that format, and places every event on a stitched uptime axis (filling uptime from
 * wall-clock stamps where the log has none, and continuing across rotated files and restarts).
 */
public final class GcLogReader {
  private static final int SNIFF_BYTES = 64 * 1024;

  private final ParseReport report = new ParseReport();
  /** Whether the source being read is one file of a rotated set, where an empty file is expected. */
  private boolean emptyIsExpected;
  private final ParserContext context = new ParserContext(report);
  private final Map<LogFormat, GcLogParser> parsers = new EnumMap<>(LogFormat.class);
  private final Timeline timeline;
  /** Line numbers of files read in parallel, made file line numbers before the timeline sees them. */
  private final LineNumbers numbers = new LineNumbers();
  private final Consumer<GcEvent> toTimeline;
  private final RoutedSink parserSink;
  /** Where the start and end of each source go: the timeline, or a set read ahead's recording. */
  private final SourceMarks marks;
  /** A set read ahead on a parse thread (its output recorded for the reader), else null. */
  private final SetAhead.Recording recording;
  private ReadProgress progress = ReadProgress.NONE;
  /** The format of the parser used last: a new set's first file of no known format is read as this. */
  private LogFormat lastFormat;
  /** Whether the set read now has more than one source. */
  private boolean rotatedSet;
  /**
   * The first bytes of the latest file of the set read now that starts with a JVM's header, and
   * their format: a later file of the set read in parts primes its parts' parsers with them (a
   * rotated file begun in the middle of a JVM's log has no header of its own).
   */
  private byte[] setHeader;
  private LogFormat setHeaderFormat;

  /** What the reader does at each source, in order with the events (the timeline, or a recording). */
  interface SourceMarks {
    /** The source now read is {@code name}. */
    void named(String name);

    /** Its lines are about to be parsed as {@code format}. */
    void startSource(LogFormat format);

    /** The source has ended (also called after a source that could not be read). */
    void endSource();
  }

  private GcLogReader(Consumer<GcEvent> sink, JvmBoundaries boundaries) {
    this.timeline = new Timeline(report, context, sink, boundaries);
    this.toTimeline = e -> timeline.place(numbers.translate(e));
    this.parserSink = new RoutedSink(toTimeline);
    this.marks = timeline;
    this.recording = null;
  }

  /** A reader of one set ahead, on a parse thread: events, warnings and source marks go to {@code recording}. */
  private GcLogReader(SetAhead.Recording recording) {
    this.timeline = null;
    this.toTimeline = recording;
    this.parserSink = new RoutedSink(recording);
    this.marks = recording;
    this.recording = recording;
    context.chunk(recording.output());
  }

  /** Reads {@code set} on this thread into a recording: what {@link #readSet} would tell the timeline and the report. */
  static SetAhead.Result readAhead(List<LogSource> set, boolean[] emptyExpected) {
    SetAhead.Recording rec = new SetAhead.Recording();
    GcLogReader r = new GcLogReader(rec);
    try {
      r.readSet(set, emptyExpected);
    } catch (SetAhead.NeedsEarlierSets e) {
      return null;
    }
    return new SetAhead.Result(rec, r.report, r.lastFormat, set);
  }

  /** Reads all sources, sending events to {@code sink}; returns what was read and not understood. */
  public static ParseReport read(List<LogSource> sources, Consumer<GcEvent> sink) {
    return read(sources, List.of(), sink, ReadProgress.NONE, JvmBoundaries.NONE);
  }

  /** Reads all sources; paths that could not be resolved are listed as problems first. */
  public static ParseReport read(List<LogSource> sources, List<String> pathProblems, Consumer<GcEvent> sink) {
    return read(sources, pathProblems, sink, ReadProgress.NONE);
  }

  /** As {@link #read(List, List, Consumer)}, telling {@code progress} how far reading has got. */
  public static ParseReport read(List<LogSource> sources, List<String> pathProblems, Consumer<GcEvent> sink,
      ReadProgress progress) {
    return read(sources, pathProblems, sink, progress, JvmBoundaries.NONE);
  }

  /**
   * As {@link #read(List, List, Consumer, ReadProgress)}, telling {@code boundaries} where each
   * JVM lifetime starts; each lifetime's events are on its own uptime axis.
   */
  public static ParseReport read(List<LogSource> sources, List<String> pathProblems, Consumer<GcEvent> sink,
      ReadProgress progress, JvmBoundaries boundaries) {
    GcLogReader r = new GcLogReader(sink, boundaries);
    r.progress = progress;
    for (String p : pathProblems) {
      int colon = p.indexOf(": ");
      r.report.problem(colon > 0 ? p.substring(0, colon) : p, colon > 0 ? p.substring(colon + 2) : p);
    }
    Map<String, Integer> stems = new java.util.HashMap<>();
    for (LogSource s : sources) {
      stems.merge(RotationStem.of(s.name()), 1, Integer::sum);
    }
    List<List<LogSource>> sets = new ArrayList<>();
    List<boolean[]> expected = new ArrayList<>();
    String stem = null;
    for (LogSource s : sources) {
      String st = RotationStem.of(s.name());
      if (sets.isEmpty() || !st.equals(stem)) {
        sets.add(new ArrayList<>());
      }
      stem = st;
      sets.get(sets.size() - 1).add(s);
    }
    for (List<LogSource> set : sets) {
      boolean[] e = new boolean[set.size()];
      for (int i = 0; i < e.length; i++) {
        // a JVM that rotates its log at exit leaves the newest file of the set empty: that is no problem
        e[i] = stems.get(RotationStem.of(set.get(i).name())) > 1;
      }
      expected.add(e);
    }
    if (SetAhead.worthIt(sets)) {
      SetAhead.read(sets, expected, r::readSet, r::replay);
    } else {
      for (int i = 0; i < sets.size(); i++) {
        r.readSet(sets.get(i), expected.get(i));
      }
    }
    return r.report;
  }

  /**
   * Reads one set of sources (the files of one rotated set, or one file) with new parsers: the
   * logs of another set are another JVM's (the timeline starts a new lifetime there), so no
   * parser state (a cycle still open, the clock) carries over into them; at the end of the set
   * the parsers hand over what they still hold.
   */
  private void readSet(List<LogSource> set, boolean[] emptyExpected) {
    parsers.clear();
    lastParser = null;
    rotatedSet = set.size() > 1;
    setHeader = null;
    setHeaderFormat = null;
    for (int i = 0; i < set.size(); i++) {
      emptyIsExpected = emptyExpected[i];
      readOne(set.get(i));
    }
    parsers.values().forEach(GcLogParser::endOfInput);
  }

  /** Takes what a set read ahead recorded, in order, as if it had been read here. */
  private void replay(SetAhead.Result r) {
    r.recording().replay(context::source, timeline, toTimeline,
        (line, text) -> report.warning(context.source(), line, text));
    report.absorb(r.report());
    for (ParseReport.SourceSummary s : r.report().sources()) {
      progress.progress(s.name(), s.bytes(), s.bytes());
    }
    if (r.lastFormat() != null) {
      lastFormat = r.lastFormat();
    }
    parsers.clear();
    lastParser = null;
  }

  private void readOne(LogSource source) {
    context.source(source.name());
    marks.named(source.name());
    long[] lines = {0};
    long bytes = 0;
    LogFormat format = LogFormat.UNKNOWN;
    try (InputStream raw = source.open()) {
      BufferedInputStream in = raw instanceof BufferedInputStream b ? b : new BufferedInputStream(raw, 1 << 16);
      in.mark(SNIFF_BYTES + 1);
      byte[] head = in.readNBytes(SNIFF_BYTES);
      in.reset();
      if (head.length == 0) {
        endOfContent(in);
        if (!emptyIsExpected) {
          report.problem(source.name(), "empty file");
        }
        report.addSource(new ParseReport.SourceSummary(source.name(), format, 0, 0));
        return;
      }
      FormatSniffer.Sniff sniff = FormatSniffer.sniff(head, head.length);
      if (sniff.binary()) {
        report.problem(source.name(), OtherInput.message(head, source.name(), true, 0, ""));
        report.addSource(new ParseReport.SourceSummary(source.name(), format, head.length, 0));
        return;
      }
      format = sniff.format();
      report.noteWallClockOffset(LogOffset.of(head));
      GcLogParser parser = format == LogFormat.UNKNOWN ? lastParser() : parserFor(format);
      if (parser == null && format == LogFormat.UNKNOWN) {
        if (recording != null) {
          // read as the format of the sets before this one, which a set read ahead does not know
          throw new SetAhead.NeedsEarlierSets();
        }
        parser = lastFormat == null ? null : parserFor(lastFormat);
      }
      if (parser == null) {
        report.problem(source.name(), OtherInput.message(head, source.name(), false, sniff.lines(), firstLine(head)));
        report.addSource(new ParseReport.SourceSummary(source.name(), format, head.length, sniff.lines()));
        return;
      }
      marks.startSource(format);
      if (rotatedSet && recording == null && format != LogFormat.UNKNOWN && ParseThreads.enabled()
          && ParallelFile.hasHeader(format, head)) {
        setHeader = head;
        setHeaderFormat = format;
      }
      java.nio.file.Path file = source.plainFile();
      if (recording == null && file != null && format != LogFormat.UNKNOWN && ParseThreads.worthIt(source.knownSize())) {
        in.close();
        long[] read = readInParts(file, source.name(), format, parser, head);
        bytes = read[0];
        lines[0] = read[1];
        marks.endSource();
        report.addSource(new ParseReport.SourceSummary(source.name(), format, bytes, lines[0]));
        return;
      }
      GcLogParser p = parser;
      InputStream counted = progress == ReadProgress.NONE ? in : new ProgressStream(in, source, progress);
      bytes = LineReader.read(counted, line -> {
        lines[0]++;
        if (line.truncated()) {
          report.unparsed(source.name(), line.number(),
              "line longer than " + LineReader.MAX_LINE + " bytes: " + line.substring(0, 120));
        } else {
          p.accept(line);
        }
      });
      p.endOfSource();
      endOfContent(in);
    } catch (EOFException e) {
      report.problem(source.name(), "compressed data ends early (the file is truncated); results cover the part read");
    } catch (ZipException e) {
      report.problem(source.name(), "compressed data is corrupt (" + describe(e) + "); results cover the part read");
    } catch (IOException e) {
      report.problem(source.name(), "cannot read: " + describe(e));
    }
    marks.endSource();
    report.addSource(new ParseReport.SourceSummary(source.name(), format, bytes, lines[0]));
  }

  /**
   * Reads a large plain file in parts on all cores ({@link ParallelFile}); the parser that read
   * its end carries on with the next source. Returns the bytes and lines read.
   */
  private long[] readInParts(java.nio.file.Path file, String name, LogFormat format, GcLogParser parser, byte[] head)
      throws IOException {
    ParallelFile.Outcome o;
    boolean earlier = setHeader != null && setHeader != head && setHeaderFormat == format;
    try (ParallelFile pf = ParallelFile.open(file, name, format, earlier ? setHeader : head, earlier,
        ParseThreads.partBytes(), numbers)) {
      try {
        o = pf.read(parser, parserSink, context, report, toTimeline, numbers, progress);
      } finally {
        // the first part borrowed the reader's parser, sink and context
        context.report(report);
        context.chunk(null);
        parserSink.target(toTimeline);
      }
      if (o.parser() != parser) {
        o.context().follow(context);
        o.sink().target(parserSink); // where the reader points it: the timeline, or a later file's part output
        parsers.put(format, o.parser());
        lastParser = o.parser();
        lastFormat = format;
      }
      return new long[] {pf.size(), o.lines()};
    }
  }

  /** Compressed content that ended early was read up to the cut; now say why it ended. */
  private static void endOfContent(InputStream in) throws IOException {
    if (in instanceof LogSource.Decompressed d && d.cut() != null) {
      throw d.cut();
    }
  }

  /** Counts bytes as they are read and reports every few megabytes. */
  private static final class ProgressStream extends java.io.FilterInputStream {
    private static final long STEP = 8L << 20;
    private final String name;
    private final long total;
    private final ReadProgress progress;
    private long read;
    private long nextReport = STEP;

    ProgressStream(InputStream in, LogSource source, ReadProgress progress) {
      super(in);
      this.name = source.name();
      this.total = source.knownSize();
      this.progress = progress;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = super.read(b, off, len);
      if (n > 0) {
        read += n;
        if (read >= nextReport) {
          nextReport = read + STEP;
          progress.progress(name, read, total);
        }
      }
      return n;
    }
  }

  private GcLogParser lastParser;

  private GcLogParser lastParser() {
    return lastParser;
  }

  private GcLogParser parserFor(LogFormat f) {
    GcLogParser p = parsers.computeIfAbsent(f, k -> newParser(k, context, parserSink));
    lastParser = p;
    lastFormat = f;
    return p;
  }

  /** A new parser for format {@code f} (not {@link LogFormat#UNKNOWN}). */
  static GcLogParser newParser(LogFormat f, ParserContext context, Consumer<GcEvent> sink) {
    ParserProvider p = Providers.BY_FORMAT.get(f);
    if (p == null) {
      throw new IllegalStateException("no parser for GC log format " + f + " on the class path (META-INF/services/"
          + ParserProvider.class.getName() + ")");
    }
    return p.create(context, sink);
  }

  /** The format parsers on the class path, loaded once. */
  private static final class Providers {
    static final Map<LogFormat, ParserProvider> BY_FORMAT = load();

    private static Map<LogFormat, ParserProvider> load() {
      Map<LogFormat, ParserProvider> m = new EnumMap<>(LogFormat.class);
      for (ParserProvider p : ServiceLoader.load(ParserProvider.class, ParserProvider.class.getClassLoader())) {
        m.putIfAbsent(p.format(), p);
      }
      return m;
    }
  }

  private static String firstLine(byte[] head) {
    int end = 0;
    while (end < head.length && end < 80 && head[end] != '\n' && head[end] != '\r') {
      end++;
    }
    return "'" + new String(head, 0, end, java.nio.charset.StandardCharsets.UTF_8) + "'";
  }

  private static String describe(IOException e) {
    if (e instanceof java.nio.file.AccessDeniedException) {
      return "permission denied";
    }
    if (e instanceof java.nio.file.NoSuchFileException) {
      return "no such file";
    }
    String m = e.getMessage();
    return m == null ? e.getClass().getSimpleName() : m;
  }

  /**
   * Places events on one uptime axis per JVM lifetime. Uptime missing -> from wall clock
   * (relative to the lifetime's first stamp). A later source whose clock starts before the
   * previous one ended, a header followed by the clock going back within a source, or a source
   * whose header names another collector or JVM version starts a new lifetime (told to the
   * {@link JvmBoundaries}); a rotated file of the same JVM continues its timeline. Within one
   * lifetime, a clock going backwards is counted. Header facts ({@link JvmInfo}) are held until
   * the next event shows which lifetime they belong to.
   */
  static final class Timeline implements SourceMarks {
    /** Rotated files of one JVM agree on its start to the millisecond; a minute apart is another JVM. */
    private static final long START_TOLERANCE_MS = 60_000;
    private final ParseReport report;
    private final ParserContext context;
    private final Consumer<GcEvent> sink;
    private final JvmBoundaries boundaries;
    private final List<JvmInfo> pending = new ArrayList<>();
    private long epochBase = GcEvent.NO_EPOCH;
    private double lastRaw = Double.NaN;
    private double maxLogged = Double.NaN;
    private long lastEpoch = GcEvent.NO_EPOCH;
    private boolean sourceStart;
    private boolean sourceJoined;
    private boolean anyEvent;
    private String collector;
    private String version;
    private Integer cpus;
    private Long memoryBytes;
    private LogFormat format;
    private boolean formatChanged;
    /** The rotation stem of the last source that had events in this lifetime. */
    private String stem;
    /** When the current JVM started by the wall clock (stamp minus uptime), when the log says it. */
    private long startEpoch = GcEvent.NO_EPOCH;

    Timeline(ParseReport report, ParserContext context, Consumer<GcEvent> sink, JvmBoundaries boundaries) {
      this.report = report;
      this.context = context;
      this.sink = sink;
      this.boundaries = boundaries;
    }

    @Override
    public void named(String name) {
      // the reader's context names the source
    }

    @Override
    public void startSource(LogFormat format) {
      sourceStart = true;
      sourceJoined = false;
      formatChanged = anyEvent && this.format != null && format != LogFormat.UNKNOWN && format != this.format;
      if (format != LogFormat.UNKNOWN) {
        this.format = format;
      }
    }

    /**
     * The source ended: header facts not followed by an event belong to the current lifetime
     * when they came from it (a rotated file that holds only the header of the JVM's next file);
     * a header-only file of another log (another stem) is a JVM that logged no event, whose facts
     * must not be taken for the current one's.
     */
    @Override
    public void endSource() {
      if (!sourceJoined && stem != null && !stem.equals(RotationStem.of(context.source()))) {
        pending.clear();
      }
      flushPending();
    }

    void place(GcEvent e) {
      if (e instanceof JvmInfo j) {
        if (anyEvent) {
          pending.add(j);
        } else {
          remember(j);
          sink.accept(j);
        }
        return;
      }
      double u = e.uptimeS();
      long epoch = e.epochMs();
      if (Double.isNaN(u) && epoch != GcEvent.NO_EPOCH && epochBase == GcEvent.NO_EPOCH) {
        epochBase = epoch;
      }
      if (Double.isNaN(u)) {
        // no uptime on this line: continue from the line before by the wall clock when both have
        // one (a line among lines with uptimes, or a log with dates only), never before JVM start
        if (epoch != GcEvent.NO_EPOCH && !Double.isNaN(lastRaw) && lastEpoch != GcEvent.NO_EPOCH) {
          u = lastRaw + (epoch - lastEpoch) / 1000.0;
        } else {
          u = epoch != GcEvent.NO_EPOCH ? (epoch - epochBase) / 1000.0 : (Double.isNaN(lastRaw) ? 0 : lastRaw);
        }
        u = Math.max(0, u);
      }
      // When the line was printed: a pause is stamped at its start (stamp - duration), everything
      // else at the time it was logged. A rotated file of the same JVM continues from the last
      // printed time even when its first event (a pause begun in the previous file) starts earlier.
      double logged = u + (e instanceof GcPause p ? p.durationMs() / 1000.0 : 0);
      long start = epoch != GcEvent.NO_EPOCH && !Double.isNaN(e.uptimeS()) ? epoch - Math.round(u * 1000) : GcEvent.NO_EPOCH;
      // a parser may hand over an event after header lines that follow it in the log (a pause
      // completed late): such an event still belongs to the JVM before the header
      // (a collector inferred from a record is no header: it is reported at the record's last line)
      long headerLine = firstHeaderLine();
      boolean afterHeader = headerLine < 0 || e.line() <= 0 || e.line() > headerLine;
      String restart = anyEvent && afterHeader ? restartReason(logged, start) : null;
      if (restart != null) {
        boundaries.jvmStarts(context.source(), restart);
        sourceJoined = false; // the file read now is (also) an input of the new lifetime
        lastRaw = Double.NaN;
        maxLogged = Double.NaN;
        lastEpoch = GcEvent.NO_EPOCH;
        collector = null;
        version = null;
        cpus = null;
        memoryBytes = null;
        startEpoch = GcEvent.NO_EPOCH;
        if (Double.isNaN(e.uptimeS()) && epoch != GcEvent.NO_EPOCH) {
          epochBase = epoch;
          u = 0;
        }
      }
      if (afterHeader) {
        flushPending();
      }
      if (!sourceJoined) {
        sourceJoined = true;
        stem = RotationStem.of(context.source());
        boundaries.sourceJoins(context.source());
      }
      if (!sourceStart && !Double.isNaN(lastRaw) && u + 0.0005 < lastRaw) {
        report.countClockBackwards();
        report.warning(context.source(), e.line(),
            String.format(java.util.Locale.US, "clock went backwards: %.3fs after %.3fs", u, lastRaw));
      }
      maxLogged = Double.isNaN(maxLogged) ? logged : Math.max(maxLogged, logged);
      if (!sourceStart && epoch != GcEvent.NO_EPOCH && lastEpoch != GcEvent.NO_EPOCH
          && epoch + 1000 < lastEpoch && !Double.isNaN(e.uptimeS())) {
        // uptime still runs forward but the wall clock jumped back (NTP step, manual change)
        report.countClockBackwards();
        report.warning(context.source(), e.line(), String.format(java.util.Locale.US,
            "wall clock went backwards by %.3fs while uptime advanced", (lastEpoch - epoch) / 1000.0));
      }
      if (startEpoch == GcEvent.NO_EPOCH) {
        startEpoch = start;
      }
      sourceStart = false;
      anyEvent = true;
      lastRaw = u;
      if (epoch != GcEvent.NO_EPOCH) {
        lastEpoch = epoch;
      }
      sink.accept(u == e.uptimeS() ? e : e.withUptime(u));
    }

    /** Why the event now placed starts a new JVM lifetime, or null when it continues this one. */
    private String restartReason(double logged, long start) {
      boolean clockBack = !Double.isNaN(maxLogged) && logged + 0.0005 < maxLogged;
      if (sourceStart && clockBack) {
        return "uptime starts again";
      }
      if (clockBack && pending.stream().anyMatch(Timeline::isHeader)) {
        return "new JVM header and uptime starts again";
      }
      if (!sourceStart) {
        return null; // within a file, a fact inferred on the way is no new JVM
      }
      if (formatChanged) {
        return "another log format";
      }
      if (stem != null && !stem.equals(RotationStem.of(context.source()))) {
        return "another log file (not a rotation of " + stem + ")";
      }
      if (start != GcEvent.NO_EPOCH && startEpoch != GcEvent.NO_EPOCH && Math.abs(start - startEpoch) > START_TOLERANCE_MS) {
        return "another JVM start time";
      }
      for (JvmInfo j : pending) {
        String c = collectorName(j);
        if (c != null && collector != null && !c.equals(collector)) {
          return "another collector (" + c + " after " + collector + ")";
        }
        if (j.version() != null && version != null && !j.version().equals(version)) {
          return "another JVM version";
        }
        if (j.cpus() != null && cpus != null && !j.cpus().equals(cpus)
            || j.memoryBytes() != null && memoryBytes != null && !j.memoryBytes().equals(memoryBytes)) {
          return "another host";
        }
      }
      return null;
    }

    private static String collectorName(JvmInfo j) {
      return j.collector() == null || j.collector() == io.jtune.gc.event.Collector.UNKNOWN
          ? null : j.collector().displayName();
    }

    /** Facts a JVM prints when it starts (version, flags, host), not inferred from a collection. */
    private static boolean isHeader(JvmInfo j) {
      return j.version() != null || j.commandLineFlags() != null || j.cpus() != null || j.memoryBytes() != null;
    }

    /** The line of the first header fact held, or -1. */
    private long firstHeaderLine() {
      if (pending.isEmpty()) {
        return -1; // the common case, once per event: no iterator
      }
      for (JvmInfo j : pending) {
        if (isHeader(j)) {
          return j.line();
        }
      }
      return -1;
    }

    private void flushPending() {
      if (pending.isEmpty()) {
        return; // the common case, once per event: no iterator
      }
      for (JvmInfo j : pending) {
        remember(j);
        sink.accept(j);
      }
      pending.clear();
    }

    private void remember(JvmInfo j) {
      if (collector == null) {
        collector = collectorName(j);
      }
      if (version == null) {
        version = j.version();
      }
      if (cpus == null) {
        cpus = j.cpus();
      }
      if (memoryBytes == null) {
        memoryBytes = j.memoryBytes();
      }
    }
  }
}
