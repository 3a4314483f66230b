package io.jtune.experiment.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jtune.common.JtuneException;
import io.jtune.experiment.plan.Metric;
import org.junit.jupiter.api.Test;

/** The search's option texts: parameter values and ranges, the SLO, the objective; each bad text one line. */
class SearchOptionsParsingTest {
  @Test
  void aListKeepsItsOrderAndARangeDoublesUpToItsEnd() {
    assertThat(ParamSpec.parse("threads=8,16,32,64,128").values()).containsExactly("8", "16", "32", "64", "128");
    assertThat(ParamSpec.parse("threads=8..128").values()).containsExactly("8", "16", "32", "64", "128");
    // the end is tried itself when the doubling passes it
    assertThat(ParamSpec.parse("cache-mb=10..100").values()).containsExactly("10", "20", "40", "80", "100");
    assertThat(ParamSpec.parse("pool = 4, 6").values()).containsExactly("4", "6");
    assertThat(ParamSpec.parse("mode=fast,safe").describe()).isEqualTo("mode=fast,safe");
  }

  @Test
  void badParametersAreOneLineErrors() {
    for (String[] bad : new String[][] {
        {"threads", "NAME=V1,V2"}, {"threads=8", "at least two values"}, {"threads=8,8", "given twice"},
        {"Threads=8,16", "lower-case letter"}, {"port=1,2", "jtune fills"}, {"threads=8,a b", "value 'a b'"},
        {"threads=128..8", "1 <= FROM < TO"}, {"threads=0..8", "1 <= FROM < TO"}, {"threads=1..x", "two whole numbers"},
        {"threads=1..100000", "at most 12"}, {"threads=8,;rm", "value ';rm'"}}) {
      assertThatThrownBy(() -> ParamSpec.parse(bad[0])).as(bad[0]).isInstanceOf(JtuneException.class)
          .hasMessageContaining(bad[1]).hasMessageNotContaining("\n");
    }
  }

  @Test
  void anSloIsALatencyBoundAnErrorBoundOrBoth() {
    Slo s = Slo.parse("p99<=50ms,errors<=0.1%");
    assertThat(s.latency()).isEqualTo(Metric.P99);
    assertThat(s.latencyMs()).isEqualTo(50);
    assertThat(s.errorsPct()).isEqualTo(0.1);
    assertThat(s.met(50, 0.1)).isTrue();
    assertThat(s.met(50.1, 0)).isFalse();
    assertThat(s.met(10, 0.2)).isFalse();
    Slo seconds = Slo.parse("p999 <= 1.5s");
    assertThat(seconds.latency()).isEqualTo(Metric.P999);
    assertThat(seconds.latencyMs()).isEqualTo(1500);
    assertThat(seconds.errorsPct()).isNaN();
    assertThat(seconds.met(1499, 50)).isTrue();
    assertThat(Slo.parse("errors<=1%").latency()).isNull();
  }

  @Test
  void badSlosAreOneLineErrors() {
    for (String[] bad : new String[][] {
        {"", "empty"}, {"p99<50ms", "'p99<50ms' is not a bound"}, {"p98<=50ms", "not a bound"},
        {"p99<=50", "not a bound"}, {"p99<=50ms,p95<=20ms", "one latency bound"}, {"errors<=200%", "at most 100%"},
        {"p99<=0ms", "above 0"}, {"errors<=1%,errors<=2%", "one error bound"}}) {
      assertThatThrownBy(() -> Slo.parse(bad[0])).as(bad[0]).isInstanceOf(JtuneException.class)
          .hasMessageContaining(bad[1]).hasMessageNotContaining("\n");
    }
  }

  @Test
  void theObjectivesBuiltAndTheOnesNotYet() {
    assertThat(Objective.parse("latency").metric()).isEqualTo(Metric.P99);
    assertThat(Objective.parse("Throughput").metric()).isEqualTo(Metric.THROUGHPUT);
    assertThatThrownBy(() -> Objective.parse("footprint")).hasMessageContaining("not built yet");
    assertThatThrownBy(() -> Objective.parse("cost")).hasMessageContaining("not built yet");
    assertThatThrownBy(() -> Objective.parse("speed")).hasMessageContaining("latency or throughput");
  }
}
