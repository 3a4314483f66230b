package io.jtune.gc.input;

import java.io.IOException;
import java.io.InputStream;

/**
 * Splits a byte stream into {@link Line}s without decoding or copying: a line is a view into
 * the read buffer. Handles LF and CRLF; a last line without a terminator is still delivered.
 * Lines longer than {@link #MAX_LINE} are cut to that length and flagged as truncated.
 */
public final class LineReader {
  /** Longest line kept whole; longer ones (a 10 MB line of junk) are cut and flagged. */
  public static final int MAX_LINE = 1 << 20;

  private static final int CHUNK = 1 << 18;

  /** Receives each line; the view is reused after the call returns. */
  @FunctionalInterface
  public interface LineSink {
    void line(Line line) throws IOException;
  }

  private LineReader() {}

  /**
   * Index of the first '\n' in {@code b[from, to)}, or -1. Splitting lines is the largest
   * single cost of parsing: {@link Line#indexOfByte} tests eight bytes at once.
   */
  static int indexOfNewline(byte[] b, int from, int to) {
    return Line.indexOfByte(b, from, to, (byte) '\n');
  }

  /** Reads {@code in} to its end, delivering every line; returns the number of bytes read. */
  public static long read(InputStream in, LineSink sink) throws IOException {
    return read(in, 0, sink);
  }

  /** As {@link #read(InputStream, LineSink)}, numbering the lines from {@code before + 1}. */
  public static long read(InputStream in, long before, LineSink sink) throws IOException {
    return read(in, before, sink, CHUNK);
  }

  /**
   * As {@link #read(InputStream, long, LineSink)}, starting with a buffer of {@code bufferBytes}
   * (it grows for a longer line): a few kilobytes already in memory need no 256 KB buffer.
   */
  public static long read(InputStream in, long before, LineSink sink, int bufferBytes) throws IOException {
    byte[] buf = new byte[Math.max(64, Math.min(bufferBytes, CHUNK))];
    Line line = new Line();
    int filled = 0; // bytes valid in buf
    int lineStart = 0; // start of the pending (incomplete) line
    int scanFrom = 0; // where to continue looking for '\n'
    long number = before;
    long total = 0;
    boolean skippingRest = false; // inside an over-long line already delivered truncated
    while (true) {
      int n = in.read(buf, filled, buf.length - filled);
      if (n < 0) {
        break;
      }
      total += n;
      filled += n;
      int i = scanFrom;
      while (i < filled) {
        int nl = indexOfNewline(buf, i, filled);
        if (nl < 0) {
          break;
        }
        if (!skippingRest) {
          int end = nl > lineStart && buf[nl - 1] == '\r' ? nl - 1 : nl;
          sink.line(line.set(buf, lineStart, end - lineStart, ++number, false));
        }
        skippingRest = false;
        lineStart = nl + 1;
        i = nl + 1;
      }
      scanFrom = filled;
      if (lineStart > 0) {
        // keep the partial line: move it to the front
        int rest = filled - lineStart;
        System.arraycopy(buf, lineStart, buf, 0, rest);
        filled = rest;
        scanFrom = rest;
        lineStart = 0;
      } else if (filled == buf.length) {
        if (skippingRest) {
          filled = 0;
          scanFrom = 0;
        } else if (buf.length < MAX_LINE) {
          byte[] bigger = new byte[Math.min(buf.length * 2, MAX_LINE)];
          System.arraycopy(buf, 0, bigger, 0, filled);
          buf = bigger;
        } else {
          sink.line(line.set(buf, 0, filled, ++number, true));
          skippingRest = true;
          filled = 0;
          scanFrom = 0;
        }
      }
    }
    if (filled > 0 && !skippingRest) {
      int end = buf[filled - 1] == '\r' ? filled - 1 : filled;
      sink.line(line.set(buf, 0, end, ++number, false));
    }
    return total;
  }
}
