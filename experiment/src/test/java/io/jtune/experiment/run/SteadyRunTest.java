package io.jtune.experiment.run;

import org.junit.jupiter.api.extension.ExtendWith;
import io.jtune.experiment.UsesLabJar;
import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.LevelRequest;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanWriter;
import io.jtune.experiment.plan.ServiceSpec;
import io.jtune.experiment.report.ExperimentReport;
import io.jtune.experiment.report.ExperimentText;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One run's validity against the real lab: a warm-up that goes on until the service is steady
 * (its JIT time read from the JVM's own counters), and a rate above what the service serves
 * reported as overload, with the capacity it served.
 */
@ExtendWith(UsesLabJar.class)
class SteadyRunTest {
  @TempDir Path dir;

  @Test
  void theWarmupEndsWhenSteadyAndAnOverloadedRunSaysItsLatenciesAreAQueue() throws Exception {
    // steady: 40 req/s of 1 ms of CPU, far below what 2 cores serve, its warm-up at least 1 s and at most 60 s;
    // overloaded: 400 req/s of 20 ms of CPU each, four times what 2 cores serve (a fixed 1 s warm-up: its
    // window is the point)
    // (a plan of the baseline alone, as the tune session's baseline run is)
    Duration warmup = Duration.ofSeconds(1);
    Level lightLevel = new Level("light", 40, 16, List.of("/work?cpu=1"), warmup, Duration.ofSeconds(2),
        Duration.ofSeconds(10), Map.of(), 0, LevelRequest.GET, null, Duration.ofSeconds(60));
    Level overLevel = new Level("over", 400, 40, List.of("/work?cpu=20"), warmup, Duration.ofSeconds(2),
        Duration.ofSeconds(10), Map.of(), 0, LevelRequest.GET, null, warmup);
    Plan p = new Plan("steady", ServiceSpec.lab("api"), "a", List.of(Candidate.of("a", List.of(), "")),
        List.of(lightLevel, overLevel), 1, Plan.Order.SEQUENTIAL, Duration.ZERO, null);
    String yaml = new PlanWriter().write(p);
    List<RunResult> results = Experiment.prepare(p, yaml, dir, new Experiment.Options(false, true, false), null)
        .run();
    assertThat(results).hasSize(2).allMatch(RunResult::ok);

    RunResult.Steadiness light = results.get(0).steadiness();
    // judged over 6 seconds of warm-up, well before the ceiling
    assertThat(light.warmupEnded()).as("%s", light).isEqualTo("steady");
    assertThat(light.warmupS()).isBetween(5.0, 59.0);
    assertThat(light.warmup()).hasSizeGreaterThanOrEqualTo(6);
    assertThat(light.warmup().get(light.warmup().size() - 1).t()).isEqualTo(light.warmupS());
    // the JIT's time per second, from the target's HotSpot counters
    assertThat(light.warmup()).allMatch(s -> s.jitMs() != null && s.jitMs() >= 0);
    assertThat(light.window()).hasSizeBetween(2, 3);
    assertThat(light.overloaded()).isFalse();
    assertThat(light.offeredRps()).isEqualTo(40.0);

    RunResult.Steadiness over = results.get(1).steadiness();
    assertThat(over.warmupEnded()).isEqualTo("fixed");
    assertThat(over.overloaded()).isTrue();
    assertThat(over.servedRps()).isLessThan(0.9 * 400);
    StringWriter text = new StringWriter();
    ExperimentText.text(ExperimentReport.of(p, List.of(), results), new PrintWriter(text));
    assertThat(text.toString())
        .contains("Warm-up: ", "steady in 1 of 1 runs")
        .contains("overloaded at 400 req/s: a served ", "these latencies are a queue", "what limits it: ")
        .contains("The baseline is overloaded at 400 req/s (capacity about ");
  }
}
