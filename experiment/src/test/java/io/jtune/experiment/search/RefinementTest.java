package io.jtune.experiment.search;

import static io.jtune.gc.testing.JsonSchemas.validAndRenameFails;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.LevelRequest;
import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.report.Delta;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The refinement and the tie rule on the recorded runs of real searches over the lab's io-bound
 * scenario's worker threads (testdata/experiments/io-bound-threads: 8 to 128 threads at 230 req/s,
 * {@link RacingTest}).
 */
class RefinementTest {
  /** A live search of the same case with the refinement: its race's runs, its probes' and its search.json. */
  private static final Path REFINED = Path.of("../testdata/experiments/io-bound-threads-refined");
  private static final Level LEVEL = new Level("high", 230, 64, List.of("/scenario"), Duration.ofSeconds(1),
      Duration.ofSeconds(2), Duration.ofSeconds(10), Map.of(), 0, LevelRequest.GET);

  private static SearchResult result(JsonNode doc, Racing racing, ParamSpec p, List<Arm> arms, List<String> notes) {
    return new SearchResult(new SearchSpec(List.of(p), racing.objective(), racing.slo()), racing, LEVEL, arms,
        racing.winner(arms).orElse(null), racing.leader(arms).orElse(null), doc.path("rounds").asInt(),
        doc.path("maxRounds").asInt(), arms.stream().mapToInt(a -> a.runs().size()).sum(), Duration.ofMinutes(1),
        notes);
  }

  /** 16 threads were overloaded and 32 met the SLO: the first probe is their midpoint, 24. */
  @Test
  void theFirstProbeIsTheMidpointBetweenTheOverloadedPoolAndTheWinner() throws IOException {
    JsonNode doc = RacingTest.recorded();
    Racing racing = RacingTest.racing(doc);
    ParamSpec threads = RacingTest.threads(doc, ParamSpec.Cheaper.SMALLER);
    List<Arm> arms = RacingTest.raced(RacingTest.DATA, doc, racing, threads);
    assertThat(racing.winner(arms).map(Arm::name)).hasValue("threads=32");

    Refinement.Gap gap = new Refinement(new SearchSpec(List.of(threads), racing.objective(), racing.slo()), racing)
        .next(arms);
    assertThat(gap.value()).isEqualTo(24);
    assertThat(gap.why()).isEqualTo("between 16 (overloaded) and 32 (met)");
  }

  /**
   * The live search's race replayed, then refined on its probes' recorded runs: the same probes in
   * the same order, each for the same reason and with the same verdict, and the same winner; the
   * first probe is 24 threads, between the overloaded 16 and the winning 32.
   */
  @Test
  void theRecordedProbesAreChosenAndJudgedAsTheLiveSearchDid() throws IOException {
    JsonNode doc = RacingTest.recorded(REFINED);
    Racing racing = RacingTest.racing(doc);
    ParamSpec threads = RacingTest.threads(doc, ParamSpec.Cheaper.SMALLER);
    List<Arm> arms = RacingTest.raced(REFINED, doc, racing, threads);
    Arm raceWinner = racing.winner(arms).orElseThrow();
    List<String> probed = new ArrayList<>();
    Refinement.Prober recorded = (order, c, n) -> {
      probed.add(c.name());
      try {
        return RacingTest.runs(REFINED.resolve("refine-" + order + "-" + c.name() + "/runs"), "high-" + c.name()
            + "-r").stream().limit(n).toList();
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    };
    List<String> notes = new Refinement(new SearchSpec(List.of(threads), racing.objective(), racing.slo()), racing)
        .refine(arms, raceWinner.runs().size(), recorded, n -> true, new SearchListener() {});

    List<JsonNode> probes = new ArrayList<>();
    doc.path("configurations").forEach(c -> {
      if (c.has("refinement")) {
        probes.add(c);
      }
    });
    assertThat(probed).isEqualTo(probes.stream().map(c -> c.path("name").asText()).toList());
    assertThat(probed.get(0)).isEqualTo("threads=24");
    SearchResult s = result(doc, racing, threads, arms, notes);
    for (JsonNode c : probes) {
      Arm a = arms.stream().filter(x -> x.name().equals(c.path("name").asText())).findFirst().orElseThrow();
      assertThat(a.probedWhy()).isEqualTo(c.at("/refinement/why").asText());
      assertThat(s.meets(a)).as(a.name()).isEqualTo(c.path("meetsSlo").asBoolean());
      assertThat(a.dropped()).as(a.name()).isEqualTo(c.at("/dropped/reason").asText(null));
      assertThat(a.runs()).hasSize(raceWinner.runs().size());
    }
    assertThat(probes.get(0).at("/refinement/why").asText()).isEqualTo("between 16 (overloaded) and 32 (met)");
    assertThat(s.winner().name()).isEqualTo(doc.path("winner").asText());
    // the winner moved to the smallest value probed that met the SLO
    Arm smallestMet = s.probes().stream().filter(a -> s.meets(a) && a.alive()).min(Arm::cheaper).orElse(raceWinner);
    assertThat(s.winner()).isSameAs(smallestMet);
    assertThat(SearchText.lines(s)).anyMatch(l -> l.contains("threads=24") && l.contains("probe 1, between 16"
        + " (overloaded) and 32 (met)"));
    validAndRenameFails(SearchJson.of(s), "/configurations/" + (arms.size() - s.probes().size())
        + "/refinement/why");
  }

  /** A budget that holds no probe runs none, keeps the race's winner and says why. */
  @Test
  void aBudgetThatHoldsNoProbeStopsTheRefinementAndSaysSo() throws IOException {
    JsonNode doc = RacingTest.recorded();
    Racing racing = RacingTest.racing(doc);
    ParamSpec threads = RacingTest.threads(doc, ParamSpec.Cheaper.SMALLER);
    List<Arm> arms = RacingTest.raced(RacingTest.DATA, doc, racing, threads);
    List<String> notes = new Refinement(new SearchSpec(List.of(threads), racing.objective(), racing.slo()), racing)
        .refine(arms, 5, (order, c, n) -> {
          throw new AssertionError("no probe fits the budget, yet " + c.name() + " was run");
        }, n -> false, new SearchListener() {});
    assertThat(notes).containsExactly("the refinement stopped before threads=24 (between 16 (overloaded) and 32"
        + " (met)): the budget holds no further probe and the check of the winner");
    assertThat(arms).hasSize(5);
    assertThat(racing.winner(arms).map(Arm::name)).hasValue("threads=32");
  }

  /**
   * 32, 64 and 128 threads all served the offered rate within the SLO: 32 wins as the cheapest, and
   * the report says why it was preferred to each of the others, on the race's own intervals.
   */
  @Test
  void ofConfigurationsAsGoodAsEachOtherTheSmallerPoolWinsAndTheReportSaysWhy() throws IOException {
    JsonNode doc = RacingTest.recorded();
    Racing racing = RacingTest.racing(doc);
    ParamSpec threads = RacingTest.threads(doc, ParamSpec.Cheaper.SMALLER);
    List<Arm> arms = RacingTest.raced(RacingTest.DATA, doc, racing, threads);
    SearchResult s = result(doc, racing, threads, arms, List.of());

    assertThat(s.winner().name()).isEqualTo("threads=32");
    assertThat(Preference.over(s)).extracting(Arm::name).containsExactly("threads=64", "threads=128");
    String words = Preference.words(s);
    for (Arm a : Preference.over(s)) {
      Delta d = Delta.of(a.summary(Metric.THROUGHPUT), s.winner().summary(Metric.THROUGHPUT));
      assertThat(d.hasInterval()).isTrue();
      assertThat(racing.beyondMargin(a, s.winner())).isFalse();
      assertThat(words).contains(a.name() + String.format(java.util.Locale.US, " %+.1f %%", d.pct()));
      if (!d.significant()) {
        assertThat(words).contains(a.name() + String.format(java.util.Locale.US, " %+.1f %% [%+.1f, %+.1f], not"
            + " significantly different", d.pct(), d.pctLow(), d.pctHigh()));
      }
    }
    assertThat(words).startsWith("threads=32 is preferred to threads=64 ")
        .contains("(more threads, 64 for 32: a larger value uses more memory and CPU)")
        .contains("(more threads, 128 for 32:");
    assertThat(String.join("\n", SearchText.lines(s))).contains("winner: threads=32").contains(words);
    assertThat(SearchJson.of(s).path("preferredWhy").asText()).isEqualTo(words);
  }

  /**
   * When a larger value is the cheaper (as --param can say), the same runs choose the largest pool,
   * and nothing lies beyond it to refine.
   */
  @Test
  void whenALargerValueIsCheaperTheSameRunsChooseTheLargestPool() throws IOException {
    JsonNode doc = RacingTest.recorded();
    Racing racing = RacingTest.racing(doc);
    ParamSpec larger = RacingTest.threads(doc, ParamSpec.Cheaper.LARGER);
    List<Arm> arms = RacingTest.raced(RacingTest.DATA, doc, racing, larger);
    SearchResult s = result(doc, racing, larger, arms, List.of());

    assertThat(s.winner().name()).isEqualTo("threads=128");
    assertThat(Preference.over(s)).extracting(Arm::name).containsExactlyInAnyOrder("threads=32", "threads=64");
    assertThat(Preference.words(s)).contains("a smaller value costs more (larger-is-cheaper)");
    assertThat(new Refinement(s.spec(), racing).next(arms)).isNull();
  }
}
