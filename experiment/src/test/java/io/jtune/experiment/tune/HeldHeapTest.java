package io.jtune.experiment.tune;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.common.format.Json;
import io.jtune.experiment.plan.Goal;
import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.run.RunResult;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.analysis.GcAnalyzer;
import io.jtune.gc.facts.AnalysisOptions;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * What a smaller heap can show in the resident set, on the recorded baseline of Apache Tomcat 11
 * left at the JVM's defaults (testdata/experiments/tomcat-default-heap: G1, a largest heap of
 * 6,028 MB, 2,500 req/s): the JVM grew its heap to 468 MB and its peak RSS was 428 MB, so a heap of
 * 2 GB gives back nothing it held, and the check may not ask the resident set to drop by half of
 * the 4 GB between 6,028 and 2,048 MB (that asked for -465 %).
 */
class HeldHeapTest {
  static final Path RUN = Path.of("../testdata/experiments/tomcat-default-heap/baseline/runs/high-baseline-r1")
      .toAbsolutePath().normalize();

  private static Baseline baseline() throws Exception {
    RunResult run = Json.mapper().readValue(RUN.resolve("result.json").toFile(), RunResult.class);
    Analysis a = GcAnalyzer.analyze(RUN.resolve("gc.log.gz").toString(), AnalysisOptions.DEFAULTS, e -> true);
    return new Baseline(run, a, RUN.resolve("gc.log.gz"), null, null, null, null, 0, null);
  }

  @Test
  void theResidentSetIsAskedToShowOnlyTheHeapTheServiceHeld() throws Exception {
    Baseline base = baseline();
    double rss = base.run().metrics().get(Metric.RSS.key());
    long held = FootprintStep.heldHeapMb(base, 6028);
    // the largest capacity in its GC log, far below its largest heap
    assertThat(held).isBetween(400L, 600L);
    assertThat(FootprintStep.heldHeapMb(base, 256)).isEqualTo(256); // a heap below what it held: the heap itself

    // 2 GB is above what it held: nothing for the resident set to show
    assertThat(FootprintStep.smallerResidentSet(base, 2048, held)).isNull();
    // 128 MB gives back what it held above that: half of it, of the baseline's resident set
    Goal g = FootprintStep.smallerResidentSet(base, 128, held);
    assertThat(g.metric()).isEqualTo(Metric.RSS);
    assertThat(g.kind()).isEqualTo(Goal.Kind.RELATIVE);
    assertThat(-g.value()).isEqualTo(Math.floor(50.0 * (held - 128) / rss)).isBetween(20.0, 60.0);
  }
}
