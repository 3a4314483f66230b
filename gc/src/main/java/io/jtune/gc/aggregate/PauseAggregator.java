package io.jtune.gc.aggregate;

import io.jtune.gc.event.CpuTimes;
import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.PauseKind;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;
import org.HdrHistogram.Histogram;

/**
 * Stop-the-world pause statistics: overall, by kind and by cause; the longest pauses; pauses
 * over the target; and the CPU times of pauses (user/sys/real) with the ones that point at the
 * OS rather than the collector.
 */
public final class PauseAggregator implements Aggregator {
  private static final int TOP = 10;
  private static final int SERIES_POINTS = 2000;

  private final double pauseTargetMs;
  // Each pause is recorded in one histogram, its (cause, kind) cell; the distributions overall,
  // by kind and by cause count, sum and take the maximum per pause, and add up their cells'
  // histograms when asked for percentiles.
  private final PauseDistribution all = PauseDistribution.summing();
  private final Map<PauseKind, PauseDistribution> byKind = new EnumMap<>(PauseKind.class);
  private final Map<String, PauseDistribution> byCause = new LinkedHashMap<>();
  private final Map<PauseKind, Series> timeline = new EnumMap<>(PauseKind.class);
  // the values of byKind and timeline by ordinal, and the cause seen last, so a pause costs no map look-up
  private final PauseDistribution[] kindDistributions = new PauseDistribution[PauseKind.values().length];
  private final Series[] kindTimelines = new Series[PauseKind.values().length];
  /** Per cause, the histograms of its pauses by kind ordinal. */
  private final Map<String, Histogram[]> cells = new HashMap<>();
  private String lastCause;
  private PauseDistribution lastCauseDistribution;
  private Histogram[] lastCauseCells;
  private final PriorityQueue<GcPause> longest =
      new PriorityQueue<>(Comparator.comparingDouble(GcPause::durationMs));
  private final ExampleList overTarget = new ExampleList(10);
  private final ExampleList realExceedsCpu = new ExampleList(10);
  private final ExampleList sysExceedsUser = new ExampleList(10);
  private final List<GcPause> events;
  private long withTimes;
  private double userS;
  private double sysS;
  private double realS;
  private long youngOverTarget;
  private long youngCount;

  /**
   * @param pauseTargetMs young pauses above this count as over target
   * @param keepEvents keep every pause (for `--events`); memory then grows with the log
   */
  public PauseAggregator(double pauseTargetMs, boolean keepEvents) {
    this.pauseTargetMs = pauseTargetMs;
    this.events = keepEvents ? new ArrayList<>() : null;
  }

  @Override
  public void accept(GcEvent e) {
    if (!(e instanceof GcPause p)) {
      return;
    }
    double ms = p.durationMs();
    all.recordSummary(ms);
    int k = p.kind().ordinal();
    if (kindDistributions[k] == null) {
      kindDistributions[k] = PauseDistribution.summing();
      byKind.put(p.kind(), kindDistributions[k]);
      kindTimelines[k] = new Series(SERIES_POINTS);
      timeline.put(p.kind(), kindTimelines[k]);
    }
    kindDistributions[k].recordSummary(ms);
    String cause = p.cause() == null ? "(not logged)" : p.cause();
    if (cause != lastCause) {
      // causes repeat, mostly as the same String: look the map up only when it changes
      lastCause = cause;
      lastCauseDistribution = byCause.get(cause);
      if (lastCauseDistribution == null) {
        lastCauseDistribution = PauseDistribution.summing();
        byCause.put(cause, lastCauseDistribution);
        cells.put(cause, new Histogram[kindDistributions.length]);
      }
      lastCauseCells = cells.get(cause);
    }
    lastCauseDistribution.recordSummary(ms);
    Histogram cell = lastCauseCells[k];
    if (cell == null) {
      cell = PauseDistribution.newHistogram();
      lastCauseCells[k] = cell;
      all.addPart(cell);
      kindDistributions[k].addPart(cell);
      lastCauseDistribution.addPart(cell);
    }
    cell.recordValue(PauseDistribution.micros(ms));
    kindTimelines[k].add(p.uptimeS(), ms);
    if (longest.size() < TOP) {
      longest.add(p);
    } else if (ms > longest.peek().durationMs()) {
      longest.poll();
      longest.add(p);
    }
    if (p.kind() == PauseKind.YOUNG || p.kind() == PauseKind.MIXED) {
      youngCount++;
      if (ms > pauseTargetMs) {
        youngOverTarget++;
        overTarget.add(p.gcId(), p.uptimeS(), () -> String.format(Locale.US, "%s %.1f ms", p.name(), ms));
      }
    }
    CpuTimes t = p.times();
    if (t != null) {
      withTimes++;
      userS += t.userS();
      sysS += t.sysS();
      realS += t.realS();
      double cpu = t.userS() + t.sysS();
      // A pause that waited far longer than its threads computed: CPU starvation, swapping, IO.
      if (t.realS() >= 0.05 && t.realS() > 2 * cpu) {
        realExceedsCpu.add(p.gcId(), p.uptimeS(), () -> String.format(Locale.US,
            "real %.2fs vs user+sys %.2fs (%s)", t.realS(), cpu, p.name()));
      }
      if (t.realS() >= 0.05 && t.sysS() > t.userS()) {
        sysExceedsUser.add(p.gcId(), p.uptimeS(), () -> String.format(Locale.US,
            "sys %.2fs > user %.2fs, real %.2fs (%s)", t.sysS(), t.userS(), t.realS(), p.name()));
      }
    }
    if (events != null) {
      events.add(p);
    }
  }

  public PauseDistribution all() {
    return all;
  }

  public Map<PauseKind, PauseDistribution> byKind() {
    return Collections.unmodifiableMap(byKind);
  }

  public PauseDistribution kind(PauseKind k) {
    return byKind.getOrDefault(k, new PauseDistribution());
  }

  /** Pause distributions by cause, most total time first. */
  public List<Map.Entry<String, PauseDistribution>> byCause() {
    List<Map.Entry<String, PauseDistribution>> l = new ArrayList<>(byCause.entrySet());
    l.sort((a, b) -> Double.compare(b.getValue().totalMs(), a.getValue().totalMs()));
    return l;
  }

  /**
   * Collections with this cause: its pauses, except that a ZGC collection, which stops the
   * application three times for one cause, counts once (by its Pause Mark Start).
   */
  public long causeCount(String cause) {
    PauseDistribution d = byCause.get(cause);
    if (d == null) {
      return 0;
    }
    long n = d.count();
    Histogram[] c = cells.get(cause);
    for (PauseKind k : new PauseKind[] {PauseKind.MARK_END, PauseKind.RELOCATE_START}) {
      if (c[k.ordinal()] != null) {
        n -= c[k.ordinal()].getTotalCount();
      }
    }
    return n;
  }

  /** Pauses with this cause and of this kind. */
  public long count(String cause, PauseKind kind) {
    Histogram[] c = cells.get(cause);
    return c == null || c[kind.ordinal()] == null ? 0 : c[kind.ordinal()].getTotalCount();
  }

  /** Pause durations over time per kind, downsampled for charts. */
  public Map<PauseKind, Series> timeline() {
    return Collections.unmodifiableMap(timeline);
  }

  /** The longest pauses, longest first. */
  public List<GcPause> longest() {
    List<GcPause> l = new ArrayList<>(longest);
    l.sort(Comparator.comparingDouble(GcPause::durationMs).reversed());
    return l;
  }

  public double pauseTargetMs() {
    return pauseTargetMs;
  }

  public long youngCount() {
    return youngCount;
  }

  public long youngOverTarget() {
    return youngOverTarget;
  }

  public ExampleList overTarget() {
    return overTarget;
  }

  public long pausesWithTimes() {
    return withTimes;
  }

  public double userS() {
    return userS;
  }

  public double sysS() {
    return sysS;
  }

  public double realS() {
    return realS;
  }

  public ExampleList realExceedsCpu() {
    return realExceedsCpu;
  }

  public ExampleList sysExceedsUser() {
    return sysExceedsUser;
  }

  /** Every pause in order when kept (`--events`), else null. */
  public List<GcPause> events() {
    return events == null ? null : Collections.unmodifiableList(events);
  }
}
