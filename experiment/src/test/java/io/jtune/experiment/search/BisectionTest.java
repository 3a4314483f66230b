package io.jtune.experiment.search;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.common.format.Json;
import io.jtune.experiment.run.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntPredicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The memory search's bisection on real runs: each size is given the recorded runs of a
 * configuration that met the SLO (io-bound at 64 threads: p99 100 ms at 230 req/s) or of one
 * that missed it (8 threads: overloaded, serving 90 req/s, p99 34 s), by a rule the test sets, so that every
 * threshold of every grid length is searched and its answer known.
 */
class BisectionTest {
  private static final Path RUNS = Path.of("../testdata/experiments/io-bound-threads/runs");
  private static final Slo SLO = Slo.parse("p99<=300ms,errors<=0.1%");

  private static List<RunResult> runs(String config) {
    List<RunResult> out = new ArrayList<>();
    try (Stream<Path> s = Files.list(RUNS)) {
      for (Path d : s.filter(p -> p.getFileName().toString().startsWith("high-threads=" + config + "-r")).sorted()
          .limit(3).toList()) {
        out.add(Json.mapper().readValue(d.resolve("result.json").toFile(), RunResult.class));
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    return out;
  }

  private static final List<RunResult> MEETS = runs("64");
  private static final List<RunResult> MISSES = runs("8");

  private static MemoryGrid grid(int sizes) {
    List<MemoryGrid.Step> steps = new ArrayList<>();
    for (int i = 0; i < sizes; i++) {
      steps.add(new MemoryGrid.Step(192 + 32L * i, 192 + 32L * i));
    }
    return new MemoryGrid(steps, false, 32, "low", "high");
  }

  private static Footprint search(MemoryGrid g, boolean sweep, IntPredicate meetsAt) {
    Bisection b = new Bisection(new Racing(Objective.FOOTPRINT, SLO, 230), List.of("-Xms192m", "-Xmx192m",
        "-XX:+UseG1GC"), false);
    return b.search(g, sweep, (order, step, c) -> meetsAt.test(g.steps().indexOf(step)) ? MEETS : MISSES,
        done -> true, null, new SearchListener() {});
  }

  @Test
  void theRecordedRunsMeetAndMissAsTheTestNeeds() {
    Bisection b = new Bisection(new Racing(Objective.FOOTPRINT, SLO, 230), List.of(), false);
    Arm met = new Arm(io.jtune.experiment.plan.Candidate.of("a", List.of(), ""), List.of(1.0, 0.0), false);
    MEETS.forEach(met::add);
    Arm missed = new Arm(io.jtune.experiment.plan.Candidate.of("b", List.of(), ""), List.of(1.0, 0.0), false);
    MISSES.forEach(missed::add);
    assertThat(MEETS).hasSize(3);
    assertThat(b.meets(met)).isTrue();
    assertThat(b.meets(missed)).isFalse();
  }

  @Test
  void bisectionFindsTheSmallestSizeMeetingTheSloInAboutLog2Probes() {
    for (int sizes = 1; sizes <= 12; sizes++) {
      MemoryGrid g = grid(sizes);
      int log2 = 32 - Integer.numberOfLeadingZeros(sizes - 1); // ceil(log2(sizes))
      for (int t = 0; t <= sizes; t++) {
        int threshold = t;
        Footprint f = search(g, false, i -> i >= threshold);
        String at = sizes + " sizes, smallest meeting index " + t;
        if (t == sizes) {
          assertThat(f.winner()).as(at).isNull();
          assertThat(f.probes()).as(at).hasSize(1); // the largest missed: none meets
        } else {
          assertThat(f.winner().step()).as(at).isEqualTo(g.steps().get(t));
          assertThat(f.probes().size()).as(at).isLessThanOrEqualTo(1 + log2);
          if (t > 0) {
            // the answer's next smaller size was probed and missed: the answer is exact on the grid
            assertThat(f.probeOf(g.steps().get(t - 1))).as(at).isNotNull().extracting(Footprint.Probe::met)
                .isEqualTo(false);
          }
        }
        assertThat(f.violations()).as(at).isEmpty();
      }
    }
  }

  @Test
  void eachProbeSaysWhyItWasMadeAndRunsTheServicesFlagsWithItsHeap() {
    MemoryGrid g = grid(9);
    Footprint f = search(g, false, i -> i >= 3);
    assertThat(f.probes()).extracting(p -> p.step().mb()).containsExactly(448L, 320L, 256L, 288L);
    assertThat(f.probes().get(0).why()).contains("largest size first");
    assertThat(f.probes().get(1).why()).contains("448 MB met the SLO").contains("192..448 MB");
    assertThat(f.probes().get(3).why()).contains("256 MB missed (overloaded").contains("288..320 MB");
    assertThat(f.probes().get(2).miss()).startsWith("overloaded, serves");
    assertThat(f.probes().get(0).arm().candidate().flags()).containsExactly("-XX:+UseG1GC", "-Xms448m", "-Xmx448m");
    assertThat(f.winner().arm().name()).isEqualTo("heap-288m");
  }

  @Test
  void aSweepProbesEverySizeAndReportsALargerSizeThatMissedAfterASmallerMet() {
    MemoryGrid g = grid(6);
    // 256 MB meets, 288 misses (noise, or a collector that behaves worse there), every larger meets
    Footprint f = search(g, true, i -> i == 2 || i >= 4);
    assertThat(f.probes()).hasSize(6);
    assertThat(f.winner().step().mb()).isEqualTo(320);
    assertThat(f.violations()).containsExactly("not monotone: 256 MB met the SLO but the larger 288 MB missed it ("
        + f.probes().get(3).miss() + ")");
    assertThat(f.notes()).anyMatch(n -> n.contains("the smallest size that met the SLO, 256 MB, is below the answer"));
    Footprint monotone = search(g, true, i -> i >= 2);
    assertThat(monotone.winner().step().mb()).isEqualTo(256);
    assertThat(monotone.violations()).isEmpty();
  }

  @Test
  void aFailedRunMissesTheSloWhateverTheMeans() {
    MemoryGrid g = grid(3);
    List<RunResult> failedFirst = new ArrayList<>(MEETS);
    RunResult ok = MEETS.get(0);
    failedFirst.set(0, new RunResult(ok.schema(), ok.id(), ok.level(), ok.candidate(), ok.repetition(), "failed",
        "killed by the container's memory limit (OOM)", ok.startedAt(), ok.flags(), ok.jvmPid(),
        ok.windowStartEpochMs(), ok.windowEndEpochMs(), ok.metrics(), ok.threads(), ok.gcLinesNotUnderstood(),
        ok.outputTail(), ok.gcProblem(), ok.recording(), ok.gcAttribution(), ok.container(), ok.ergonomics(),
        ok.nativeMemory(), ok.endpoints()));
    Bisection b = new Bisection(new Racing(Objective.FOOTPRINT, SLO, 230), List.of(), false);
    Footprint f = b.search(g, false, (order, step, c) -> step.mb() == 192 ? failedFirst : MEETS, done -> true, null,
        new SearchListener() {});
    assertThat(f.winner().step().mb()).isEqualTo(224);
    assertThat(f.probeOf(g.steps().get(0)).miss()).isEqualTo("did not run: killed by the container's memory limit"
        + " (OOM)");
  }

  @Test
  void theReportShowsTheProbesTheAnswerThePricesAndTheSweepsRunMinutes() throws IOException {
    MemoryGrid g = grid(9);
    Footprint.Pricing pricing = new Footprint.Pricing(Prices.DEFAULT, 2, "the host's", 100L << 20, "measured",
        (192L << 20) + (100L << 20));
    Bisection b = new Bisection(new Racing(Objective.COST, SLO, 230), List.of(), false);
    Footprint f = b.search(g, false, (order, step, c) -> step.mb() >= 288 ? MEETS : MISSES, done -> true, pricing,
        new SearchListener() {});
    List<Arm> arms = f.probes().stream().map(Footprint.Probe::arm).toList();
    int runs = arms.stream().mapToInt(a -> a.runs().size()).sum();
    io.jtune.experiment.plan.Level level = new io.jtune.experiment.plan.Level("high", 230, 64, List.of("/work"),
        java.time.Duration.ofSeconds(3), java.time.Duration.ofSeconds(6), java.time.Duration.ofSeconds(10),
        java.util.Map.of(), 0, io.jtune.experiment.plan.LevelRequest.GET);
    SearchResult r = new SearchResult(SearchSpec.memory(Objective.COST, SLO, Prices.DEFAULT, false),
        new Racing(Objective.COST, SLO, 230), level, arms, f.winner().arm(), f.winner().arm(), f.probes().size(), 3,
        runs, java.time.Duration.ofSeconds(4 * 36), List.of(), f);
    assertThat(r.factorialRuns()).isEqualTo(9 * 3);
    String text = String.join("\n", SearchText.lines(r));
    assertThat(text).contains("Cost search at").contains("heap 192..448 MB in 32 MB steps (9 sizes), bisected")
        .contains("answer: the smallest heap meeting the SLO is 288 MB (heap-288m: -Xms288m -Xmx288m); the next"
            + " smaller, 256 MB, missed")
        .contains("spent 12 runs in 4 probes, 2.4 run-minutes; the exhaustive sweep (9 sizes x 3 runs) is 27 runs,"
            + " about 5.4 run-minutes")
        .contains("the service as it runs today: 292").contains("cores are priced, not searched");
    // 2 cores and 388 MB (288 of heap, 100 of non-heap) at OpenCost's default prices
    double perHour = 2 * 0.031611 + 388 / 1024.0 * 0.004237;
    assertThat(text).contains(String.format(java.util.Locale.US, "%.4f per hour", perHour));
    com.fasterxml.jackson.databind.JsonNode doc = new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(SearchJson.of(r).toString());
    io.jtune.gc.testing.JsonSchemas.validAndRenameFails(doc, "/memory/probes/0/meetsSlo");
    assertThat(doc.at("/memory/answerMb").asLong()).isEqualTo(288);
    assertThat(doc.at("/memory/method").asText()).isEqualTo("bisection");
    assertThat(doc.at("/objective").asText()).isEqualTo("cost");
    assertThat(doc.at("/memory/cost/answerPerMonth").asDouble()).isCloseTo(perHour * 730, org.assertj.core.data.Offset
        .offset(1e-4));
    String html = SearchHtml.page(r);
    assertThat(html).contains("<svg").contains("Cost search: heap 192..448 MB").contains("heap, MB")
        .doesNotContain("<script");
  }
}
