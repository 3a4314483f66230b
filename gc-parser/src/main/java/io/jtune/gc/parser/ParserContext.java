package io.jtune.gc.parser;

import io.jtune.gc.input.Line;

/**
 * The parser's view of the run: where it reports how each line was classified and any warning.
 * Every line a parser receives must be reported exactly once as {@link #understood}, {@link
 * #notUnderstood} or {@link #otherText} (blank lines may be reported as other text).
 */
public final class ParserContext {
  private ParseReport report;
  private String source = "";
  /** While a part of a file is read in parallel: where its warnings go, in order with its events. */
  private ChunkOutput chunk;
  /** Once a part's parser carries on for the whole read: the reader's context, whose source it names. */
  private ParserContext follow;

  public ParserContext(ParseReport report) {
    this.report = report;
  }

  /** Sends what the parser reports to {@code r} (a part of a file read in parallel has its own). */
  void report(ParseReport r) {
    this.report = r;
  }

  /** Warnings go to {@code out} in order with the events (null: straight to the report). */
  void chunk(ChunkOutput out) {
    this.chunk = out;
  }

  /**
   * From now on reports go where {@code main}'s go at the time, naming the source it reads: to
   * the reader's report, or to the output of the part of a later file this parser reads.
   */
  void follow(ParserContext main) {
    this.follow = main;
  }

  void source(String name) {
    this.source = name;
  }

  /** The name of the source being read (for messages). */
  public String source() {
    return follow != null ? follow.source() : source;
  }

  /** A GC line the parser understood (whether or not it produced an event). */
  public void understood() {
    if (follow != null) {
      follow.understood();
      return;
    }
    report.gcLine();
  }

  /** A GC line the parser could not make sense of. */
  public void notUnderstood(Line line) {
    if (follow != null) {
      follow.notUnderstood(line);
      return;
    }
    report.unparsed(source(), line.number(), line.toString());
  }

  /** A line that is not GC output: application text in the log, or blank. */
  public void otherText(Line line) {
    if (follow != null) {
      follow.otherText(line);
      return;
    }
    // the text is only needed while examples are kept: no String per line after that
    report.otherText(source(), line.number(), report.wantsOtherTextExample() ? line.toString() : "");
  }

  /** Something odd in an understood line worth telling the user (e.g. inconsistent numbers). */
  public void warn(Line line, String message) {
    if (follow != null) {
      follow.warn(line, message);
    } else if (chunk != null) {
      chunk.warning(line.number(), message + ": " + line);
    } else {
      report.warning(source(), line.number(), message + ": " + line);
    }
  }
}
