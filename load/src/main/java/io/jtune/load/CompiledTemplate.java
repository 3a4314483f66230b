package io.jtune.load;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One text of a request (its URL target, a header line or the body) compiled once into parts:
 * literal bytes and per-request values. {@link #write} appends a request's rendering to a
 * {@link ByteSink} with no parsing, no strings and no allocation.
 */
final class CompiledTemplate {
  /** Where the text goes: values in a URL are percent-encoded where a URL needs it, header values must be one line. */
  enum Context { URL, HEADER, BODY }

  private static final int LITERAL = 0;
  private static final int SEQ = 1;
  private static final int UUID = 2;
  private static final int RAND = 3;
  private static final int HEX = 4;
  private static final int NOW = 5;
  private static final int NOW_MS = 6;
  private static final int COLUMN = 7;

  private static final Pattern RAND_ARG = Pattern.compile("(-?\\d{1,18})-(-?\\d{1,18})");
  private static final Pattern HEX_ARG = Pattern.compile("\\d{1,4}");
  private static final int MAX_HEX = 4096;

  /** The values one request's parts share: its number, its data row, the clock; and the loop's generator. */
  static final class Values {
    final SplittableRandom random = new SplittableRandom();
    long seq;
    int row;
    long nowMs;
  }

  private final int[] kinds;
  private final byte[][] literals;
  private final long[] first;
  private final long[] second;
  /** Per COLUMN part: the column's cells by row, as this context takes them. */
  private final byte[][][] columns;

  private CompiledTemplate(List<Object[]> parts) {
    int n = parts.size();
    kinds = new int[n];
    literals = new byte[n][];
    first = new long[n];
    second = new long[n];
    columns = new byte[n][][];
    for (int i = 0; i < n; i++) {
      Object[] p = parts.get(i);
      kinds[i] = (Integer) p[0];
      literals[i] = (byte[]) p[1];
      first[i] = (Long) p[2];
      second[i] = (Long) p[3];
      columns[i] = (byte[][]) p[4];
    }
  }

  /** Builds a template from texts and literal bytes, in order. */
  static final class Builder {
    private final List<Object[]> parts = new ArrayList<>();

    /** Appends literal bytes. */
    Builder literal(byte[] bytes) {
      CompiledTemplate.literal(parts, bytes);
      return this;
    }

    /**
     * Appends {@code text} compiled for {@code context}; {@code data} is the data file (null:
     * none), {@code what} names the text in the one-line {@link LoadException} for an unknown
     * name, a column the data file lacks, a bad argument or an unset environment variable.
     */
    Builder add(String text, Context context, DataFile data, String what) {
      Charset literalCharset = context == Context.HEADER ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8;
      for (Templates.Piece piece : Templates.split(text, what)) {
        if (!piece.reference()) {
          byte[] bytes = piece.text().getBytes(literalCharset);
          CompiledTemplate.literal(parts, context == Context.URL ? UrlText.legal(bytes) : bytes);
          continue;
        }
        String ref = piece.text();
        Object[] p = switch (ref) {
          case "seq" -> part(SEQ, 0, 0);
          case "uuid" -> part(UUID, 0, 0);
          case "now" -> part(NOW, 0, 0);
          case "nowMs" -> part(NOW_MS, 0, 0);
          default -> named(ref, context, data, what, parts);
        };
        if (p != null) {
          parts.add(p);
        }
      }
      return this;
    }

    CompiledTemplate build() {
      return new CompiledTemplate(parts);
    }
  }

  /** {@code text} compiled for {@code context} (see {@link Builder#add}). */
  static CompiledTemplate compile(String text, Context context, DataFile data, String what) {
    return new Builder().add(text, context, data, what).build();
  }

  private static Object[] named(String ref, Context context, DataFile data, String what, List<Object[]> parts) {
    if (ref.startsWith("rand:")) {
      Matcher m = RAND_ARG.matcher(ref.substring(5));
      long min = m.matches() ? Long.parseLong(m.group(1)) : 1;
      long max = m.matches() ? Long.parseLong(m.group(2)) : 0;
      if (!m.matches() || min > max) {
        throw new LoadException(what + ": ${" + ref + "}: write ${rand:MIN-MAX} with whole numbers MIN <= MAX,"
            + " such as ${rand:1-1000}");
      }
      return part(RAND, min, max);
    }
    if (ref.startsWith("hex:")) {
      String n = ref.substring(4);
      if (!HEX_ARG.matcher(n).matches() || Integer.parseInt(n) < 1 || Integer.parseInt(n) > MAX_HEX) {
        throw new LoadException(what + ": ${" + ref + "}: write ${hex:N} with N from 1 to " + MAX_HEX
            + " hex digits, such as ${hex:16}");
      }
      return part(HEX, Integer.parseInt(n), 0);
    }
    if (ref.startsWith("env:")) {
      String value = SecretHeaders.variable(ref.substring(4), what);
      if (context == Context.HEADER && (value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0)) {
        throw new LoadException(what + ": the environment variable it refers to holds a line break");
      }
      byte[] bytes = value.getBytes(context == Context.HEADER ? StandardCharsets.ISO_8859_1 : StandardCharsets.UTF_8);
      literal(parts, context == Context.URL ? UrlText.legal(bytes) : bytes);
      return null;
    }
    int column = data == null ? -1 : data.column(ref);
    if (column < 0) {
      throw new LoadException(what + " refers to ${" + ref + "}, which is "
          + (data == null ? "no template name (" + Templates.KNOWN + " or a data file's ${COLUMN}; no --data file"
              + " given)"
              : "neither a column of " + data.path() + " (its columns: " + String.join(", ", data.columns())
                  + ") nor a template name (" + Templates.KNOWN + ")"));
    }
    if (context == Context.HEADER && data.rowWithLineBreak(column) > 0) {
      throw new LoadException(what + " refers to ${" + ref + "}, and row " + data.rowWithLineBreak(column) + " of "
          + data.path() + " holds a line break there, which a header cannot carry");
    }
    byte[][] cells;
    if (context == Context.URL) {
      cells = data.urlColumn(column);
    } else {
      cells = new byte[data.rows()][];
      for (int r = 0; r < cells.length; r++) {
        cells[r] = data.cell(r, column);
      }
    }
    Object[] p = part(COLUMN, column, 0);
    p[4] = cells;
    return p;
  }

  private static Object[] part(int kind, long a, long b) {
    return new Object[] {kind, null, a, b, null};
  }

  /** Adds literal bytes, merged into the literal before them. */
  private static void literal(List<Object[]> parts, byte[] bytes) {
    if (bytes.length == 0) {
      return;
    }
    Object[] last = parts.isEmpty() ? null : parts.get(parts.size() - 1);
    if (last != null && (Integer) last[0] == LITERAL) {
      byte[] prev = (byte[]) last[1];
      byte[] joined = java.util.Arrays.copyOf(prev, prev.length + bytes.length);
      System.arraycopy(bytes, 0, joined, prev.length, bytes.length);
      last[1] = joined;
      return;
    }
    Object[] p = part(LITERAL, 0, 0);
    p[1] = bytes;
    parts.add(p);
  }

  /** Whether every request gets the same bytes. */
  boolean constant() {
    for (int k : kinds) {
      if (k != LITERAL) {
        return false;
      }
    }
    return true;
  }

  /** The bytes of a {@link #constant()} template. */
  byte[] constantBytes() {
    ByteSink out = new ByteSink(64);
    write(out, null);
    return java.util.Arrays.copyOf(out.bytes, out.length);
  }

  /** Whether a part needs the request's number (its {@code ${seq}}). */
  boolean usesSequence() {
    return uses(SEQ);
  }

  /** Whether a part takes a data file column. */
  boolean usesRow() {
    return uses(COLUMN);
  }

  /** Whether a part needs the clock. */
  boolean usesClock() {
    return uses(NOW) || uses(NOW_MS);
  }

  private boolean uses(int kind) {
    for (int k : kinds) {
      if (k == kind) {
        return true;
      }
    }
    return false;
  }

  /** Appends this request's rendering. */
  void write(ByteSink out, Values v) {
    for (int i = 0; i < kinds.length; i++) {
      switch (kinds[i]) {
        case LITERAL -> out.put(literals[i]);
        case SEQ -> out.decimal(v.seq);
        case UUID -> uuid(out, v.random);
        // MIN and MAX have at most 18 digits: MAX + 1 does not overflow
        case RAND -> out.decimal(v.random.nextLong(first[i], second[i] + 1));
        case HEX -> hex(out, (int) first[i], v.random);
        case NOW -> IsoInstant.write(out, v.nowMs);
        case NOW_MS -> out.decimal(v.nowMs);
        default -> out.put(columns[i][v.row]);
      }
    }
  }

  /** A random (version 4) UUID, lower-case, 36 characters. */
  private static void uuid(ByteSink out, SplittableRandom random) {
    long hi = (random.nextLong() & ~0xF000L) | 0x4000L;
    long lo = (random.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
    out.hex(hi >>> 32, 8);
    out.put('-');
    out.hex(hi >>> 16, 4);
    out.put('-');
    out.hex(hi, 4);
    out.put('-');
    out.hex(lo >>> 48, 4);
    out.put('-');
    out.hex(lo, 12);
  }

  private static void hex(ByteSink out, int digits, SplittableRandom random) {
    while (digits > 0) {
      int n = Math.min(16, digits);
      out.hex(random.nextLong(), n);
      digits -= n;
    }
  }
}
