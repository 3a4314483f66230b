package io.jtune.gc.aggregate;

import io.jtune.gc.event.ConcurrentPhase;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.MemoryUsage;
import io.jtune.gc.event.PauseKind;
import io.jtune.common.units.ByteSize;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Collections by cause, for the collectors whose collections are mostly not pauses (ZGC,
 * Shenandoah): each whole concurrent cycle counts once under its cause (a ZGC collection's cause,
 * the trigger of a Shenandoah cycle), timed by the cycle's wall time when the log gives it; each
 * Full GC counts once under its pause's cause, timed by the pause. The pauses inside a cycle
 * are not collections of their own (they are in the pauses by cause).
 */
public final class CollectionCauses {
  /** Name under which collections whose cause the log does not give are counted. */
  public static final String NOT_LOGGED = "(not logged)";

  /** The collections of one cause: how many, how many ran concurrently, and their durations. */
  public static final class ByCause {
    private final ConcurrentAggregator.Durations durations = new ConcurrentAggregator.Durations();
    private final ExampleList examples = new ExampleList(5);
    private long concurrent;

    public long count() {
      return durations.count();
    }

    /** Collections that ran concurrently with the application (the rest stopped it: Full GCs). */
    public long concurrent() {
      return concurrent;
    }

    public long stopTheWorld() {
      return durations.count() - concurrent;
    }

    /** The first few collections, as evidence. */
    public ExampleList examples() {
      return examples;
    }

    /** Count, total, mean and maximum of the collections whose duration the log gives. */
    public ConcurrentAggregator.Durations durations() {
      return durations;
    }
  }

  private final Map<String, ByCause> byCause = new LinkedHashMap<>();
  private long count;

  void cycle(ConcurrentPhase c) {
    ByCause b = add(c.cause(), c.durationMs(), true);
    b.examples.add(c.gcId(), c.uptimeS(), () -> describe(c.name(), c.durationMs(), c.memory() == null ? null : c.memory().heap()));
  }

  void pause(GcPause p) {
    if (p.kind() == PauseKind.FULL) {
      ByCause b = add(p.cause(), p.durationMs(), false);
      b.examples.add(p.gcId(), p.uptimeS(), () -> describe(p.name(), p.durationMs(), p.memory() == null ? null : p.memory().heap()));
    }
  }

  private ByCause add(String cause, double durationMs, boolean concurrent) {
    ByCause b = byCause.computeIfAbsent(cause == null ? NOT_LOGGED : cause, k -> new ByCause());
    b.durations.add(durationMs);
    if (concurrent) {
      b.concurrent++;
    }
    count++;
    return b;
  }

  /** "Major Collection 36.0 MB->8.0 MB, 18.0 ms": the collection, its heap and its duration when logged. */
  private static String describe(String name, double durationMs, MemoryUsage heap) {
    StringBuilder s = new StringBuilder(name);
    if (heap != null && heap.hasBefore() && heap.hasAfter()) {
      s.append(' ').append(ByteSize.human(heap.before())).append("->").append(ByteSize.human(heap.after()));
    }
    if (!Double.isNaN(durationMs)) {
      s.append(String.format(Locale.US, durationMs < 1 ? ", %.3f ms" : ", %.1f ms", durationMs));
    }
    return s.toString();
  }

  /** Collections counted, all causes. */
  public long count() {
    return count;
  }

  /** The collections with this cause; an empty tally when there are none. */
  public ByCause of(String cause) {
    ByCause b = byCause.get(cause);
    return b == null ? new ByCause() : b;
  }

  /** Causes, most collections first (then most total time). */
  public List<Map.Entry<String, ByCause>> byCause() {
    List<Map.Entry<String, ByCause>> l = new ArrayList<>(byCause.entrySet());
    l.sort((a, b) -> a.getValue().count() != b.getValue().count()
        ? Long.compare(b.getValue().count(), a.getValue().count())
        : Double.compare(b.getValue().durations().totalMs(), a.getValue().durations().totalMs()));
    return l;
  }
}
