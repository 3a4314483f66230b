package io.jtune.load;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A {@link Replay} compiled once before a run: each distinct request of the log as the bytes that
 * go on the wire (request line, Host, the load's own headers, the logged headers, Content-Length,
 * body), in one array; the order to send them in; their due times when the log's time shape is
 * followed; and each one's endpoint group. Sending one copies its bytes: nothing is parsed or
 * allocated per request.
 */
final class ReplayRequests {
  private static final byte[] CRLF = {'\r', '\n'};
  /** Most bytes the distinct requests of a log may take together. */
  static final long MAX_BYTES = 1L << 30;

  final byte[] arena;
  final int[] offset;
  final int[] length;
  final boolean[] head;
  /** Per request sent, in order: the distinct request's index. */
  final int[] sequence;
  /** Per request sent, when it is due after the start in nanoseconds (the log's time shape), or null. */
  final long[] due;
  /** Per distinct request: its group. */
  final int[] groupOf;
  final List<String> groupNames;

  private ReplayRequests(byte[] arena, int[] offset, int[] length, boolean[] head, int[] sequence, long[] due,
      int[] groupOf, List<String> groupNames) {
    this.arena = arena;
    this.offset = offset;
    this.length = length;
    this.head = head;
    this.sequence = sequence;
    this.due = due;
    this.groupOf = groupOf;
    this.groupNames = List.copyOf(groupNames);
  }

  /**
   * Compiles the replay against {@code base}, whose URL gives the server and whose headers every
   * request carries too; they may refer to environment variables but take no per-request values.
   */
  static ReplayRequests of(Replay replay, RequestTemplate base) {
    ReplayLog log = replay.log();
    List<ReplayLog.Request> requests = log.requests();
    URI url = base.url();
    List<byte[]> baseHeaders = new ArrayList<>();
    boolean hasHost = false;
    boolean hasAgent = false;
    for (String h : base.headers()) {
      CompiledTemplate t = CompiledTemplate.compile(h, CompiledTemplate.Context.HEADER, null,
          "header " + SecretHeaders.name(h));
      if (!t.constant()) {
        throw new LoadException("with a replayed log, header " + SecretHeaders.name(h) + " may refer to environment"
            + " variables ($${env:NAME}) but takes no per-request values");
      }
      baseHeaders.add(t.constantBytes());
      String name = SecretHeaders.name(h).toLowerCase(Locale.ROOT);
      hasHost |= name.equals("host");
      hasAgent |= name.equals("user-agent");
    }
    byte[] host = ("Host: " + url.getHost() + (url.getPort() >= 0 ? ":" + url.getPort() : "") + "\r\n")
        .getBytes(StandardCharsets.ISO_8859_1);
    byte[] agent = "User-Agent: jtune-load\r\n".getBytes(StandardCharsets.US_ASCII);
    int n = requests.size();
    int[] offset = new int[n];
    int[] length = new int[n];
    boolean[] head = new boolean[n];
    ByteSink all = new ByteSink(Math.max(1024, n * 96));
    for (int i = 0; i < n; i++) {
      ReplayLog.Request r = requests.get(i);
      int start = all.length;
      all.put((r.method() + " " + r.target() + " HTTP/1.1\r\n").getBytes(StandardCharsets.ISO_8859_1));
      if (!hasHost) {
        all.put(host);
      }
      boolean agentLogged = r.headers().stream().anyMatch(h -> h.toLowerCase(Locale.ROOT).startsWith("user-agent:"));
      if (!hasAgent && !agentLogged) {
        all.put(agent);
      }
      for (byte[] h : baseHeaders) {
        all.put(h);
        all.put(CRLF);
      }
      for (String h : r.headers()) {
        all.put(h.getBytes(StandardCharsets.UTF_8));
        all.put(CRLF);
      }
      byte[] body = r.body() == null ? new byte[0] : r.body();
      boolean isHead = r.method().equals("HEAD");
      if (body.length > 0 || !(r.method().equals("GET") || isHead)) {
        all.put("Content-Length: ".getBytes(StandardCharsets.US_ASCII));
        all.decimal(body.length);
        all.put(CRLF);
      }
      all.put(CRLF);
      all.put(body);
      if ((long) all.length > MAX_BYTES) {
        throw new LoadException("the distinct requests of " + log.path() + " take more than "
            + (MAX_BYTES >> 20) + " MB");
      }
      offset[i] = start;
      length[i] = all.length - start;
      head[i] = isHead;
    }
    int[] sequence = log.order();
    long[] due = null;
    if (replay.followsTime()) {
      int[] byTime = byTime(log.epochNanos());
      sequence = new int[byTime.length];
      for (int i = 0; i < byTime.length; i++) {
        sequence[i] = log.order()[byTime[i]];
      }
      due = dueTimes(log.epochNanos(), byTime, replay.speed());
    }
    Groups g = groups(replay.groups(), requests, log.order());
    return new ReplayRequests(Arrays.copyOf(all.bytes, all.length), offset, length, head, sequence, due, g.of, g.names);
  }

  /** Line indices sorted by time, lines of the same time in logged order. */
  private static int[] byTime(long[] times) {
    Integer[] idx = new Integer[times.length];
    for (int i = 0; i < idx.length; i++) {
      idx[i] = i;
    }
    Arrays.sort(idx, (a, b) -> Long.compare(times[a], times[b]));
    return Arrays.stream(idx).mapToInt(Integer::intValue).toArray();
  }

  /**
   * Each line's due time after the start, at {@code speed}: the lines logged with the same time
   * (the Common Log Format's times are whole seconds) are spread evenly until the next time, at
   * most a second, rather than sent in one burst.
   */
  static long[] dueTimes(long[] times, int[] byTime, double speed) {
    long[] due = new long[byTime.length];
    long first = times[byTime[0]];
    int i = 0;
    while (i < byTime.length) {
      long t = times[byTime[i]];
      int j = i;
      while (j < byTime.length && times[byTime[j]] == t) {
        j++;
      }
      long width = j < byTime.length ? Math.min(1_000_000_000L, times[byTime[j]] - t) : j - i > 1 ? 1_000_000_000L : 0;
      for (int k = i; k < j; k++) {
        double at = (t - first) + (double) width * (k - i) / (j - i);
        due[k] = (long) (at / speed);
      }
      i = j;
    }
    return due;
  }

  private record Groups(int[] of, List<String> names) {}

  /** Each distinct request's group: the most frequent {@link EndpointGroups#MAX_GROUPS} kept apart, the rest together. */
  private static Groups groups(EndpointGroups rules, List<ReplayLog.Request> requests, int[] order) {
    String[] name = new String[requests.size()];
    Map<String, Long> lines = new HashMap<>();
    for (int i = 0; i < name.length; i++) {
      name[i] = rules.group(requests.get(i).method(), requests.get(i).target());
    }
    for (int r : order) {
      lines.merge(name[r], 1L, Long::sum);
    }
    List<String> names = new ArrayList<>(lines.keySet());
    names.sort((a, b) -> lines.get(b).equals(lines.get(a)) ? a.compareTo(b) : Long.compare(lines.get(b), lines.get(a)));
    if (names.size() > EndpointGroups.MAX_GROUPS) {
      names = new ArrayList<>(names.subList(0, EndpointGroups.MAX_GROUPS - 1));
      names.add(EndpointGroups.OTHER);
    }
    Map<String, Integer> index = new HashMap<>();
    for (int i = 0; i < names.size(); i++) {
      index.put(names.get(i), i);
    }
    int other = names.size() - 1;
    int[] of = new int[name.length];
    for (int i = 0; i < of.length; i++) {
      of[i] = index.getOrDefault(name[i], other);
    }
    return new Groups(of, names);
  }
}
