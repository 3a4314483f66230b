package io.jtune.experiment.search;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.jtune.common.format.Json;
import io.jtune.experiment.run.RunResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The bisection replayed on a real sweep: the lab's heap-too-small scenario (a live set of about
 * 148 MB) with every heap of its grid probed under the same SLO
 * (testdata/experiments/heap-too-small-footprint: the sweep's search.json and each probe's runs).
 * Bisecting the same runs finds the sweep's answer, or one step from it, with fewer runs.
 */
class FootprintReplayTest {
  private static final Path DATA = Path.of("../testdata/experiments/heap-too-small-footprint");

  private static List<RunResult> runsOf(long mb) {
    List<RunResult> out = new ArrayList<>();
    try (Stream<Path> probes = Files.list(DATA.resolve("search"))) {
      for (Path p : probes.filter(d -> d.getFileName().toString().endsWith("-heap-" + mb + "m")).toList()) {
        try (Stream<Path> runs = Files.list(p.resolve("runs"))) {
          for (Path r : runs.sorted().toList()) {
            out.add(Json.mapper().readValue(r.resolve("result.json").toFile(), RunResult.class));
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  @Test
  void bisectingTheSweepsRunsFindsItsAnswerWithinOneStepInFewerRuns() throws IOException {
    JsonNode doc = Json.mapper().readTree(DATA.resolve("search.json").toFile());
    List<MemoryGrid.Step> steps = new ArrayList<>();
    doc.at("/memory/gridMb").forEach(n -> steps.add(new MemoryGrid.Step(n.asLong(), n.asLong())));
    long stepMb = doc.at("/memory/stepMb").asLong();
    MemoryGrid grid = new MemoryGrid(steps, false, stepMb, "low", "high");
    Slo slo = Slo.parse(doc.at("/slo/text").asText().replaceFirst(", sustaining.*", ""));
    Racing judge = new Racing(Objective.FOOTPRINT, slo, doc.path("offeredRps").asDouble(0));
    Bisection.Prober recorded = (order, step, c) -> runsOf(step.mb());

    Footprint sweep = new Bisection(judge, List.of(), false).search(grid, true, recorded, n -> true, null,
        new SearchListener() {});
    // the replayed sweep judges every size as the recorded one did
    assertThat(sweep.winner() == null ? -1 : sweep.winner().step().mb())
        .isEqualTo(doc.at("/memory/answerMb").asLong(-1));
    for (JsonNode p : doc.at("/memory/probes")) {
      assertThat(sweep.probeOf(new MemoryGrid.Step(p.path("sizeMb").asLong(), p.path("sizeMb").asLong())).met())
          .as(p.path("configuration").asText()).isEqualTo(p.path("meetsSlo").asBoolean());
    }

    Footprint bisected = new Bisection(judge, List.of(), false).search(grid, false, recorded, n -> true, null,
        new SearchListener() {});
    assertThat(bisected.winner()).isNotNull();
    assertThat(Math.abs(bisected.winner().step().mb() - sweep.winner().step().mb())).isLessThanOrEqualTo(stepMb);
    int bisectRuns = bisected.probes().stream().mapToInt(p -> p.arm().runs().size()).sum();
    int sweepRuns = sweep.probes().stream().mapToInt(p -> p.arm().runs().size()).sum();
    assertThat(bisectRuns).isLessThan(sweepRuns);
  }

  /**
   * Under a closed model the same clients send as fast as they are answered, so a size that serves
   * fewer requests is a slower service even when its percentiles meet the SLO: with a bound every
   * size meets (p99 <= 25 ms), the recorded runs' throughput alone decides, against the largest
   * size's 683 req/s (the smaller heaps served 571-650).
   */
  @Test
  void underAClosedModelASizeMustKeepTheServicesThroughput() throws IOException {
    JsonNode doc = Json.mapper().readTree(DATA.resolve("search.json").toFile());
    List<MemoryGrid.Step> steps = new ArrayList<>();
    doc.at("/memory/gridMb").forEach(n -> steps.add(new MemoryGrid.Step(n.asLong(), n.asLong())));
    MemoryGrid grid = new MemoryGrid(steps, false, doc.at("/memory/stepMb").asLong(), "low", "high");
    Slo slo = Slo.parse("p99<=25ms");
    Bisection.Prober recorded = (order, step, c) -> runsOf(step.mb());
    double own = runsOf(448).stream().mapToDouble(r -> r.metrics().get("throughputRps")).average().orElseThrow();

    Footprint latencyOnly = new Bisection(new Racing(Objective.FOOTPRINT, slo, 0), List.of(), false)
        .search(grid, true, recorded, n -> true, null, new SearchListener() {});
    Footprint keepsThroughput = new Bisection(new Racing(Objective.FOOTPRINT, slo, 0, own), List.of(), false)
        .search(grid, true, recorded, n -> true, null, new SearchListener() {});

    assertThat(latencyOnly.winner().step().mb()).isEqualTo(192);
    Footprint.Probe smallest = keepsThroughput.probeOf(new MemoryGrid.Step(192, 192));
    assertThat(smallest.met()).isFalse();
    assertThat(smallest.miss()).contains("less than the service's own 683 req/s at the same clients");
    assertThat(keepsThroughput.winner().step().mb()).isEqualTo(416);
  }
}
