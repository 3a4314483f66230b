package io.jtune.gc.aggregate;

import io.jtune.gc.event.ConcurrentPhase;
import io.jtune.gc.event.CycleFacts;
import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.GcNotice;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.SafepointPause;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Work outside the pauses: concurrent cycles and phases (CMS, G1 marking, ZGC, Shenandoah),
 * notices (allocation stalls, cancelled cycles, mark aborts) and safepoint stop times.
 */
public final class ConcurrentAggregator implements Aggregator {
  /** Count, total and maximum duration of a named phase or of cycles. */
  public static final class Durations {
    private long count;
    private long timed;
    private double totalMs;
    private double maxMs;

    void add(double ms) {
      count++;
      if (!Double.isNaN(ms)) {
        timed++;
        totalMs += ms;
        maxMs = Math.max(maxMs, ms);
      }
    }

    public long count() {
      return count;
    }

    /** How many had a duration in the log. */
    public long timed() {
      return timed;
    }

    public double totalMs() {
      return totalMs;
    }

    public double maxMs() {
      return maxMs;
    }

    public double meanMs() {
      return timed == 0 ? 0 : totalMs / timed;
    }
  }

  private final Durations cycles = new Durations();
  private final CollectionCauses collections = new CollectionCauses();
  private final Map<CycleFacts.Scope, Durations> byScope = new EnumMap<>(CycleFacts.Scope.class);
  private final Map<String, Durations> phases = new LinkedHashMap<>();
  private final Map<GcNotice.Kind, ExampleList> notices = new EnumMap<>(GcNotice.Kind.class);
  private final Durations allocationStalls = new Durations();
  private final Durations safepoints = new Durations();
  private double maxTimeToSafepointMs;
  private long cancelledBySystemGc;

  @Override
  public void accept(GcEvent e) {
    if (e instanceof ConcurrentPhase c) {
      if (c.wholeCycle()) {
        cycles.add(c.durationMs());
        collections.cycle(c);
        if (c.facts() != null) {
          byScope.computeIfAbsent(c.facts().scope(), k -> new Durations()).add(c.durationMs());
        }
      } else {
        phases.computeIfAbsent(c.name(), k -> new Durations()).add(c.durationMs());
      }
    } else if (e instanceof GcNotice n) {
      notices.computeIfAbsent(n.kind(), k -> new ExampleList(5)).add(n.gcId(), n.uptimeS(), () -> describe(n));
      if (n.kind() == GcNotice.Kind.ALLOCATION_STALL) {
        allocationStalls.add(n.durationMs());
      }
      if (n.kind() == GcNotice.Kind.CYCLE_CANCELLED && n.text() != null && n.text().contains("System.gc()")) {
        cancelledBySystemGc++;
      }
    } else if (e instanceof GcPause p) {
      collections.pause(p);
    } else if (e instanceof SafepointPause s) {
      safepoints.add(s.stoppedMs());
      if (!Double.isNaN(s.timeToSafepointMs())) {
        maxTimeToSafepointMs = Math.max(maxTimeToSafepointMs, s.timeToSafepointMs());
      }
    }
  }

  /** A notice as evidence: an allocation stall names its thread and how long it waited (in µs below 1 ms). */
  private static String describe(GcNotice n) {
    if (Double.isNaN(n.durationMs())) {
      return n.text();
    }
    String ms = String.format(Locale.US, n.durationMs() < 1 ? "%.3f" : "%.1f", n.durationMs());
    return n.kind() == GcNotice.Kind.ALLOCATION_STALL
        ? "thread " + n.text() + " waited " + ms + " ms for memory"
        : n.text() + " (" + ms + " ms)";
  }

  public Durations cycles() {
    return cycles;
  }

  /**
   * Collections by cause: whole concurrent cycles and Full GCs. Only meaningful for collectors whose
   * collections are concurrent cycles (ZGC, Shenandoah); see {@link io.jtune.gc.event.Collector#collectsConcurrently()}.
   */
  public CollectionCauses collections() {
    return collections;
  }

  /** ZGC collections of one scope (minor, major, whole heap); empty when none. */
  public Durations cycles(CycleFacts.Scope scope) {
    return byScope.getOrDefault(scope, new Durations());
  }

  /** True when the log's cycles say what they collected (ZGC). */
  public boolean hasCycleScopes() {
    return !byScope.isEmpty();
  }

  public Map<String, Durations> phases() {
    return Collections.unmodifiableMap(phases);
  }

  public Map<GcNotice.Kind, ExampleList> notices() {
    return Collections.unmodifiableMap(notices);
  }

  /**
   * Cycles cancelled by a System.gc() call (Shenandoah's "Cancelling concurrent GC: System.gc()"):
   * the explicit collection took over, no race with allocation was lost.
   */
  public long cancelledBySystemGc() {
    return cancelledBySystemGc;
  }

  public ExampleList notices(GcNotice.Kind k) {
    return notices.getOrDefault(k, new ExampleList(0));
  }

  public Durations allocationStalls() {
    return allocationStalls;
  }

  public Durations safepoints() {
    return safepoints;
  }

  public double maxTimeToSafepointMs() {
    return maxTimeToSafepointMs;
  }
}
