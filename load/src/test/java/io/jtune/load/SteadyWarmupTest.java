package io.jtune.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A warm-up judged by its progress: the plan's warm-up is only its ceiling, and the measured
 * window starts the second the progress says the warm-up is over, lasting as planned.
 */
class SteadyWarmupTest {
  @Test
  void theWindowStartsWhenTheWarmupIsJudgedOverNotAtItsCeiling() throws Exception {
    try (TestServers.Running server = TestServers.fixedStatus(200)) {
      List<TimelinePoint> warm = new ArrayList<>();
      List<Double> measureStarts = new ArrayList<>();
      LoadProgress judge = new LoadProgress() {
        @Override
        public void onInterval(double elapsedSeconds, boolean warmup, TimelinePoint point) {}

        @Override
        public boolean warmedUp(TimelinePoint second) {
          warm.add(second);
          return warm.size() == 2;
        }

        @Override
        public void onMeasureStart() {
          measureStarts.add(warm.isEmpty() ? 0 : warm.get(warm.size() - 1).second());
        }
      };
      // a 10-minute ceiling: the run ends in seconds only if the judged end moved the window
      LoadPlan plan = LoadPlan.open(List.of(RequestTemplate.get(server.url("/"))), 100, 8, Duration.ofSeconds(2))
          .withWarmup(Duration.ofMinutes(10));
      long t0 = System.nanoTime();
      LoadResult r = LoadRun.execute(plan, judge);
      double took = (System.nanoTime() - t0) / 1e9;

      assertThat(took).as("the run's wall time, s").isLessThan(120);
      assertThat(warm).hasSize(2);
      // each warm-up second reports its responses: 100 req/s on schedule, from the load's start
      assertThat(warm.get(0).second()).isLessThan(warm.get(1).second());
      assertThat(warm.get(1).requests()).isPositive();
      assertThat(measureStarts).hasSize(1);
      // the window as planned: 2 s of a fixed schedule at 100 req/s, every request answered
      assertThat(r.measuredSeconds()).isEqualTo(2.0);
      assertThat(r.requests()).isBetween(199L, 201L);
      assertThat(r.errorTotal()).isZero();
      assertThat(r.timeline()).hasSizeBetween(2, 3);
    }
  }

  @Test
  void withoutAJudgeTheWarmupLastsAsPlanned() throws Exception {
    try (TestServers.Running server = TestServers.fixedStatus(200)) {
      List<TimelinePoint> warm = new ArrayList<>();
      LoadProgress never = new LoadProgress() {
        @Override
        public void onInterval(double elapsedSeconds, boolean warmup, TimelinePoint point) {}

        @Override
        public boolean warmedUp(TimelinePoint second) {
          warm.add(second);
          return false;
        }
      };
      LoadPlan plan = LoadPlan.open(List.of(RequestTemplate.get(server.url("/"))), 100, 8, Duration.ofSeconds(1))
          .withWarmup(Duration.ofSeconds(2));
      LoadResult r = LoadRun.execute(plan, never);
      // asked after each whole warm-up second with more than a second left before the ceiling: at most once here
      assertThat(warm.size()).isLessThanOrEqualTo(1);
      assertThat(r.requests()).isBetween(99L, 101L);
    }
  }
}
