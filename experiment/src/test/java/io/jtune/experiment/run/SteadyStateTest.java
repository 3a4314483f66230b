package io.jtune.experiment.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The steady-state rule on per-second series shaped as a cold JIT's backlog is: the service serves
 * less than offered while its compilers work, drains the backlog faster than the rate once they
 * are done, then serves the rate at a flat p99.
 */
class SteadyStateTest {
  private static final double RATE = 72;

  private static List<SteadyState.Second> series(double[][] rows) {
    List<SteadyState.Second> out = new ArrayList<>();
    for (int i = 0; i < rows.length; i++) {
      out.add(new SteadyState.Second(i + 1, rows[i][0], rows[i][1], rows[i][2], (long) rows[i][3]));
    }
    return out;
  }

  /** The first second at which the rule ends the warm-up, fed one second at a time, or -1. */
  private static int firstEnd(List<SteadyState.Second> s, double rate, SteadyState.End expected) {
    for (int i = 1; i <= s.size(); i++) {
      Optional<SteadyState.End> e = SteadyState.judge(s.subList(0, i), rate);
      if (e.isPresent()) {
        assertThat(e.get()).isEqualTo(expected);
        return i;
      }
    }
    return -1;
  }

  @Test
  void aColdBacklogIsNotSteadyUntilItHasDrainedAndTheJitIsDone() {
    List<double[]> rows = new ArrayList<>();
    for (int i = 0; i < 10; i++) { // interpreted: 26 of 72 req/s, compilers busy, a queue growing
      rows.add(new double[] {26, 2000 + 1000 * i, 600, 40});
    }
    for (int i = 0; i < 6; i++) { // compiled: the backlog drains at twice the rate
      rows.add(new double[] {150, 12000 - 2000 * i, 200, 10});
    }
    for (int i = 0; i < 10; i++) { // steady: the rate, p99 tens of ms, the compilers idle
      rows.add(new double[] {RATE + (i % 3 - 1) * 3, 20 + (i % 4) * 5, 5, 1});
    }
    int end = firstEnd(series(rows.toArray(double[][]::new)), RATE, SteadyState.End.STEADY);
    // the six seconds judged are the steady ones: 16 cold and draining seconds, then 6 steady
    assertThat(end).isEqualTo(22);
  }

  @Test
  void aThroughputAtTheRateWithTheJitStillCompilingIsNotSteady() {
    List<double[]> rows = new ArrayList<>();
    for (int i = 0; i < 12; i++) { // served, but C2 spends most of a core compiling
      rows.add(new double[] {RATE, 30, 700, 30});
    }
    assertThat(firstEnd(series(rows.toArray(double[][]::new)), RATE, SteadyState.End.STEADY)).isEqualTo(-1);
  }

  @Test
  void aRisingP99IsAQueueNotASteadyState() {
    List<double[]> rows = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      rows.add(new double[] {RATE, 50 * (i + 1), 0, 0});
    }
    assertThat(firstEnd(series(rows.toArray(double[][]::new)), RATE, SteadyState.End.STEADY)).isEqualTo(-1);
  }

  @Test
  void aStableShortfallWithTheJitDoneIsSaturationAfterTwoWindows() {
    List<double[]> rows = new ArrayList<>();
    for (int i = 0; i < 20; i++) { // 50 of 72 req/s, nothing left to compile: more time serves no more
      rows.add(new double[] {50 + (i % 2), 1000 * (i + 1), 0, 0});
    }
    int end = firstEnd(series(rows.toArray(double[][]::new)), RATE, SteadyState.End.SATURATED);
    assertThat(end).isEqualTo(2 * SteadyState.WINDOW_S);
  }

  @Test
  void fullGcPausesThatComeAndGoAreSteady() {
    // a Full GC every 2-3 s: the second with the pause serves fewer and its p99 is the pause, the next catches up
    double[][] rows = {
        {150, 8, 5, 1}, {110, 250, 5, 1}, {190, 9, 5, 1}, {150, 8, 5, 1}, {120, 300, 5, 1}, {180, 10, 5, 1}};
    assertThat(SteadyState.kendallTau(series(rows))).isBetween(-0.6, 0.6);
    assertThat(firstEnd(series(rows), 150, SteadyState.End.STEADY)).isEqualTo(SteadyState.WINDOW_S);
  }

  @Test
  void withoutTheJitsCountersThroughputAndLatencyDecide() {
    List<double[]> rows = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      rows.add(new double[] {100 + (i % 2) * 4, 3 + (i % 2), Double.NaN, -1});
    }
    // the closed model: no rate offered, the throughput's own spread
    assertThat(firstEnd(series(rows.toArray(double[][]::new)), 0, SteadyState.End.STEADY))
        .isEqualTo(SteadyState.WINDOW_S);
  }
}
