package io.jtune.gc.aggregate;

import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.PauseKind;
import io.jtune.gc.event.PhaseTimes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Sub-phase times of young/mixed pauses (G1 `gc+phases`, JDK 8 G1 details): total per phase
 * name, to see where pause time goes (root and card scanning vs object copy:
 * old-to-young references found through the card table make young pauses long). A phase longer
 * than its pause (beyond the logs' rounding) cannot be: the pause is counted as inconsistent and
 * the phase is taken at the pause's length, so that no phase's share passes 100 %.
 */
public final class PhaseAggregator implements Aggregator {
  private final Map<String, double[]> totals = new LinkedHashMap<>(); // totalMs, count, maxMs
  /*
   * Every pause of a log lists its phases in nearly the same order: the totals of the phase at
   * index i of the last pause are remembered, so a phase costs a name comparison, not a map
   * look-up (names are interned by the parsers, so that comparison is by identity).
   */
  private String[] lastNames = new String[0];
  private double[][] lastTotals = new double[0][];
  private long pausesWithPhases;
  private double pauseMsWithPhases;
  private long inconsistent;
  /** How much a phase may pass its pause by the logs' rounding (0.1 ms phases, 0.001 ms pauses). */
  private static final double ROUNDING_MS = 0.1;

  @Override
  public void accept(GcEvent e) {
    if (!(e instanceof GcPause p) || p.phases().isEmpty()
        || (p.kind() != PauseKind.YOUNG && p.kind() != PauseKind.MIXED)) {
      return;
    }
    pausesWithPhases++;
    pauseMsWithPhases += p.durationMs();
    PhaseTimes phases = p.phases();
    int n = phases.size();
    double pauseMs = p.durationMs();
    boolean longer = false;
    if (lastNames.length < n) {
      lastNames = Arrays.copyOf(lastNames, n);
      lastTotals = Arrays.copyOf(lastTotals, n);
    }
    for (int i = 0; i < n; i++) {
      String name = phases.name(i);
      double[] t;
      if (lastNames[i] == name) {
        t = lastTotals[i];
      } else {
        t = totals.computeIfAbsent(name, k -> new double[3]);
        lastNames[i] = name;
        lastTotals[i] = t;
      }
      double v = phases.ms(i);
      if (v > pauseMs + ROUNDING_MS) {
        longer = true;
      }
      v = Math.min(v, pauseMs);
      t[0] += v;
      t[1]++;
      t[2] = Math.max(t[2], v);
    }
    if (longer) {
      inconsistent++;
    }
  }

  /** Pauses with a phase longer than the pause itself (the phase taken at the pause's length). */
  public long inconsistentPauses() {
    return inconsistent;
  }

  /** One phase's share of young/mixed pause time. */
  public record PhaseShare(String phase, double totalMs, long pauses, double meanMs, double maxMs, double pctOfPauseTime) {}

  public long pausesWithPhases() {
    return pausesWithPhases;
  }

  public double pauseMsWithPhases() {
    return pauseMsWithPhases;
  }

  /** Phases in order of total time (then name), each with its share of the pause time of those pauses. */
  public List<PhaseShare> shares() {
    List<PhaseShare> out = new ArrayList<>();
    for (Map.Entry<String, double[]> e : totals.entrySet()) {
      double[] t = e.getValue();
      out.add(new PhaseShare(e.getKey(), t[0], (long) t[1], t[0] / t[1], t[2],
          pauseMsWithPhases == 0 ? 0 : Math.min(100, 100 * t[0] / pauseMsWithPhases)));
    }
    // ties (often all-zero phases) by name
    out.sort(java.util.Comparator.comparingDouble(PhaseShare::totalMs).reversed().thenComparing(PhaseShare::phase));
    return out;
  }

  /** Total ms of the phases whose names contain any of the given words (case-insensitive). */
  public double totalMsMatching(String... words) {
    double sum = 0;
    for (Map.Entry<String, double[]> e : totals.entrySet()) {
      String n = e.getKey().toLowerCase(java.util.Locale.ROOT);
      for (String w : words) {
        if (n.contains(w)) {
          sum += e.getValue()[0];
          break;
        }
      }
    }
    return sum;
  }
}
