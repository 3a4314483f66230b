package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanReader;
import io.jtune.experiment.report.ExperimentReport;
import io.jtune.experiment.run.Experiment;
import io.jtune.experiment.suggest.GoalsForProblem;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * tune's closing "Summary:" line names a tried candidate that made things significantly worse,
 * not only the verdict. Recorded runs (testdata/experiments/heap-too-small) read the other way
 * round: -Xmx448m as the baseline, -Xmx176m the candidate tried.
 */
class TuneSummaryTest {
  @Test
  void theSummaryLineNamesACandidateThatMadeThingsWorse() throws Exception {
    Path dir = CliRun.testdataFile("experiments/heap-too-small");
    Plan p = PlanReader.read(Files.newBufferedReader(dir.resolve("plan.yaml")), "plan.yaml", dir);
    Plan swapped = p.withCandidates("heap-448m", p.candidates());
    var goals = GoalsForProblem.of("heap-too-small", true).orElseThrow();
    swapped = swapped.withLevels(swapped.levels().stream().map((Level l) -> l.withGoals(goals)).toList());
    ExperimentReport report = ExperimentReport.of(swapped, List.of(), Experiment.readResults(dir, swapped));
    StringWriter out = new StringWriter();
    new TunePrinter(new PrintWriter(out), new PrintWriter(new StringWriter()))
        .verdict(report, swapped, List.of(dir.resolve("experiment.json")), dir.resolve("runs"), dir.resolve("gc.html"));
    String summary = out.toString().lines().filter(l -> l.startsWith("Summary: ")).findFirst().orElseThrow();
    assertThat(summary).startsWith("Summary: verdict " + report.recommendation().verdict().key()
        + "; candidate base made things worse: ").containsPattern("p99 \\+\\d+% \\[\\+\\d+%, \\+\\d+%\\]")
        .containsPattern("throughputRps -\\d+% \\[-\\d+%, -\\d+%\\]").endsWith(" at high");
  }
}
