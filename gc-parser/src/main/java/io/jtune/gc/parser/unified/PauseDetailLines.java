package io.jtune.gc.parser.unified;

import static io.jtune.gc.parser.unified.Outcome.BROKEN;
import static io.jtune.gc.parser.unified.Outcome.KNOWN;
import static io.jtune.gc.parser.unified.Outcome.UNKNOWN;

import io.jtune.gc.event.Anomaly;
import io.jtune.gc.event.Collector;
import io.jtune.gc.event.CpuTimes;
import io.jtune.gc.event.MemoryUsage;
import io.jtune.gc.input.Ascii;
import io.jtune.gc.input.Line;
import io.jtune.gc.parser.NameCache;

/**
 * The detail lines of a pause, attached to the pause of their GC id: phase times (G1's
 * indented phases, per-worker means), G1 region counts, per-generation heap of Serial,
 * Parallel and CMS, metaspace, tenuring, anomalies and the cpu line that ends a pause.
 */
final class PauseDetailLines {
  private static final Ascii PER_WORKER_MS = Ascii.of(" (ms)");
  private static final Ascii AVG = Ascii.of("Avg:");
  private static final Ascii MS = Ascii.of("ms");
  private static final Ascii ARROW = Ascii.of("->");
  private static final Ascii FROM = Ascii.of(" From: ");
  private static final Ascii SYS = Ascii.of("Sys=");
  private static final Ascii REAL = Ascii.of("Real=");
  private static final Ascii NEW_THRESHOLD = Ascii.of("new threshold ");
  private static final Ascii MAX_THRESHOLD = Ascii.of("max threshold ");
  private static final Ascii TOTAL_SUFFIX = Ascii.of(" total");

  private final CurrentLine cur;
  private final Fields fields;
  private final NameCache names;
  private final JvmInfoLines info;
  private final Pauses pauses;

  PauseDetailLines(CurrentLine cur, Fields fields, NameCache names, JvmInfoLines info, Pauses pauses) {
    this.cur = cur;
    this.fields = fields;
    this.names = names;
    this.info = info;
    this.pauses = pauses;
  }

  /** "Promotion failed": an anomaly of the pause being read. */
  int promotionFailed() {
    PendingPause p = pauses.lastOpen();
    if (p != null) {
      p.anomalies.add(Anomaly.PROMOTION_FAILED);
    }
    return KNOWN;
  }

  /** "To-space exhausted": an anomaly of the pause of the line's GC id. */
  int toSpaceExhausted() {
    if (cur.gcId >= 0) {
      pauses.detail().anomalies.add(Anomaly.TO_SPACE_EXHAUSTED);
    }
    return KNOWN;
  }

  /**
   * An indented line of a pause being read: a phase time ("Pre Evacuate Collection Set: 0.1ms") or
   * a per-worker line.
   */
  int phase(Line l, int m) {
    PendingPause p = pauses.find(cur.gcId);
    if (p == null || p.complete) {
      return UNKNOWN;
    }
    int n = l.length();
    boolean endsMs = l.endsWith(MS);
    // a line ending in "ms" is one phase's time; per-worker lines end in "Workers: N": only the
    // others are searched for their colon
    int colon = endsMs ? -1 : l.indexOf(':', m);
    if (colon > m + 5 && l.startsWith(PER_WORKER_MS, colon - 5)) {
      int ms = colon - 5;
      // per-worker line: take the mean over workers, as the JDK 8 parser does for its details
      int avg = l.indexOf(AVG, ms);
      if (avg < 0) {
        return KNOWN;
      }
      double v = l.parseDouble(l.skipSpaces(avg + 4));
      if (!Double.isNaN(v)) {
        p.phase(names.get(l, m, ms), v, cur.indent <= 2);
      }
      return KNOWN;
    }
    if (!endsMs) {
      return UNKNOWN;
    }
    int sp = l.lastIndexOf(' ');
    if (sp <= m) {
      return UNKNOWN;
    }
    double v = l.parseDouble(sp + 1);
    if (Double.isNaN(v) || l.end() != n - 2) {
      return UNKNOWN;
    }
    int nameEnd = sp;
    if (l.charAt(nameEnd - 1) == ':') {
      nameEnd--;
    }
    if (nameEnd > m) {
      p.phase(names.get(l, m, nameEnd), v, cur.indent <= 2);
    }
    return KNOWN;
  }

  /** G1 "Eden regions: 3->0(4)" and the like. */
  int regions(Line l, int at, int area) {
    long before = l.parseLong(at);
    int e = l.end();
    if (before < 0 || !l.startsWith(ARROW, e)) {
      return BROKEN;
    }
    long after = l.parseLong(e + 2);
    e = l.end();
    long target = -1;
    if (l.at(e) == '(') {
      target = l.parseLong(e + 1);
    }
    if (cur.gcId >= 0) {
      pauses.detail().regions(area, before, after, target);
    }
    return KNOWN;
  }

  /** DefNew/PSYoungGen/ParNew (young) and Tenured/ParOldGen/CMS/Old (old) lines. */
  int generation(Line l, int m, boolean young) {
    int at = l.indexOf(' ', m) + 1;
    MemoryUsage u = fields.usage(l, at);
    if (u == null) {
      return BROKEN;
    }
    if (cur.gcId < 0) {
      return KNOWN;
    }
    PendingPause p = pauses.detail();
    if (young) {
      p.young = u;
      int from = l.indexOf(FROM, fields.pos);
      if (from > 0) {
        MemoryUsage s = fields.usage(l, from + 7);
        if (s != null) {
          p.survivor = s;
        }
      }
    } else {
      p.old = u;
    }
    switch (l.charAt(m)) {
      case 'C' -> info.inferCollector(Collector.PARNEW_CMS);
      case 'D', 'T' -> info.inferCollector(Collector.SERIAL);
      case 'P' -> info.inferCollector(l.at(m + 3) == 'N' ? Collector.PARNEW_CMS : Collector.PARALLEL);
      default -> { }
    }
    return KNOWN;
  }

  /** "Metaspace: 1M(1M)->1M(1M) NonClass: ...". */
  int metaspace(Line l, int at) {
    MemoryUsage u = fields.usage(l, at);
    if (u == null) {
      return UNKNOWN; // ZGC: "Metaspace: 17M used, 17M committed, 1040M reserved"
    }
    if (cur.gcId >= 0) {
      pauses.detail().metaspace = u;
    }
    return KNOWN;
  }

  /** "User=0.01s Sys=0.00s Real=0.00s": ends the pause whose summary was read. */
  int cpu(Line l, int at) {
    double user = l.parseDouble(at);
    int sys = l.indexOf(SYS, at);
    int real = l.indexOf(REAL, at);
    if (Double.isNaN(user) || sys < 0 || real < 0) {
      return BROKEN;
    }
    double s = l.parseDouble(sys + 4);
    double r = l.parseDouble(real + 5);
    if (Double.isNaN(s) || Double.isNaN(r)) {
      return BROKEN;
    }
    PendingPause p = cur.gcId >= 0 ? pauses.find(cur.gcId) : null;
    if (p != null) {
      p.times = CpuTimes.of(user, s, r);
      if (p.complete) {
        pauses.emit(p);
      }
    }
    return KNOWN;
  }

  /** "Desired survivor size N bytes, new threshold T (max threshold M)". */
  int desiredSurvivor(Line l, int at) {
    long bytes = l.parseLong(at);
    int nt = l.indexOf(NEW_THRESHOLD, at);
    int mt = l.indexOf(MAX_THRESHOLD, at);
    if (bytes < 0 || nt < 0 || mt < 0) {
      return BROKEN;
    }
    if (cur.gcId >= 0) {
      PendingPause p = pauses.detail();
      p.desiredSurvivorBytes = bytes;
      p.newThreshold = (int) l.parseLong(nt + 14);
      p.maxThreshold = (int) l.parseLong(mt + 14);
    }
    return KNOWN;
  }

  /** "Age table with threshold T (max threshold M)". */
  int ageTable(Line l, int at) {
    long t = l.parseLong(at);
    int mt = l.indexOf(MAX_THRESHOLD, at);
    if (t < 0 || mt < 0) {
      return BROKEN;
    }
    if (cur.gcId >= 0) {
      PendingPause p = pauses.detail();
      p.newThreshold = (int) t;
      p.maxThreshold = (int) l.parseLong(mt + 14);
    }
    return KNOWN;
  }

  /** "- age   1:     801400 bytes,     801400 total": the running total is kept. */
  int ageLine(Line l, int m) {
    if (cur.gcId < 0 || !l.endsWith(TOTAL_SUFFIX)) {
      return KNOWN;
    }
    int end = l.length() - 6;
    int s = end;
    while (s > m && Line.isDigit(l.charAt(s - 1))) {
      s--;
    }
    long total = l.parseLong(s);
    if (total < 0) {
      return BROKEN;
    }
    pauses.detail().agedBytes = total;
    return KNOWN;
  }
}
