package io.jtune.bench;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Writes a large GC log by repeating the GC records of a real log, each repetition moved
 * forward in time so the timeline stays continuous and monotonic: uptime stamps, date stamps
 * and GC ids (unified {@code GC(N)}, JDK 8 {@code invocations=N (full M)}) are all shifted.
 * The log's header (JVM version, flags, heap setup) is written once at the top and its exit
 * footer (heap at exit) once at the end.
 *
 * <p>Usage: {@code LogGenerator <template log> <output> <target MB>}. The output is at least
 * the target size; it ends at a repetition boundary.
 */
public final class LogGenerator {

  /*
   * The template is read once and cut into literal byte runs and stamps (a stamp is a number
   * with how to print it). Each repetition then writes the runs as they are and the stamps
   * with the repetition's shift added, so the regex work is done on the template only and
   * writing a 400 MB log is bound by the disk.
   *
   * Recognised stamps:
   *   JDK 8:   "2017-04-16T10:00:56.844-0700: " (date, offset kept), "132981.103: " (uptime),
   *            "invocations=12409 (full 18)" (heap-at-gc counters)
   *   unified: leading decorators "[2020-11-03T10:00:00.123+0000]", "[12.345s]", "[12345ms]",
   *            "[123456789ns]", and "GC(12)" anywhere in the line
   * The shift per repetition is the template's time span plus one second, so a repetition
   * starts one second after the previous one ended.
   */

  private static final Pattern JDK8_DATE =
      Pattern.compile("(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3})([+-]\\d{4}): ");
  private static final Pattern JDK8_UPTIME = Pattern.compile("(?<![\\d.])(\\d+)\\.(\\d{3,6}): ");
  private static final Pattern JDK8_INVOCATIONS = Pattern.compile("invocations=(\\d+) \\(full (\\d+)\\)");
  private static final Pattern JDK8_RECORD_START = Pattern.compile(
      "^(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}[+-]\\d{4}: |\\d+\\.\\d+: |\\{Heap before)");
  private static final Pattern UNIFIED_DECORATOR = Pattern.compile(
      "\\[(?:(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3})([+-]\\d{4}|Z)"
          + "|(\\d+)\\.(\\d+)s|(\\d+)ms|(\\d+)ns|[^\\]]*)\\]");
  private static final Pattern UNIFIED_GC_ID = Pattern.compile("GC\\((\\d+)\\)");
  private static final DateTimeFormatter LOCAL_MS = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS", Locale.ROOT);
  private static final long GAP_MS = 1000;

  /** How a stamp is printed and which shift applies to it. */
  enum Kind { UPTIME, DATE, MILLIS, NANOS, GC_ID, INVOCATIONS, FULL_INVOCATIONS }

  /** One number in the template: its value (in the unit {@code kind} implies) and how to print it. */
  record Stamp(Kind kind, long value, int decimals, String suffix) {}

  /**
   * A template cut into literal byte runs and stamps: {@code parts} (the repeated records) and
   * {@code footer} (written once, after the last repetition) hold {@code byte[]} or {@link Stamp}.
   */
  record Template(byte[] header, List<Object> parts, List<Object> footer, long spanMs, long idSpan,
      long invocationSpan, long fullInvocationSpan, boolean unified) {}

  private LogGenerator() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 3) {
      System.err.println("usage: LogGenerator <template log> <output> <target MB>");
      System.exit(2);
    }
    Path template = Path.of(args[0]);
    Path out = Path.of(args[1]);
    long targetBytes = (long) (Double.parseDouble(args[2]) * 1024 * 1024);
    long written = generate(template, out, targetBytes);
    System.out.printf(Locale.ROOT, "%s: %.1f MB from %s%n", out, written / 1048576.0, template.getFileName());
  }

  /** Writes {@code out} (via a temporary file, so a half-written log is never left behind); returns its size. */
  public static long generate(Path templateLog, Path out, long targetBytes) throws IOException {
    Path parent = out.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    Path tmp = parent.resolve(out.getFileName() + ".part");
    try {
      long written;
      try (OutputStream os = new BufferedOutputStream(Files.newOutputStream(tmp), 1 << 20)) {
        written = generate(templateLog, os, targetBytes);
      }
      Files.move(tmp, out, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      return written;
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  /** Writes the generated log to {@code out} (not closed); returns the number of bytes written. */
  public static long generate(Path templateLog, OutputStream out, long targetBytes) throws IOException {
    Template t = parse(Files.readString(templateLog, StandardCharsets.ISO_8859_1));
    CountingStream os = new CountingStream(out);
    write(t, os, targetBytes);
    os.flush();
    return os.count;
  }

  static void write(Template t, CountingStream os, long targetBytes) throws IOException {
    os.write(t.header());
    if (t.parts().stream().noneMatch(Stamp.class::isInstance)) {
      throw new IOException("template has no time-stamped GC records to repeat");
    }
    StringBuilder sb = new StringBuilder(40);
    long rep = 0;
    do {
      writeParts(t.parts(), t, rep++, os, sb);
    } while (os.count < targetBytes);
    writeParts(t.footer(), t, rep - 1, os, sb);
  }

  private static void writeParts(List<Object> parts, Template t, long rep, OutputStream os, StringBuilder sb)
      throws IOException {
    for (Object p : parts) {
      if (p instanceof byte[] b) {
        os.write(b);
      } else {
        sb.setLength(0);
        format((Stamp) p, t, rep, sb);
        for (int i = 0; i < sb.length(); i++) {
          os.write(sb.charAt(i));
        }
      }
    }
  }

  private static void format(Stamp s, Template t, long rep, StringBuilder sb) {
    long shiftMs = rep * (t.spanMs() + GAP_MS);
    switch (s.kind()) {
      case UPTIME -> {
        long scale = pow10(s.decimals());
        long v = s.value() + shiftMs * scale / 1000;
        sb.append(v / scale).append('.');
        String frac = Long.toString(v % scale);
        sb.append("0".repeat(s.decimals() - frac.length())).append(frac).append(s.suffix());
      }
      case DATE -> {
        LocalDateTime d = LocalDateTime.ofEpochSecond(Math.floorDiv(s.value() + shiftMs, 1000),
            (int) Math.floorMod(s.value() + shiftMs, 1000) * 1_000_000, ZoneOffset.UTC);
        LOCAL_MS.formatTo(d, sb);
        sb.append(s.suffix());
      }
      case MILLIS -> sb.append(s.value() + shiftMs).append(s.suffix());
      case NANOS -> sb.append(s.value() + shiftMs * 1_000_000).append(s.suffix());
      case GC_ID -> sb.append(s.value() + rep * t.idSpan()).append(s.suffix());
      case INVOCATIONS -> sb.append(s.value() + rep * t.invocationSpan()).append(s.suffix());
      case FULL_INVOCATIONS -> sb.append(s.value() + rep * t.fullInvocationSpan()).append(s.suffix());
      default -> throw new IllegalStateException(s.kind().toString());
    }
  }

  private static long pow10(int n) {
    long p = 1;
    for (int i = 0; i < n; i++) {
      p *= 10;
    }
    return p;
  }

  /** Cuts a log into header, repeatable body (runs and stamps) and footer. */
  static Template parse(String log) {
    String[] lines = log.split("\n", -1);
    int n = lines.length;
    if (n > 0 && lines[n - 1].isEmpty()) {
      n--;
    }
    boolean unified = isUnified(lines, n);
    int first = 0;
    while (first < n && !isRecordStart(lines[first], unified)) {
      first++;
    }
    int end = n;
    for (int i = first; i < n; i++) {
      if (isFooterStart(lines[i], unified)) {
        end = i;
        break;
      }
    }
    StringBuilder header = new StringBuilder();
    for (int i = 0; i < first; i++) {
      header.append(lines[i]).append('\n');
    }
    Cutter c = new Cutter();
    for (int i = first; i < end; i++) {
      cut(lines[i], unified, c);
    }
    c.flush();
    Cutter f = new Cutter();
    for (int i = end; i < n; i++) {
      cut(lines[i], unified, f);
    }
    f.flush();
    return new Template(bytes(header), List.copyOf(c.parts), List.copyOf(f.parts), c.span(),
        c.maxId < 0 ? 0 : c.maxId - c.minId + 1,
        c.maxInv < 0 ? 0 : c.maxInv - c.minInv + 1,
        c.maxFull < 0 ? 0 : c.maxFull - c.minFull + 1, unified);
  }

  private static boolean isUnified(String[] lines, int n) {
    int unified = 0;
    int checked = 0;
    for (int i = 0; i < n && checked < 200; i++) {
      if (!lines[i].isEmpty()) {
        checked++;
        if (lines[i].charAt(0) == '[') {
          unified++;
        }
      }
    }
    return unified * 2 > checked;
  }

  private static boolean isRecordStart(String line, boolean unified) {
    return unified ? UNIFIED_GC_ID.matcher(line).find() : JDK8_RECORD_START.matcher(line).find();
  }

  private static boolean isFooterStart(String line, boolean unified) {
    return unified ? line.contains("[gc,heap,exit") : line.equals("Heap");
  }

  private static void cut(String line, boolean unified, Cutter c) {
    if (unified) {
      cutUnified(line, c);
    } else {
      cutJdk8(line, c);
    }
    c.literal.append('\n');
  }

  private static void cutJdk8(String line, Cutter c) {
    List<int[]> spans = new ArrayList<>();
    List<Stamp> stamps = new ArrayList<>();
    Matcher m = JDK8_DATE.matcher(line);
    while (m.find()) {
      spans.add(new int[] {m.start(), m.end()});
      stamps.add(new Stamp(Kind.DATE, localMillis(m.group(1)), 3, m.group(2) + ": "));
    }
    m = JDK8_UPTIME.matcher(line);
    while (m.find()) {
      if (!inside(spans, m.start())) {
        spans.add(new int[] {m.start(), m.end()});
        stamps.add(uptime(m.group(1), m.group(2), ": "));
      }
    }
    m = JDK8_INVOCATIONS.matcher(line);
    while (m.find()) {
      spans.add(new int[] {m.start(1), m.end(1)});
      stamps.add(new Stamp(Kind.INVOCATIONS, Long.parseLong(m.group(1)), 0, ""));
      spans.add(new int[] {m.start(2), m.end(2)});
      stamps.add(new Stamp(Kind.FULL_INVOCATIONS, Long.parseLong(m.group(2)), 0, ""));
    }
    c.cut(line, spans, stamps);
  }

  private static void cutUnified(String line, Cutter c) {
    List<int[]> spans = new ArrayList<>();
    List<Stamp> stamps = new ArrayList<>();
    Matcher m = UNIFIED_DECORATOR.matcher(line);
    int at = 0;
    while (at < line.length() && line.charAt(at) == '[' && m.find(at) && m.start() == at) {
      if (m.group(1) != null) {
        spans.add(new int[] {m.start(1), m.end()});
        stamps.add(new Stamp(Kind.DATE, localMillis(m.group(1)), 3, m.group(2) + "]"));
      } else if (m.group(3) != null) {
        spans.add(new int[] {m.start(3), m.end()});
        stamps.add(uptime(m.group(3), m.group(4), "s]"));
      } else if (m.group(5) != null) {
        spans.add(new int[] {m.start(5), m.end()});
        stamps.add(new Stamp(Kind.MILLIS, Long.parseLong(m.group(5)), 0, "ms]"));
      } else if (m.group(6) != null) {
        spans.add(new int[] {m.start(6), m.end()});
        stamps.add(new Stamp(Kind.NANOS, Long.parseLong(m.group(6)), 0, "ns]"));
      }
      at = m.end();
    }
    m = UNIFIED_GC_ID.matcher(line);
    if (m.find(at)) {
      spans.add(new int[] {m.start(1), m.end(1)});
      stamps.add(new Stamp(Kind.GC_ID, Long.parseLong(m.group(1)), 0, ""));
    }
    c.cut(line, spans, stamps);
  }

  private static Stamp uptime(String whole, String frac, String suffix) {
    long scale = pow10(frac.length());
    return new Stamp(Kind.UPTIME, Long.parseLong(whole) * scale + Long.parseLong(frac), frac.length(), suffix);
  }

  private static long localMillis(String isoLocal) {
    return LocalDateTime.parse(isoLocal, LOCAL_MS).toInstant(ZoneOffset.UTC).toEpochMilli();
  }

  private static boolean inside(List<int[]> spans, int pos) {
    for (int[] s : spans) {
      if (pos >= s[0] && pos < s[1]) {
        return true;
      }
    }
    return false;
  }

  private static byte[] bytes(CharSequence s) {
    return s.toString().getBytes(StandardCharsets.ISO_8859_1);
  }

  /** Accumulates runs and stamps, and the ranges of time and ids the template covers. */
  private static final class Cutter {
    final List<Object> parts = new ArrayList<>();
    final StringBuilder literal = new StringBuilder();
    long minUptimeMs = Long.MAX_VALUE;
    long maxUptimeMs = Long.MIN_VALUE;
    long minDateMs = Long.MAX_VALUE;
    long maxDateMs = Long.MIN_VALUE;
    long minId = Long.MAX_VALUE;
    long maxId = -1;
    long minInv = Long.MAX_VALUE;
    long maxInv = -1;
    long minFull = Long.MAX_VALUE;
    long maxFull = -1;

    void cut(String line, List<int[]> spans, List<Stamp> stamps) {
      Integer[] order = new Integer[spans.size()];
      for (int i = 0; i < order.length; i++) {
        order[i] = i;
      }
      java.util.Arrays.sort(order, (a, b) -> Integer.compare(spans.get(a)[0], spans.get(b)[0]));
      int pos = 0;
      for (int i : order) {
        int[] s = spans.get(i);
        literal.append(line, pos, s[0]);
        flush();
        Stamp st = stamps.get(i);
        parts.add(st);
        note(st);
        pos = s[1];
      }
      literal.append(line, pos, line.length());
    }

    void note(Stamp s) {
      switch (s.kind()) {
        case UPTIME -> {
          long ms = s.value() * 1000 / pow10(s.decimals());
          minUptimeMs = Math.min(minUptimeMs, ms);
          maxUptimeMs = Math.max(maxUptimeMs, ms);
        }
        case MILLIS -> {
          minUptimeMs = Math.min(minUptimeMs, s.value());
          maxUptimeMs = Math.max(maxUptimeMs, s.value());
        }
        case NANOS -> {
          minUptimeMs = Math.min(minUptimeMs, s.value() / 1_000_000);
          maxUptimeMs = Math.max(maxUptimeMs, s.value() / 1_000_000);
        }
        case DATE -> {
          minDateMs = Math.min(minDateMs, s.value());
          maxDateMs = Math.max(maxDateMs, s.value());
        }
        case GC_ID -> {
          minId = Math.min(minId, s.value());
          maxId = Math.max(maxId, s.value());
        }
        case INVOCATIONS -> {
          minInv = Math.min(minInv, s.value());
          maxInv = Math.max(maxInv, s.value());
        }
        case FULL_INVOCATIONS -> {
          minFull = Math.min(minFull, s.value());
          maxFull = Math.max(maxFull, s.value());
        }
        default -> throw new IllegalStateException(s.kind().toString());
      }
    }

    /** The longer of the uptime and wall-clock spans, so both clocks move by the same amount. */
    long span() {
      long up = maxUptimeMs >= minUptimeMs ? maxUptimeMs - minUptimeMs : 0;
      long date = maxDateMs >= minDateMs ? maxDateMs - minDateMs : 0;
      return Math.max(up, date);
    }

    void flush() {
      if (literal.length() > 0) {
        parts.add(bytes(literal));
        literal.setLength(0);
      }
    }
  }

  /** An output stream that counts what it writes. */
  static final class CountingStream extends OutputStream {
    private final OutputStream out;
    long count;

    CountingStream(OutputStream out) {
      this.out = out;
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
      count++;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
      count += len;
    }

    @Override
    public void flush() throws IOException {
      out.flush();
    }

    @Override
    public void close() throws IOException {
      out.close();
    }
  }
}
