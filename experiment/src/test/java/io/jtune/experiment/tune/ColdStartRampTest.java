package io.jtune.experiment.tune;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.common.format.Json;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.LevelRequest;
import io.jtune.experiment.run.RunResult;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The ramp-up a cold start asks for, on recorded runs of the lab's jit-warmup scenario
 * (testdata/experiments/jit-warmup-overload): its first baseline, hit at 600 req/s cold, answered
 * 0-17 req/s in its first 5 s; the later runs at 199 req/s ramp up over the shortest ramp whose
 * requests that run would have answered as they came. A run steady at the full rate, or a fixed
 * warm-up, gets none.
 */
class ColdStartRampTest {
  static final Path RUNS = Path.of("../testdata/experiments/jit-warmup-overload").toAbsolutePath().normalize();

  static RunResult run(String dir) throws Exception {
    return Json.mapper().readValue(RUNS.resolve(dir).resolve("result.json").toFile(), RunResult.class);
  }

  private static Level level(double rate, Duration ceiling) {
    return new Level("high", rate, 32, List.of("/scenario"), Duration.ofSeconds(3), Duration.ofSeconds(6),
        Duration.ofSeconds(10), Map.of(), 0, LevelRequest.GET, null, ceiling);
  }

  @Test
  void aColdFirstRunRampsTheLaterRunsUpOverWhatItCouldServe() throws Exception {
    RunResult cold = run("baseline");
    assertThat(cold.steadiness().warmupEnded()).isEqualTo("ceiling");

    ColdStartRamp at199 = ColdStartRamp.of(cold, level(199, Duration.ofSeconds(20)));
    assertThat(at199.ramps()).isTrue();
    assertThat(at199.rampUp()).isEqualTo(Duration.ofSeconds(19));
    assertThat(at199.capped()).isFalse();
    // the ramp's seconds are not judged: six more for the rule, six for a backlog the ramp left
    assertThat(at199.ceiling()).isEqualTo(Duration.ofSeconds(31));
    assertThat(at199.coldRps()).isLessThan(10);
    // a second shorter and the ramp would send more than the cold service had answered by some second plus one
    // second's worth: what it answered by each second of the recorded warm-up, against the ramp's requests
    List<RunResult.SecondSeen> s = cold.steadiness().warmup();
    double answered = 0;
    boolean over18 = false;
    for (RunResult.SecondSeen x : s) {
      answered += x.rps();
      double t = x.t();
      assertThat(t < 19 ? 199 * t * t / 38 : 199 * (t - 9.5)).as("t=%s", t).isLessThanOrEqualTo(answered + 199);
      over18 |= (t < 18 ? 199 * t * t / 36 : 199 * (t - 9)) > answered + 199;
    }
    assertThat(over18).isTrue();

    // a lower rate needs a shorter ramp; the full rate more than the first run's 20 s ceiling allows
    assertThat(ColdStartRamp.of(cold, level(100, Duration.ofSeconds(20))).rampUp()).isLessThan(at199.rampUp());
    ColdStartRamp at600 = ColdStartRamp.of(cold, level(600, Duration.ofSeconds(20)));
    assertThat(at600.capped()).isTrue();
    assertThat(at600.rampUp()).isEqualTo(Duration.ofSeconds(20));

    Level ramped = at199.applied(level(199, Duration.ofSeconds(20)));
    assertThat(ramped.rampUp()).isEqualTo(Duration.ofSeconds(19));
    assertThat(ramped.maxWarmup()).isEqualTo(Duration.ofSeconds(31));
    assertThat(at199.words(199, Duration.ofSeconds(20)))
        .contains("each run now ramps the rate from 0 to 199 req/s over its first 19 s")
        .contains("the warm-up's ceiling is raised from 20 s to 31 s");
  }

  @Test
  void aServiceSteadyAtTheFullRateOrAFixedWarmupKeepsItsWarmup() throws Exception {
    RunResult steady = run("ramped");
    assertThat(steady.steadiness().warmupEnded()).isEqualTo("steady");
    Level l = level(199, Duration.ofSeconds(60));
    assertThat(ColdStartRamp.of(steady, l).ramps()).isFalse();
    assertThat(ColdStartRamp.of(steady, l).applied(l)).isEqualTo(l);
    // a fixed warm-up (its ceiling the warm-up) measures as the plan says
    RunResult cold = run("baseline");
    RunResult fixed = cold.withSteadiness(new RunResult.Steadiness(3, "fixed", 3, 3, cold.steadiness().warmup(),
        cold.steadiness().window(), 600.0, 221, true, null, null));
    assertThat(ColdStartRamp.of(fixed, l).ramps()).isFalse();
    // the closed model has no rate to ramp
    assertThat(ColdStartRamp.of(cold, level(0, Duration.ofSeconds(20))).ramps()).isFalse();
  }
  @Test
  void theBudgetCountsARampedRunUpToItsRaisedCeiling() throws Exception {
    RunResult cold = run("baseline");
    Level plain = level(199, Duration.ofSeconds(20));
    Level ramped = ColdStartRamp.of(cold, plain).applied(plain);
    // the first run (no ramp) took its 20 s ceiling, its 6 s window and the start and stop
    Duration measured = Duration.ofSeconds(20 + 6).plus(BaselineRuns.START_STOP);
    Duration pause = Duration.ofSeconds(1);
    assertThat(TuneSession.perRun(measured, pause, List.of(plain))).isEqualTo(measured.plus(pause));
    // a ramped run may run to its raised ceiling (31 s) before its window
    assertThat(TuneSession.perRun(measured, pause, List.of(ramped)))
        .isEqualTo(Duration.ofSeconds(31 + 6).plus(BaselineRuns.START_STOP).plus(pause));
    // a baseline measured longer than that is kept
    Duration longer = Duration.ofSeconds(60);
    assertThat(TuneSession.perRun(longer, pause, List.of(ramped))).isEqualTo(longer.plus(pause));
  }
}
