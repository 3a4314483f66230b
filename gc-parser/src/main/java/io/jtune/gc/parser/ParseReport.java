package io.jtune.gc.parser;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What reading the inputs produced besides events: formats, line counts, lines not
 * understood (with the first examples), problems with sources, and timeline warnings.
 */
public final class ParseReport {
  /** How many example lines of each sort are kept. */
  public static final int MAX_EXAMPLES = 10;

  /** One line quoted in the report. */
  public record Example(String source, long line, String text) {}

  /** A source that could not be read, or read only in part. */
  public record Problem(String source, String message) {}

  /** One input as read: name, detected format, bytes and lines. */
  public record SourceSummary(String name, LogFormat format, long bytes, long lines) {}

  private final List<SourceSummary> sources = new ArrayList<>();
  private final List<Example> unparsedExamples = new ArrayList<>();
  private final List<Example> otherTextExamples = new ArrayList<>();
  private final List<Problem> problems = new ArrayList<>();
  private final List<Example> warningExamples = new ArrayList<>();
  private long linesRead;
  private long bytesRead;
  private long gcLines;
  private long unparsed;
  private long otherText;
  private long clockBackwards;
  private java.time.ZoneOffset wallClockOffset;
  private long warnings;
  /** Examples kept since the last {@link #checkpoint()}: the limit applies from there on. */
  private int unparsedKept;
  private int otherTextKept;

  void addSource(SourceSummary s) {
    sources.add(s);
    linesRead += s.lines();
    bytesRead += s.bytes();
  }

  void gcLine() {
    gcLines++;
  }

  void unparsed(String source, long line, String text) {
    gcLines++;
    unparsed++;
    if (unparsedKept < MAX_EXAMPLES) {
      unparsedExamples.add(new Example(source, line, clip(text)));
      unparsedKept++;
    }
  }

  void otherText(String source, long line, String text) {
    otherText++;
    if (otherTextKept < MAX_EXAMPLES && !text.isBlank()) {
      otherTextExamples.add(new Example(source, line, clip(text)));
      otherTextKept++;
    }
  }

  /** True when {@link #otherText(String, long, String)} may still keep an example (else only counts). */
  boolean wantsOtherTextExample() {
    return otherTextKept < MAX_EXAMPLES;
  }

  /**
   * A part of a file read in parallel may be used from this point on only: the examples after it
   * are kept as if nothing came before (the report of a whole read never calls this).
   */
  void checkpoint() {
    unparsedKept = 0;
    otherTextKept = 0;
  }

  /** What the line counters stand at (to take a part's counts from a checkpoint on). */
  long[] counts() {
    return new long[] {gcLines, unparsed, otherText};
  }

  /**
   * Adds what a part of a file read in parallel counted after {@code from} (its {@link #counts()}
   * at the checkpoint where it is used from; null: all of it), with its examples of lines for
   * which {@code use} is true, renumbered by {@code renumber}; the limit on examples as if the
   * lines had been read here.
   */
  void add(ParseReport part, long[] from, java.util.function.LongPredicate use,
      java.util.function.LongUnaryOperator renumber) {
    gcLines += part.gcLines - (from == null ? 0 : from[0]);
    unparsed += part.unparsed - (from == null ? 0 : from[1]);
    otherText += part.otherText - (from == null ? 0 : from[2]);
    for (Example e : part.unparsedExamples) {
      if (unparsedKept < MAX_EXAMPLES && use.test(e.line())) {
        unparsedExamples.add(new Example(e.source(), renumber.applyAsLong(e.line()), e.text()));
        unparsedKept++;
      }
    }
    for (Example e : part.otherTextExamples) {
      if (otherTextKept < MAX_EXAMPLES && use.test(e.line())) {
        otherTextExamples.add(new Example(e.source(), renumber.applyAsLong(e.line()), e.text()));
        otherTextKept++;
      }
    }
  }

  /**
   * Adds everything {@code other} (the report of inputs read ahead on another thread, which come
   * next) holds, as if its inputs had been read here.
   */
  void absorb(ParseReport other) {
    for (SourceSummary s : other.sources) {
      addSource(s);
    }
    add(other, null, line -> true, line -> line);
    problems.addAll(other.problems);
    noteWallClockOffset(other.wallClockOffset);
    clockBackwards += other.clockBackwards;
    warnings += other.warnings;
    for (Example w : other.warningExamples) {
      if (warningExamples.size() < MAX_EXAMPLES) {
        warningExamples.add(w);
      }
    }
  }

  void warning(String source, long line, String text) {
    warnings++;
    if (warningExamples.size() < MAX_EXAMPLES) {
      warningExamples.add(new Example(source, line, clip(text)));
    }
  }

  /** Keeps the UTC offset of the first input with date stamps (null: this input has none). */
  void noteWallClockOffset(java.time.ZoneOffset o) {
    if (wallClockOffset == null) {
      wallClockOffset = o;
    }
  }

  /** The UTC offset the logs write their date stamps with; UTC when they have none. */
  public java.time.ZoneOffset wallClockOffset() {
    return wallClockOffset == null ? java.time.ZoneOffset.UTC : wallClockOffset;
  }

  void countClockBackwards() {
    clockBackwards++;
  }

  void problem(String source, String message) {
    problems.add(new Problem(source, message));
  }

  private static String clip(String s) {
    return s.length() <= 200 ? s : s.substring(0, 200) + "... (" + s.length() + " chars)";
  }

  public List<SourceSummary> sources() {
    return Collections.unmodifiableList(sources);
  }

  /** Every line read, of every source. */
  public long linesRead() {
    return linesRead;
  }

  public long bytesRead() {
    return bytesRead;
  }

  /** Lines that are GC output (understood or not). */
  public long gcLines() {
    return gcLines;
  }

  /** GC lines the parser did not understand. */
  public long unparsed() {
    return unparsed;
  }

  public List<Example> unparsedExamples() {
    return Collections.unmodifiableList(unparsedExamples);
  }

  /** Lines that are not GC output (application text mixed into the log, blank lines excluded). */
  public long otherText() {
    return otherText;
  }

  public List<Example> otherTextExamples() {
    return Collections.unmodifiableList(otherTextExamples);
  }

  public List<Problem> problems() {
    return Collections.unmodifiableList(problems);
  }

  /** Times the log's clock went backwards within one source. */
  public long clockBackwards() {
    return clockBackwards;
  }

  public long warnings() {
    return warnings;
  }

  public List<Example> warningExamples() {
    return Collections.unmodifiableList(warningExamples);
  }

  /** Unparsed GC lines as a share of GC lines, in percent. */
  public double unparsedPct() {
    return gcLines == 0 ? 0 : 100.0 * unparsed / gcLines;
  }
}
