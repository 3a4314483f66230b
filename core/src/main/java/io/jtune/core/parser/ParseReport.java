package io.jtune.core.parser;

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
    if (unparsedExamples.size() < MAX_EXAMPLES) {
      unparsedExamples.add(new Example(source, line, clip(text)));
    }
  }

  void otherText(String source, long line, String text) {
    otherText++;
    if (otherTextExamples.size() < MAX_EXAMPLES && !text.isBlank()) {
      otherTextExamples.add(new Example(source, line, clip(text)));
    }
  }

  /** True when {@link #otherText(String, long, String)} may still keep an example (else only counts). */
  boolean wantsOtherTextExample() {
    return otherTextExamples.size() < MAX_EXAMPLES;
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
