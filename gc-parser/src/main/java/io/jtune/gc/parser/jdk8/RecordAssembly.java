package io.jtune.gc.parser.jdk8;

import io.jtune.gc.input.Ascii;
import io.jtune.gc.input.Line;
import io.jtune.gc.parser.ParserContext;

/**
 * Assembles a record the JVM split over several lines: a line that starts a record is first
 * read in place; only when that read runs off the end with a bracket still open (or meets
 * glued-in output that must not be emitted twice) are its brackets counted. A line that leaves
 * a bracket open is copied into a small buffer; following lines that carry brackets (or start
 * like a continuation: ": ...", ", ...", " (...") are appended until the brackets balance, while
 * interleaved lines without brackets are handled on their own. The whole record is then read
 * with the time stamps of its first line.
 */
final class RecordAssembly {
  private static final Ascii ADDRESS = Ascii.of("[0x");
  private static final Ascii BRACKET_FULL_GC = Ascii.of("[Full GC");
  private static final Ascii BRACKET_GC_CONCURRENT = Ascii.of("[GC concurrent-");
  private static final Ascii SPACE_BRACKET_PS = Ascii.of(" [PS");
  private static final Ascii SPACE_BRACKET_TIMES = Ascii.of(" [Times");
  private static final Ascii YG_OCCUPANCY = Ascii.of("YG occupancy");
  private static final Ascii BRACKET_CMS_FINAL_REMARK = Ascii.of("[GC (CMS Final Remark)");

  private static final int MAX_RECORD_LINES = 400;
  private static final int MAX_RECORD_BYTES = 1 << 20;

  private final ParserContext ctx;
  private final Stamps st;
  private final Pauses pauses;
  private final BodyScanner scan;
  private final RecordReader records;

  private final Line recLine = new Line();
  @io.jtune.gc.parser.NotState // what is in use of it is told by recLen and recLineNo
  private byte[] rec = new byte[4096];
  private int recLen;
  private int recDepth;
  private int recLines;
  /** A record is being assembled. */
  boolean open;
  /** The open record is a CMS remark, which may contain a whole young collection (CMSScavengeBeforeRemark). */
  private boolean recRemark;
  private double recUptime;
  private long recEpoch;
  private long recGcId;
  private long recLineNo;

  RecordAssembly(ParserContext ctx, Stamps st, Pauses pauses, BodyScanner scan, RecordReader records) {
    this.ctx = ctx;
    this.st = st;
    this.pauses = pauses;
    this.scan = scan;
    this.records = records;
  }

  /**
   * Offers a line to the open record (call only when {@link #open}): true when the line went
   * into it; a line that starts a new record closes it first (unless it is a CMS remark).
   */
  boolean offer(Line t, int p, char c0) {
    if (startsRecord(t, p) && !recRemark) {
      closeRecord();
    } else if (continuesRecord(t, p, c0)) {
      append(t);
      ctx.understood();
      if (recDepth <= 0 || recLines > MAX_RECORD_LINES || recLen > MAX_RECORD_BYTES) {
        closeRecord();
      }
      return true;
    }
    return false;
  }

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

  /** A line with a bracket at {@code p} (after its stamps): a whole record, or the start of one. */
  void bracketLine(Line t, int p) {
    if (startsRecord(t, p)) {
      // most records are complete on their line: read in place, count brackets only if not
      scan.tentative = true;
      scan.retry = false;
      boolean ok = records.record(t, p);
      scan.tentative = false;
      if (!scan.retry) {
        reportRecord(ok, t);
        return;
      }
    }
    if (balance(t, p) > 0) {
      if (pauses.pending) {
        pauses.flushPending();
      }
      open = true;
      recLen = 0;
      recDepth = 0;
      recLines = 0;
      recUptime = st.uptime;
      recEpoch = st.epoch;
      recGcId = st.gcId;
      recLineNo = st.lineNo;
      recRemark = t.indexOf(YG_OCCUPANCY, p) > 0 || t.startsWith(BRACKET_CMS_FINAL_REMARK, p);
      appendFrom(t, p);
      return;
    }
    reportRecord(records.record(t, p), t);
  }

  private void reportRecord(boolean understood, Line t) {
    if (understood) {
      ctx.understood();
    } else {
      ctx.notUnderstood(t);
    }
    pauses.recordRead();
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

  /** Reads the record assembled so far, with the stamps of its first line. */
  void closeRecord() {
    open = false;
    recLine.set(rec, 0, recLen, recLineNo, false);
    double up = st.uptime;
    long ep = st.epoch;
    long id = st.gcId;
    long ln = st.lineNo;
    st.uptime = recUptime;
    st.epoch = recEpoch;
    st.gcId = recGcId;
    st.lineNo = recLineNo;
    if (records.record(recLine, 0)) {
      ctx.understood();
    } else {
      ctx.notUnderstood(recLine);
    }
    pauses.recordRead();
    st.uptime = up;
    st.epoch = ep;
    st.gcId = id;
    st.lineNo = ln;
  }
}
