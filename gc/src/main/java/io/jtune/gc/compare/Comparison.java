package io.jtune.gc.compare;

import io.jtune.common.JtuneException;
import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.gc.finding.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A canary comparison of two or more sides' GC logs: the sides on one time axis, each side's
 * per-window figures and pause distribution over the common range, and against the first side
 * (the reference) per metric which side is better and the findings one has and the other not.
 *
 * @param sides the sides, the reference first
 * @param axis the common time axis
 * @param windows each side's figures, in side order
 * @param verdicts per other side, per metric, its verdict against the reference
 * @param findings per other side, what differs from the reference's findings
 */
public record Comparison(List<CompareSide> sides, Alignment axis, List<SideWindows> windows,
    List<MetricVerdict> verdicts, List<FindingsDiff> findings) {

  /**
   * The findings one side has and the reference has not, and the reverse.
   *
   * @param reference the reference's label
   * @param side the side's label
   * @param onlyReference findings of the reference only
   * @param onlySide findings of the side only
   */
  public record FindingsDiff(String reference, String side, List<Finding> onlyReference, List<Finding> onlySide) {}

  /** Compares the sides named by {@code arguments} (at least two), windows of {@code options.windowS()}. */
  public static Comparison of(List<String> arguments, AnalysisOptions options) {
    if (arguments.size() < 2) {
      throw new JtuneException("compare needs at least two sides (a file, rotated set or directory each)");
    }
    if (arguments.size() > 26) {
      throw new JtuneException("compare takes at most 26 sides");
    }
    List<CompareSide> sides = new ArrayList<>();
    for (int i = 0; i < arguments.size(); i++) {
      String label = String.valueOf((char) ('A' + i));
      try {
        sides.add(CompareSide.read(label, arguments.get(i), options));
      } catch (JtuneException e) {
        throw new JtuneException(label + " (" + arguments.get(i) + "): " + e.getMessage());
      }
    }
    Alignment axis = Alignment.of(sides, options.windowS());
    List<SideWindows> windows = sides.stream().map(s -> new SideWindows(s, axis)).toList();
    List<MetricVerdict> verdicts = new ArrayList<>();
    List<FindingsDiff> findings = new ArrayList<>();
    CompareSide ref = sides.get(0);
    for (int i = 1; i < sides.size(); i++) {
      for (WindowMetric m : WindowMetric.values()) {
        verdicts.add(MetricVerdict.of(m, ref.label(), windows.get(0).series(m), sides.get(i).label(),
            windows.get(i).series(m)));
      }
      findings.add(diff(ref, sides.get(i)));
    }
    return new Comparison(sides, axis, windows, verdicts, findings);
  }

  private static FindingsDiff diff(CompareSide ref, CompareSide side) {
    Map<String, Finding> a = ref.findings();
    Map<String, Finding> b = side.findings();
    return new FindingsDiff(ref.label(), side.label(), without(a, b.keySet()), without(b, a.keySet()));
  }

  private static List<Finding> without(Map<String, Finding> of, Set<String> ids) {
    return of.values().stream().filter(f -> !ids.contains(f.id())).collect(Collectors.toList());
  }
}
