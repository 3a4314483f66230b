package io.jtune.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class RequestSampleTest {
  @Test
  void aFullSampleKeepsEveryOtherEntryAndThenEveryOtherCompletion() {
    RequestSample s = new RequestSample(4);
    for (int i = 0; i <= 12; i++) {
      s.record(i * 1000L, 7_000);
    }
    // 0..3 fill it; 4 halves it to 0, 2 (stride 2); 6 fills it; 8 halves it to 0, 4 (stride 4); 12 is next
    assertThat(s.stride()).isEqualTo(4);
    assertThat(s.count()).isEqualTo(4);
    for (int i = 0; i < 4; i++) {
      assertThat(s.startNanos(i)).isEqualTo(i * 4 * 1000L);
      assertThat(s.latencyMicros(i)).isEqualTo(7);
    }
  }

  @Test
  void mergedLoopsShareOneStrideAndTheWallClockOfTheStart() {
    RequestSample a = new RequestSample(4);
    RequestSample b = new RequestSample(4);
    for (int i = 0; i < 6; i++) {
      a.record(i * 1_000_000L, 2_000_000);
    }
    b.record(5_000_000L, 1_000);
    Instant start = Instant.ofEpochSecond(1_700_000_000L, 123_456_000);
    RequestSpans spans = RequestSpans.merge(List.of(a, b), start);
    assertThat(spans.stride()).isEqualTo(2);
    // a kept 0, 2, 4 (stride 2); b, thinned to stride 2, keeps its first (and only) entry
    assertThat(spans.size()).isEqualTo(4);
    assertThat(spans.startEpochMicros(3)).isEqualTo(1_700_000_000L * 1_000_000 + 123_456 + 5_000);
    long base = 1_700_000_000L * 1_000_000 + 123_456;
    assertThat(spans.startEpochMicros(1)).isEqualTo(base + 2_000);
    assertThat(spans.endEpochMicros(1)).isEqualTo(base + 2_000 + 2_000);
  }
}
