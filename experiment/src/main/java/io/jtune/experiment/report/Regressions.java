package io.jtune.experiment.report;

import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.report.ExperimentReport.CandidateReport;
import io.jtune.experiment.report.ExperimentReport.LevelReport;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * What a tried candidate made significantly worse: a metric of {@link ServiceGain#MUST_NOT_REGRESS}
 * (latency, throughput, errors, Full GCs, GC share) or CPU (unless throughput rose significantly:
 * serving more costs more) whose 95 % interval lies wholly on the bad side. The recommendation
 * and the summary name them, whatever the verdict: a candidate that made p95 ten times worse is
 * not only "not settled" on its p99 goal.
 */
public final class Regressions {
  /** One metric a candidate made significantly worse at one level. */
  public record Regression(String candidate, String level, Metric metric, Delta delta) {
    /** "p95 +920% [+17%, +8774%]". */
    public String change() {
      return metric.key() + " " + ExperimentText.change(delta);
    }
  }

  private Regressions() {}

  /** Every significant regression of every candidate at every level, in level and candidate order. */
  public static List<Regression> of(List<LevelReport> levels) {
    return judged(levels, (d, m) -> d.worse(m));
  }

  /**
   * Every significant change, better or worse, of a tried candidate in the same metrics that is
   * within its practical floor ({@link PracticalFloor}): no practical difference, neither a
   * regression nor a gain.
   */
  public static List<Regression> withinFloor(List<LevelReport> levels) {
    return judged(levels, (d, m) -> d.negligible(m));
  }

  private static List<Regression> judged(List<LevelReport> levels, BiPredicate<Delta, Metric> keep) {
    List<Regression> out = new ArrayList<>();
    for (LevelReport l : levels) {
      for (CandidateReport c : l.candidates()) {
        if (c.baseline() || c.okRuns() == 0) {
          continue;
        }
        List<Metric> metrics = new ArrayList<>(ServiceGain.MUST_NOT_REGRESS);
        if (!significant(c, Metric.THROUGHPUT, false)) {
          metrics.add(Metric.CPU);
        }
        for (Metric m : metrics) {
          Delta d = c.deltas().get(m);
          if (d != null && keep.test(d, m)) {
            out.add(new Regression(c.candidate().name(), l.level().name(), m, d));
          }
        }
      }
    }
    return out;
  }

  /** The regressions of one candidate. */
  static List<Regression> of(List<LevelReport> levels, String candidate) {
    return of(levels).stream().filter(r -> r.candidate().equals(candidate)).toList();
  }

  /**
   * "Candidate b made things worse: p95 +920% [+17%, +8774%], cpu +18% [+7%, +31%] at high" per
   * candidate, joined with "; ", or "" when no candidate regressed significantly.
   */
  public static String text(List<Regression> regressions) {
    return perCandidate(regressions, rs -> " made things worse: " + atLevels(rs));
  }

  /**
   * "Candidate b: p50 +0.1% [+0.0%, +0.1%] at high (within the 2 % floor): no practical difference"
   * per candidate, joined with "; ", or "" when there is none.
   */
  public static String withinFloorText(List<Regression> negligible) {
    String each = perCandidate(negligible, rs -> ": " + rs.stream().map(r -> r.change() + " at " + r.level() + " ("
        + PracticalFloor.of(r.metric()).within(r.delta()) + ")").collect(Collectors.joining(", ")));
    return each.isEmpty() ? "" : each + ": no practical difference";
  }

  /** "Candidate b" and {@code words} of its changes, per candidate in order, joined with "; ". */
  private static String perCandidate(List<Regression> changes, Function<List<Regression>, String> words) {
    Map<String, List<Regression>> byCandidate = changes.stream()
        .collect(Collectors.groupingBy(Regression::candidate, LinkedHashMap::new, Collectors.toList()));
    List<String> parts = new ArrayList<>();
    byCandidate.forEach((c, rs) -> parts.add((parts.isEmpty() ? "Candidate " : "candidate ") + c + words.apply(rs)));
    return String.join("; ", parts);
  }

  /** "p95 +920% [+17%, +8774%], cpu +18% [+7%, +31%] at high" (grouped by level). */
  static String atLevels(List<Regression> rs) {
    Map<String, List<Regression>> byLevel = rs.stream()
        .collect(Collectors.groupingBy(Regression::level, LinkedHashMap::new, Collectors.toList()));
    List<String> parts = new ArrayList<>();
    byLevel.forEach((l, at) -> parts.add(at.stream().map(Regression::change).collect(Collectors.joining(", "))
        + " at " + l));
    return String.join(" and ", parts);
  }

  private static boolean significant(CandidateReport c, Metric m, boolean worse) {
    Delta d = c.deltas().get(m);
    return d != null && (worse ? d.worse(m) : d.better(m));
  }
}
