package io.jtune.gc.parser.unified;

import static io.jtune.gc.parser.unified.Outcome.BROKEN;
import static io.jtune.gc.parser.unified.Outcome.KNOWN;
import static io.jtune.gc.parser.unified.Outcome.UNKNOWN;

import io.jtune.gc.event.Collector;
import io.jtune.gc.event.JvmInfo;
import io.jtune.gc.input.Ascii;
import io.jtune.gc.input.Line;
import java.util.ArrayList;
import java.util.List;

/**
 * The header and flags lines ("Using G1", "Version: ...", "CPUs: ...", "Memory: ...", heap
 * bounds and region size, command-line flags) and the collector: named by its "Using ..."
 * line, else taken from the shape of the lines. Each finding is sent at once as a {@link
 * JvmInfo} fragment.
 */
final class JvmInfoLines {
  private static final Ascii MIN_CAPACITY = Ascii.of("Min Capacity: ");
  private static final Ascii MAX_CAPACITY = Ascii.of("Max Capacity: ");
  private static final Ascii INITIAL_CAPACITY = Ascii.of("Initial Capacity: ");
  private static final Ascii REGION_SIZE = Ascii.of("Region Size: ");
  private static final Ascii REGION_SIZE_LOWER = Ascii.of("region size: ");
  private static final Ascii TOTAL_CPUS = Ascii.of("total, ");

  private final CurrentLine cur;
  private final EventOrder out;
  private Collector collector;
  private boolean generationalZgcReported;
  /** Whether a "Using ..." line of the source read now named the collector. */
  private boolean namedInSource;
  /** Whether a line of the source read now showed the collector by its shape. */
  private boolean inferredInSource;
  /** G1's region size in bytes, or -1. */
  long regionBytes = -1;
  /** The heap's maximum from the start-up lines (ZGC "Max Capacity: 256M"), or -1. */
  long heapMaxBytes = -1;

  JvmInfoLines(CurrentLine cur, EventOrder out) {
    this.cur = cur;
    this.out = out;
  }

  /** Whether a collector was named or inferred already (a further "Using ..." line starts another JVM). */
  boolean named() {
    return collector != null;
  }

  /** "Using G1", "Using The Z Garbage Collector", ...: the collector. */
  int using(Line l, int at) {
    Collector c = null;
    if (rest(l, at, "G1")) {
      c = Collector.G1;
    } else if (rest(l, at, "Serial")) {
      c = Collector.SERIAL;
    } else if (rest(l, at, "Parallel")) {
      c = Collector.PARALLEL;
    } else if (rest(l, at, "Concurrent Mark Sweep")) {
      c = Collector.PARNEW_CMS;
    } else if (rest(l, at, "Shenandoah")) {
      c = collector == Collector.SHENANDOAH_GENERATIONAL ? collector : Collector.SHENANDOAH;
    } else if (rest(l, at, "The Z Garbage Collector")) {
      c = collector == Collector.ZGC_GENERATIONAL ? collector : Collector.ZGC;
    } else if (rest(l, at, "Epsilon")) {
      c = Collector.EPSILON;
    }
    if (c == null) {
      return UNKNOWN;
    }
    collector = c;
    namedInSource = true;
    out.now(JvmInfo.ofCollector(c, l.number()));
    return KNOWN;
  }

  /**
   * The next source begins. It may be a rotated file of the same JVM (no header: the collector
   * named before still holds) or another JVM's log: the first line whose shape shows a collector
   * other than the one known is reported, so that the reader starts a new lifetime for it.
   */
  void newSource() {
    namedInSource = false;
    inferredInSource = false;
    generationalZgcReported = false;
  }

  private static boolean rest(Line l, int at, String s) {
    return l.length() - at == s.length() && l.startsWith(s, at);
  }

  /** "Mode: Generational" of Shenandoah. */
  int generationalMode(Line l) {
    if (!isShenandoah()) {
      return UNKNOWN;
    }
    collector = Collector.SHENANDOAH_GENERATIONAL;
    out.now(JvmInfo.ofCollector(collector, l.number()));
    return KNOWN;
  }

  /** "Version: 17.0.2+8 (release)". */
  int version(Line l, int at) {
    int end = l.indexOf(' ', at);
    out.now(JvmInfo.ofVersion(l.substring(at, end < 0 ? l.length() : end), l.number()));
    return KNOWN;
  }

  /** "CPUs: 8 total, 8 available". */
  int cpus(Line l, int m) {
    long total = l.parseLong(m + 6);
    int avail = l.indexOf(TOTAL_CPUS, m);
    long available = avail < 0 ? -1 : l.parseLong(avail + 7);
    long cpus = available >= 0 ? available : total;
    if (cpus < 0) {
      return BROKEN;
    }
    out.now(new JvmInfo(null, null, (int) cpus, null, null, null, null, null, null, null, l.number()));
    return KNOWN;
  }

  /** "Memory: 15927M". */
  int memory(Line l, int at) {
    long b = l.parseSize(at);
    if (b >= 0) {
      out.now(new JvmInfo(null, null, null, b, null, null, null, null, null, null, l.number()));
    }
    return KNOWN;
  }

  /** "Heap Min Capacity: 7M", "Heap Region Size: 1M", "Heap region size: 1M", ... */
  int heapInfo(Line l, int at) {
    if (l.startsWith(MIN_CAPACITY, at)) {
      return heapBound(l, at + 14, 0);
    }
    if (l.startsWith(INITIAL_CAPACITY, at)) {
      return heapBound(l, at + 18, 1);
    }
    if (l.startsWith(MAX_CAPACITY, at)) {
      return heapBound(l, at + 14, 2);
    }
    if (l.startsWith(REGION_SIZE, at) || l.startsWith(REGION_SIZE_LOWER, at)) {
      long b = l.parseSize(at + 13);
      if (b <= 0) {
        return BROKEN;
      }
      regionBytes = b;
      out.now(new JvmInfo(null, null, null, null, null, null, null, b, null, null, l.number()));
      return KNOWN;
    }
    return UNKNOWN;
  }

  /** A ZGC heap bound outside a GC: "Min Capacity: 8M", "Initial Capacity: ...", "Max Capacity: ...". */
  int heapBound(Line l, int m) {
    if (l.startsWith(MIN_CAPACITY, m)) {
      return heapBound(l, m + 14, 0);
    }
    if (l.startsWith(MAX_CAPACITY, m)) {
      return heapBound(l, m + 14, 2);
    }
    if (l.startsWith(INITIAL_CAPACITY, m)) {
      return heapBound(l, m + 18, 1);
    }
    return UNKNOWN;
  }

  private int heapBound(Line l, int at, int which) {
    long b = l.parseSize(at);
    if (b < 0) {
      return BROKEN;
    }
    Long v = b;
    if (which == 2) {
      heapMaxBytes = b;
    }
    out.now(new JvmInfo(null, null, null, null, which == 0 ? v : null, which == 1 ? v : null,
        which == 2 ? v : null, null, null, null, l.number()));
    return KNOWN;
  }

  /** "CommandLine flags: ..." or "JVM Args: ...": the flags, one per word. */
  int flags(Line l, int at) {
    List<String> flags = new ArrayList<>();
    int n = l.length();
    int i = l.skipSpaces(at);
    while (i < n) {
      int e = l.indexOf(' ', i);
      if (e < 0) {
        e = n;
      }
      flags.add(l.substring(i, e));
      i = l.skipSpaces(e);
    }
    out.now(JvmInfo.ofFlags(flags, l.number()));
    return KNOWN;
  }

  /** Takes the collector from the shape of a line when no "Using ..." line named it. */
  void inferCollector(Collector c) {
    boolean first = !inferredInSource;
    inferredInSource = true;
    if (collector == null || first && !namedInSource && family(c) != family(collector)) {
      collector = c;
      out.now(JvmInfo.ofCollector(c, cur.number()));
    }
  }

  /** A collector and its generational mode are one family: a line shape does not tell them apart. */
  private static Collector family(Collector c) {
    return switch (c) {
      case ZGC_GENERATIONAL -> Collector.ZGC;
      case SHENANDOAH_GENERATIONAL -> Collector.SHENANDOAH;
      default -> c;
    };
  }

  /** A line of generational ZGC ("Y: ", "O: ", "Minor Collection"): reported once. */
  void reportGenerationalZgc() {
    if (!generationalZgcReported) {
      generationalZgcReported = true;
      collector = Collector.ZGC_GENERATIONAL;
      out.now(JvmInfo.ofCollector(Collector.ZGC_GENERATIONAL, cur.number()));
    }
  }

  boolean isShenandoah() {
    return collector == Collector.SHENANDOAH || collector == Collector.SHENANDOAH_GENERATIONAL;
  }

  boolean isCms() {
    return collector == Collector.PARNEW_CMS;
  }
}
