package io.jtune.experiment.report;

import io.jtune.experiment.run.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A level's per-endpoint figures for each candidate, from its successful runs: mean throughput,
 * mean p50 and p99 latency over the runs, and the errors of all of them. Empty when the level's
 * load had one endpoint.
 */
public final class EndpointTable {
  private EndpointTable() {}

  /**
   * One endpoint of one candidate.
   *
   * @param endpoint {@code METHOD PATH}
   * @param candidate the candidate's name
   * @param runs successful runs that measured it
   * @param throughputRps mean over the runs
   * @param p50Ms mean over the runs
   * @param p99Ms mean over the runs
   * @param errors all the runs' errors
   */
  public record Row(String endpoint, String candidate, int runs, double throughputRps, double p50Ms, double p99Ms,
      long errors) {}

  /** The rows of {@code level}: endpoints in the order the runs first name them, each with every candidate in order. */
  public static List<Row> of(ExperimentReport r, ExperimentReport.LevelReport level) {
    String name = level.level().name();
    Map<String, Map<String, List<RunResult.EndpointSeen>>> byEndpoint = new LinkedHashMap<>();
    for (ExperimentReport.CandidateReport c : level.candidates()) {
      String cand = c.candidate().name();
      for (RunResult run : r.runs()) {
        if (!run.ok() || !run.level().equals(name) || !run.candidate().equals(cand) || run.endpoints() == null) {
          continue;
        }
        for (RunResult.EndpointSeen e : run.endpoints()) {
          byEndpoint.computeIfAbsent(e.name(), k -> new LinkedHashMap<>())
              .computeIfAbsent(cand, k -> new ArrayList<>()).add(e);
        }
      }
    }
    List<Row> rows = new ArrayList<>();
    byEndpoint.forEach((endpoint, byCandidate) -> byCandidate.forEach((cand, seen) -> rows.add(new Row(endpoint, cand,
        seen.size(), seen.stream().mapToDouble(RunResult.EndpointSeen::throughputRps).average().orElse(0),
        seen.stream().mapToDouble(RunResult.EndpointSeen::p50Ms).average().orElse(0),
        seen.stream().mapToDouble(RunResult.EndpointSeen::p99Ms).average().orElse(0),
        seen.stream().mapToLong(RunResult.EndpointSeen::errors).sum()))));
    return rows;
  }
}
