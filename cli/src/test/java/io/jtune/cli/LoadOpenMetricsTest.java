package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.gc.testing.OpenMetricsParser;
import io.jtune.gc.testing.OpenMetricsParser.Sample;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * {@code jtune load --format openmetrics} against a real HTTP server on 127.0.0.1: the text
 * parses with the Prometheus client's strict OpenMetrics parser and counts what the server saw.
 */
class LoadOpenMetricsTest {

  private static double value(List<Sample> samples, String name, String kind) {
    List<Sample> found = samples.stream().filter(s -> s.name().equals(name)
        && (kind == null || kind.equals(s.label("kind")))).toList();
    assertThat(found).as(name + " " + kind).hasSize(1);
    return found.get(0).value();
  }

  @Test
  void closedModelRunCountsRequestsErrorsAndLatencyInSeconds() throws Exception {
    AtomicInteger hits = new AtomicInteger();
    try (LocalHttpServer server = LocalHttpServer.start(hits::incrementAndGet)) {
      CliRun run = CliRun.of("load", "-q", "-c", "2", "-n", "400", "--format", "openmetrics", "--weights", "3,1",
          server.url() + "/ok", server.url() + "/missing");
      assertThat(run.exitCode()).as(run.err()).isZero();
      List<Sample> samples = OpenMetricsParser.parse(run.out());

      double requests = value(samples, "jtune_load_requests_total", null);
      double notFound = value(samples, "jtune_load_errors_total", "status4xx");
      assertThat(requests).isEqualTo(400);
      assertThat(hits.get()).isGreaterThanOrEqualTo(400);
      assertThat(notFound).isBetween(60.0, 140.0);
      assertThat(value(samples, "jtune_load_successful_requests_total", null)).isEqualTo(requests - notFound);
      assertThat(value(samples, "jtune_load_errors_total", "connect")).isZero();
      assertThat(samples.stream().filter(s -> s.name().equals("jtune_load_run_info")).findFirst().orElseThrow()
          .label("model")).isEqualTo("closed");
      // latency in seconds: quantiles rise, a local request takes well under a second, count is the requests
      List<Double> quantiles = samples.stream().filter(s -> s.name().equals("jtune_load_latency_seconds"))
          .map(Sample::value).toList();
      assertThat(quantiles).hasSize(7).isSorted().allSatisfy(q -> assertThat(q).isGreaterThan(0).isLessThan(1));
      assertThat(value(samples, "jtune_load_latency_seconds_count", null)).isEqualTo(requests);
      assertThat(value(samples, "jtune_load_latency_max_seconds", null)).isGreaterThanOrEqualTo(quantiles.get(6));
      assertThat(samples.stream().filter(s -> s.family().equals("jtune_load_latency_seconds")))
          .allSatisfy(s -> assertThat(s.unit()).isEqualTo("seconds"));
    }
  }

  @Test
  void prometheusTextFormatParsesWithTheGoParser() throws Exception {
    AtomicInteger hits = new AtomicInteger();
    try (LocalHttpServer server = LocalHttpServer.start(hits::incrementAndGet)) {
      CliRun run = CliRun.of("load", "-q", "-c", "2", "-n", "200", "--format", "prometheus", server.url() + "/");
      assertThat(run.exitCode()).as(run.err()).isZero();
      List<Sample> samples = OpenMetricsParser.parsePrometheus(run.out());
      assertThat(value(samples, "jtune_load_requests_total", null)).isEqualTo(200);
      assertThat(samples.stream().filter(s -> s.name().equals("jtune_load_requests_total")).findFirst().orElseThrow()
          .type()).isEqualTo("counter");
      assertThat(value(samples, "jtune_load_latency_seconds_count", null)).isEqualTo(200);
      assertThat(run.out()).doesNotContain("# EOF").doesNotContain("# UNIT");
    }
  }

  @Test
  void openModelRunHasItsRateAndSendLag() throws Exception {
    try (LocalHttpServer server = LocalHttpServer.start(() -> { })) {
      CliRun run = CliRun.of("load", "-q", "-r", "200", "-d", "1s", "--format", "openmetrics", server.url() + "/");
      assertThat(run.exitCode()).as(run.err()).isZero();
      List<Sample> samples = OpenMetricsParser.parse(run.out());
      assertThat(value(samples, "jtune_load_target_rate_requests_per_second", null)).isEqualTo(200);
      assertThat(value(samples, "jtune_load_max_send_lag_seconds", null)).isGreaterThanOrEqualTo(0);
      assertThat(value(samples, "jtune_load_duration_seconds", null)).isBetween(0.9, 1.5);
      assertThat(value(samples, "jtune_load_requests_total", null)).isBetween(150.0, 230.0);
    }
  }
}
