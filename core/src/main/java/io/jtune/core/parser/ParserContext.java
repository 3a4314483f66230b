package io.jtune.core.parser;

import io.jtune.core.input.Line;

/**
 * The parser's view of the run: where it reports how each line was classified and any warning.
 * Every line a parser receives must be reported exactly once as {@link #understood}, {@link
 * #notUnderstood} or {@link #otherText} (blank lines may be reported as other text).
 */
public final class ParserContext {
  private final ParseReport report;
  private String source = "";

  public ParserContext(ParseReport report) {
    this.report = report;
  }

  void source(String name) {
    this.source = name;
  }

  /** The name of the source being read (for messages). */
  public String source() {
    return source;
  }

  /** A GC line the parser understood (whether or not it produced an event). */
  public void understood() {
    report.gcLine();
  }

  /** A GC line the parser could not make sense of. */
  public void notUnderstood(Line line) {
    report.unparsed(source, line.number(), line.toString());
  }

  /** A line that is not GC output: application text in the log, or blank. */
  public void otherText(Line line) {
    // the text is only needed while examples are kept: no String per line after that
    report.otherText(source, line.number(), report.wantsOtherTextExample() ? line.toString() : "");
  }

  /** Something odd in an understood line worth telling the user (e.g. inconsistent numbers). */
  public void warn(Line line, String message) {
    report.warning(source, line.number(), message + ": " + line);
  }
}
