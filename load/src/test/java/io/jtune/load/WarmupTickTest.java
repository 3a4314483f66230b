package io.jtune.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The warmup's last second is closed at the measured start: a service that answers at once has
 * no warmup request left to answer in the window's first second. The tick once skipped the
 * measured start, and the warmup's whole last second (100 responses here) came to the window as
 * a backlog answered in it.
 */
class WarmupTickTest {
  @Test
  void theWarmupsLastSecondIsNotABacklogOfTheWindow() throws Exception {
    try (TestServers.Running server = TestServers.fixedStatus(200)) {
      LoadPlan plan = LoadPlan.open(List.of(RequestTemplate.get(server.url("/"))), 100, 8, Duration.ofSeconds(2))
          .withWarmup(Duration.ofSeconds(2))
          .withTimeout(Duration.ofSeconds(5))
          .withThreads(1);
      List<Long> warmupResponsesInWindow = new ArrayList<>();
      List<Boolean> intervals = new ArrayList<>();
      LoadProgress progress = new LoadProgress() {
        @Override
        public void onInterval(double elapsedSeconds, boolean warmup, TimelinePoint point) {
          intervals.add(warmup);
        }

        @Override
        public void onWarmupResponses(Histogram responses) {
          warmupResponsesInWindow.add(responses.getTotalCount());
        }
      };
      LoadResult r = LoadRun.execute(plan, progress);

      assertThat(r.errorTotal()).isZero();
      assertThat(intervals).as("two warmup seconds, each closed, then the window's").startsWith(true, true, false);
      assertThat(warmupResponsesInWindow).isNotEmpty();
      // at most the requests in flight at the boundary (8 connections), not the last second's 100
      assertThat(warmupResponsesInWindow.get(0)).isLessThanOrEqualTo(8);
    }
  }
}
