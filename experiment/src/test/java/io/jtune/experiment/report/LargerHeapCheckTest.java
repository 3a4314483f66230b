package io.jtune.experiment.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanReader;
import io.jtune.experiment.run.Experiment;
import io.jtune.experiment.run.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A leak the baseline's GC logs show is settled by a candidate that ran with a larger heap: real
 * runs of the lab's store-bound scenario (testdata/experiments/store-bound), whose -Xmx128m heap
 * fills with a store's bound, against -Xmx448m.
 */
class LargerHeapCheckTest {
  private static final Path DIR = Path.of("../testdata/experiments/store-bound").toAbsolutePath().normalize();
  /** The scenario's own flags, which the lab gives every candidate. */
  private static final List<String> LAB = List.of("-Xms128m", "-Xmx128m");

  private static Plan plan() throws Exception {
    return PlanReader.read(Files.newBufferedReader(DIR.resolve("plan.yaml")), "plan.yaml", DIR);
  }

  @Test
  void everyBaselineRunLooksLikeALeakAndTheLargerHeapRefutesIt() throws Exception {
    Plan p = plan();
    List<RunResult> runs = Experiment.readResults(DIR, p);
    assertThat(runs.stream().filter(r -> r.candidate().equals("baseline")))
        .isNotEmpty().allSatisfy(r -> assertThat(r.gcProblem().code()).isEqualTo("memory-leak"));
    ExperimentReport report = ExperimentReport.of(p, LAB, runs);
    assertThat(report.recommendation().verdict()).isEqualTo(Verdict.ADOPT);
    assertThat(report.recommendation().winner()).isEqualTo("parallel");
    assertThat(report.recommendation().summary()).contains("Not a leak", "128.0 MB", "448.0 MB");
    assertThat(report.recommendation().reasons()).noneMatch(r -> r.contains("JVM flags are not the fix for a leak"));
  }

  @Test
  void withoutARunAtALargerHeapTheLeakVerdictStands() throws Exception {
    Plan p = plan();
    List<RunResult> baseOnly = Experiment.readResults(DIR, p).stream()
        .filter(r -> r.candidate().equals("baseline")).toList();
    assertThat(ExperimentReport.of(p, LAB, baseOnly).recommendation().verdict()).isEqualTo(Verdict.MEMORY_LEAK);
    // a candidate heap less than twice the baseline's settles nothing
    Plan small = p.withCandidates(p.baseline(), p.candidates().stream()
        .map(c -> c.name().equals("parallel") ? Candidate.of(c.name(), List.of("-XX:+UseParallelGC", "-Xmx192m"),
            c.reason()) : c).toList());
    assertThat(LargerHeapCheck.refutation(small, LAB, Experiment.readResults(DIR, p))).isNull();
    assertThat(LargerHeapCheck.maxHeap(LAB, List.of("-Xmx448m"))).isEqualTo(448L << 20);
    assertThat(LargerHeapCheck.maxHeap(List.of(), List.of("-XX:+UseParallelGC"))).isEqualTo(-1);
  }
}
