package io.jtune.experiment.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.LevelRequest;
import io.jtune.load.TimelinePoint;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A warm-up whose open-model rate ramps up from 0: the steady-state rule judges only the seconds
 * after the ramp (while the rate still grows the service is not steady at it, however close the
 * last seconds of the ramp come), and the run's record says it was ramped.
 */
class RampedWarmupTest {
  private static final double RATE = 100;
  private static final int RAMP_S = 8;

  /** The first second at which the watch ends the warm-up of a service that serves what the ramp sends, or -1. */
  private static int firstEnd(WarmupWatch w) {
    for (int t = 1; t <= 40; t++) {
      // due in second t of a linear ramp over U seconds: r (t^2 - (t-1)^2) / 2U; then the rate
      double rps = t <= RAMP_S ? RATE * (t * t - (t - 1) * (t - 1)) / (2.0 * RAMP_S) : RATE;
      if (w.warmupSecond(new TimelinePoint(t, Math.round(rps), rps, 20, 0))) {
        return t;
      }
    }
    return -1;
  }

  private static Level level(Duration rampUp) {
    // a JVM that is not there (pid -1): its JIT time unknown, the rule goes on with throughput and p99
    return new Level("ramped", RATE, 16, List.of("/"), Duration.ofSeconds(1), Duration.ofSeconds(5),
        Duration.ofSeconds(10), Map.of(), 0, LevelRequest.GET, null, Duration.ofSeconds(40), rampUp);
  }

  @Test
  void theRampsSecondsAreNotJudged() {
    WarmupWatch ramped = new WarmupWatch(level(Duration.ofSeconds(RAMP_S)), -1);
    // the six seconds after the ramp, 9 to 14
    assertThat(firstEnd(ramped)).isEqualTo(RAMP_S + SteadyState.WINDOW_S);
    assertThat(ramped.afterRamp()).hasSize(SteadyState.WINDOW_S)
        .allMatch(s -> s.t() > RAMP_S && s.rps() == RATE);
    ramped.measureStarted();
    RunResult.Steadiness st = ramped.result(RATE);
    assertThat(st.rampUpS()).isEqualTo(RAMP_S);
    assertThat(st.warmupEnded()).isEqualTo("steady");
    assertThat(st.warmupS()).isEqualTo(RAMP_S + SteadyState.WINDOW_S);

    // the same series judged as if the full rate had been offered from the start: the ramp's last
    // seconds (81, 94 req/s) come within the rule's spread, and it would end two seconds early
    WarmupWatch plain = new WarmupWatch(level(Duration.ZERO), -1);
    assertThat(firstEnd(plain)).isEqualTo(12);
    plain.measureStarted();
    assertThat(plain.result(RATE).rampUpS()).isNull();
  }

  @Test
  void aClosedModelOrARampBeyondTheCeilingIsBounded() {
    Level closed = new Level("closed", 0, 8, List.of("/"), Duration.ofSeconds(1), Duration.ofSeconds(5),
        Duration.ofSeconds(10), Map.of(), 0, LevelRequest.GET, null, Duration.ofSeconds(40), Duration.ofSeconds(8));
    assertThat(closed.ramped()).isFalse();
    assertThat(level(Duration.ofSeconds(90)).rampUp()).isEqualTo(Duration.ofSeconds(40));
  }
}
