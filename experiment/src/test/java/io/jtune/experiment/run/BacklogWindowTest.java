package io.jtune.experiment.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.LevelRequest;
import io.jtune.load.LatencySummary;
import io.jtune.load.LoadResult;
import io.jtune.load.TimelinePoint;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * A window none of whose requests got an answer: an overload with its capacity when the service
 * answered the warm-up's queued requests through it, a failed run when it answered nothing (or
 * errors only), or when it was still catching up at the offered rate or faster.
 */
class BacklogWindowTest {
  private static final Duration TWO_S = Duration.ofSeconds(2);

  private static Level level(double rate) {
    // a fixed 2 s warm-up (its ceiling the same), 2 s measured
    return new Level("high", rate, 32, List.of("/scenario"), TWO_S, TWO_S, Duration.ofSeconds(10), Map.of(), 0,
        LevelRequest.GET, null, TWO_S);
  }

  /**
   * What the load reports of a window whose requests got no answer at all, the service answering
   * {@code servedRps} of the warm-up's requests a second through it: those are its throughput.
   */
  private static LoadResult noAnswer(Level level, long servedRps) {
    LatencySummary none = LatencySummary.of(new Histogram(3));
    return new LoadResult(LevelLoad.loadPlan(level, URI.create("http://127.0.0.1:1/")), Instant.now(), 2.0, 0, 0,
        servedRps, none, none, Map.of(), List.of(), 34_000, null, List.of(), 2 * servedRps);
  }

  /**
   * A watch fed two warm-up seconds of {@code warmRps} responses ({@code warmErrors} of them
   * errors each second), then two window seconds answering {@code backlogRps} of the warm-up's
   * requests, queued {@code queuedMs}, and none of the window's own.
   */
  private static WarmupWatch watched(Level level, long warmRps, long warmErrors, long backlogRps, long queuedMs) {
    WarmupWatch w = new WarmupWatch(level, ProcessHandle.current().pid());
    for (int s = 1; s <= 2; s++) {
      assertThat(w.warmupSecond(new TimelinePoint(s, warmRps, warmRps, 900, warmErrors))).isFalse();
    }
    w.measureStarted();
    for (int s = 1; s <= 2; s++) {
      Histogram h = new Histogram(3);
      for (int i = 0; i < backlogRps; i++) {
        h.recordValue((queuedMs + i) * 1_000_000L);
      }
      w.warmupResponses(h);
      w.windowSecond(new TimelinePoint(s, 0, 0, 0, 0));
    }
    return w;
  }

  @Test
  void aWindowSpentOnTheWarmupsQueueIsAnOverloadWithTheCapacityServed() {
    Level l = level(240);
    BacklogWindow b = BacklogWindow.of(noAnswer(l, 100), l, watched(l, 90, 0, 100, 30_000));
    assertThat(b).isNotNull();
    assertThat(b.failure()).isNull();
    assertThat(b.steadiness().overloaded()).isTrue();
    assertThat(b.steadiness().windowUnanswered()).isTrue();
    assertThat(b.steadiness().servedRps()).isEqualTo(100.0);
    assertThat(b.steadiness().offeredRps()).isEqualTo(240.0);
    // the run's figures are the queued requests' it answered: their latency is the queue's
    assertThat(b.load().throughputRps()).isEqualTo(100.0);
    assertThat(b.load().requests()).isEqualTo(200);
    assertThat(b.load().latencyMs().p50()).isBetween(30_000.0, 30_200.0);
  }

  @Test
  void aServiceThatAnsweredNothingOrOnlyErrorsStaysAFailure() {
    Level l = level(240);
    // nothing answered in the warm-up or the window: a dead service
    assertThat(BacklogWindow.of(noAnswer(l, 0), l, watched(l, 0, 0, 0, 0))).isNull();
    // the warm-up's answers all errors: not a service at its capacity
    assertThat(BacklogWindow.of(noAnswer(l, 40), l, watched(l, 50, 50, 40, 1_000))).isNull();
    // it served, then hung: nothing in the window's two seconds, one late answer as the load drained
    WarmupWatch hung = new WarmupWatch(l, ProcessHandle.current().pid());
    hung.warmupSecond(new TimelinePoint(1, 90, 90, 900, 0));
    hung.warmupSecond(new TimelinePoint(2, 90, 90, 900, 0));
    hung.measureStarted();
    hung.warmupResponses(new Histogram(3));
    hung.windowSecond(new TimelinePoint(1, 0, 0, 0, 0));
    hung.warmupResponses(new Histogram(3));
    hung.windowSecond(new TimelinePoint(2, 0, 0, 0, 0));
    Histogram one = new Histogram(3);
    one.recordValue(9_000_000_000L);
    hung.warmupResponses(one);
    hung.windowSecond(new TimelinePoint(3, 0, 0, 0, 0));
    assertThat(BacklogWindow.of(noAnswer(l, 0), l, hung)).isNull();
    // the closed model offers no rate to be above
    Level closed = new Level("c", 0, 8, List.of("/scenario"), TWO_S, TWO_S, Duration.ofSeconds(10), Map.of(), 0,
        LevelRequest.GET, null, TWO_S);
    assertThat(BacklogWindow.of(noAnswer(closed, 100), closed, watched(closed, 90, 0, 100, 30_000))).isNull();
  }

  @Test
  void aBacklogDrainedFasterThanOfferedIsAWarmupTooShortNotAnOverload() {
    Level l = level(65);
    BacklogWindow b = BacklogWindow.of(noAnswer(l, 150), l, watched(l, 20, 0, 150, 20_000));
    assertThat(b).isNotNull();
    assertThat(b.load()).isNull();
    assertThat(b.failure()).contains("still catching up", "150 req/s served, 65 offered", "--max-warmup");
  }
}
