package io.jtune.load;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.GZIPInputStream;

/**
 * An access log read for replay ({@link AccessLogLine}: Common or Combined Log Format, or JSON
 * lines; plain or gzip): the distinct requests it holds, the order they were logged in and when.
 * Lines not understood are counted and the first of them kept, never silently dropped.
 */
public final class ReplayLog {
  /** Most lines a log may have: its requests are held in memory. */
  static final int MAX_LINES = 20_000_000;
  /** Lines not understood kept as examples. */
  static final int EXAMPLES = 3;
  private static final int EXAMPLE_CHARS = 120;
  private static final Set<String> WRITES = Set.of("POST", "PUT", "PATCH");

  /** One distinct request of the log. */
  record Request(String method, String target, List<String> headers, byte[] body) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Request r && method.equals(r.method) && target.equals(r.target) && headers.equals(r.headers)
          && Arrays.equals(body, r.body);
    }

    @Override
    public int hashCode() {
      return (method.hashCode() * 31 + target.hashCode()) * 31 + headers.hashCode() * 7 + Arrays.hashCode(body);
    }
  }

  private final Path path;
  private final long lines;
  private final long notUnderstood;
  private final List<String> examples;
  private final long bodilessWrites;
  private final List<Request> requests;
  private final int[] order;
  private final long[] epochNanos;

  private ReplayLog(Path path, long lines, long notUnderstood, List<String> examples, long bodilessWrites,
      List<Request> requests, int[] order, long[] epochNanos) {
    this.path = path;
    this.lines = lines;
    this.notUnderstood = notUnderstood;
    this.examples = List.copyOf(examples);
    this.bodilessWrites = bodilessWrites;
    this.requests = List.copyOf(requests);
    this.order = order;
    this.epochNanos = epochNanos;
  }

  /**
   * Reads the log. A missing or unreadable file, or one with no line understood, is a one-line
   * {@link LoadException} (naming the first lines it could not read).
   */
  public static ReplayLog read(Path path) {
    long lines = 0;
    long bad = 0;
    long bodiless = 0;
    List<String> examples = new ArrayList<>();
    Map<Request, Integer> index = new HashMap<>();
    List<Request> requests = new ArrayList<>();
    int[] order = new int[1024];
    long[] times = new long[1024];
    boolean timed = true;
    int n = 0;
    try (BufferedReader in = open(path)) {
      String line;
      while ((line = in.readLine()) != null) {
        if (line.isBlank()) {
          continue;
        }
        lines++;
        AccessLogLine r = AccessLogLine.parse(line);
        if (r == null) {
          bad++;
          if (examples.size() < EXAMPLES) {
            String shown = line.strip();
            examples.add("line " + lines + ": " + (shown.length() > EXAMPLE_CHARS
                ? shown.substring(0, EXAMPLE_CHARS) + "..." : shown));
          }
          continue;
        }
        if (n == MAX_LINES) {
          throw new LoadException("replay log " + path + " has more than " + MAX_LINES + " requests");
        }
        if (!r.fromJson() && WRITES.contains(r.method())) {
          bodiless++;
        }
        Request key = new Request(r.method(), r.target(), r.headers(), r.body());
        Integer i = index.get(key);
        if (i == null) {
          i = requests.size();
          index.put(key, i);
          requests.add(key);
        }
        if (n == order.length) {
          order = Arrays.copyOf(order, n * 2);
          times = Arrays.copyOf(times, n * 2);
        }
        order[n] = i;
        times[n] = r.epochNanos();
        timed &= r.epochNanos() != AccessLogLine.NO_TIME;
        n++;
      }
    } catch (NoSuchFileException e) {
      throw new LoadException("replay log not found: " + path);
    } catch (IOException e) {
      throw new LoadException("cannot read replay log " + path + ": " + e.getMessage());
    }
    if (n == 0) {
      throw new LoadException("no line of " + path + " is an access log line (Common or Combined Log Format, or JSON"
          + " lines with method, path or url, timestamp)" + (examples.isEmpty() ? ": the file is empty"
          : "; " + lines + " lines, first: " + examples.get(0)));
    }
    return new ReplayLog(path, lines, bad, examples, bodiless, requests, Arrays.copyOf(order, n),
        timed ? Arrays.copyOf(times, n) : null);
  }

  /** The file as text, through gzip when it starts with gzip's magic bytes. */
  private static BufferedReader open(Path path) throws IOException {
    InputStream raw = new BufferedInputStream(Files.newInputStream(path), 1 << 16);
    raw.mark(2);
    int b1 = raw.read();
    int b2 = raw.read();
    raw.reset();
    InputStream in = b1 == 0x1f && b2 == 0x8b ? new GZIPInputStream(raw, 1 << 16) : raw;
    return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
  }

  /** The file as given. */
  public Path path() {
    return path;
  }

  /** Non-blank lines read. */
  public long lines() {
    return lines;
  }

  /** Lines that are requests (all lines but those not understood). */
  public int requestCount() {
    return order.length;
  }

  /** Lines that are not an access log line jtune understands. */
  public long notUnderstood() {
    return notUnderstood;
  }

  /** The first lines not understood, each {@code line N: TEXT}. */
  public List<String> examples() {
    return examples;
  }

  /** POST, PUT and PATCH requests of a log format that records no body: replayed without one. */
  public long bodilessWrites() {
    return bodilessWrites;
  }

  /** Distinct requests. */
  public int distinct() {
    return requests.size();
  }

  /** Whether every request has its time, so that the log's time shape can be followed. */
  public boolean timed() {
    return epochNanos != null;
  }

  /** Time from the first request logged to the last, in nanoseconds (0 without times). */
  public long spanNanos() {
    if (epochNanos == null) {
      return 0;
    }
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    for (long t : epochNanos) {
      min = Math.min(min, t);
      max = Math.max(max, t);
    }
    return max - min;
  }

  List<Request> requests() {
    return requests;
  }

  /** Per line in log order: its request's index in {@link #requests()}. */
  int[] order() {
    return order;
  }

  /** Per line in log order: when it was logged (nanoseconds since the epoch), or null without times. */
  long[] epochNanos() {
    return epochNanos;
  }

  /** "N of M lines not understood (line 3: ...)" or null when every line was. */
  public String notUnderstoodText() {
    if (notUnderstood == 0) {
      return null;
    }
    return String.format(java.util.Locale.US, "%,d of %,d lines not understood (%s)", notUnderstood, lines,
        String.join("; ", examples));
  }

  /** Words on requests replayed without their body, or null when none was. */
  public String bodilessText() {
    if (bodilessWrites == 0) {
      return null;
    }
    return String.format(java.util.Locale.US, "%,d POST/PUT/PATCH requests replayed without a body: the log's format"
        + " does not record bodies (JSON lines with a 'body' field do)", bodilessWrites);
  }
}
