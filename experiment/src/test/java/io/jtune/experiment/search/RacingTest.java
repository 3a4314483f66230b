package io.jtune.experiment.search;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.jtune.common.format.Json;
import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.report.Delta;
import io.jtune.experiment.run.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The race's rules on the recorded runs of a real search: the lab's io-bound scenario (5 ms of
 * CPU and 80 ms of waiting per request on 2 cores) under an open-model load near its capacity,
 * over Tomcat's worker threads 8 to 128 (testdata/experiments/io-bound-threads: its runs and the
 * search.json the search wrote).
 */
class RacingTest {
  static final Path DATA = Path.of("../testdata/experiments/io-bound-threads");

  static JsonNode recorded() throws IOException {
    return recorded(DATA);
  }

  static JsonNode recorded(Path data) throws IOException {
    return Json.mapper().readTree(data.resolve("search.json").toFile());
  }

  /** The recorded search's parameter, threads, with the values it raced. */
  static ParamSpec threads(JsonNode doc, ParamSpec.Cheaper cheaper) {
    List<String> values = new ArrayList<>();
    doc.at("/params/0/values").forEach(v -> values.add(v.asText()));
    return new ParamSpec("threads", values, cheaper);
  }

  private static List<Arm> arms(JsonNode doc, int rounds) throws IOException {
    return arms(DATA, doc, rounds, threads(doc, ParamSpec.Cheaper.SMALLER));
  }

  /** The arms of the recorded search, each with every recorded run up to {@code rounds}, costed by {@code p}. */
  static List<Arm> arms(Path data, JsonNode doc, int rounds, ParamSpec p) throws IOException {
    List<Arm> arms = new ArrayList<>();
    for (String v : p.values()) {
      String name = "threads=" + v;
      Arm a = new Arm(new Candidate(name, List.of(), "", null, 0, Map.of("threads", v)), List.of(p.cost(v), 0.0),
          false);
      runs(data.resolve("runs"), "high-" + name + "-r").stream().filter(r -> r.repetition() <= rounds)
          .forEach(a::add);
      arms.add(a);
    }
    return arms;
  }

  /** The runs recorded in {@code dir}'s subdirectories whose names start with {@code prefix}, in order. */
  static List<RunResult> runs(Path dir, String prefix) throws IOException {
    List<RunResult> out = new ArrayList<>();
    try (Stream<Path> runs = Files.list(dir)) {
      for (Path rd : runs.filter(x -> x.getFileName().toString().startsWith(prefix)).sorted().toList()) {
        out.add(Json.mapper().readValue(rd.resolve("result.json").toFile(), RunResult.class));
      }
    }
    return out;
  }

  /** The recorded race replayed round by round, as the search ran it: its arms at the end. */
  static List<Arm> raced(Path data, JsonNode doc, Racing racing, ParamSpec p) throws IOException {
    int rounds = doc.path("rounds").asInt();
    List<Arm> arms = arms(data, doc, 1, p);
    for (int r = 1; r <= rounds; r++) {
      // each round sees the runs it had: an arm dropped earlier has no later runs recorded
      List<Arm> now = arms(data, doc, r, p);
      for (int i = 0; i < arms.size(); i++) {
        if (!arms.get(i).alive()) {
          now.get(i).drop(arms.get(i).droppedAfter(), arms.get(i).dropped());
        }
      }
      racing.review(now, r);
      arms = now;
    }
    return new ArrayList<>(arms);
  }

  static Racing racing(JsonNode doc) {
    return new Racing(Objective.parse(doc.path("objective").asText()), Slo.parse(doc.at("/slo/text").asText()
        .replaceFirst(", sustaining.*", "")), doc.path("offeredRps").asDouble());
  }

  @Test
  void theRecordedRunsRaceToTheRecordedWinnerAndDrops() throws IOException {
    JsonNode doc = recorded();
    Racing racing = racing(doc);
    List<Arm> arms = raced(DATA, doc, racing, threads(doc, ParamSpec.Cheaper.SMALLER));
    assertThat(racing.winner(arms).map(Arm::name).orElse(null)).isEqualTo(doc.path("winner").asText(null));
    for (int i = 0; i < arms.size(); i++) {
      JsonNode c = doc.path("configurations").get(i);
      assertThat(arms.get(i).dropped()).as(arms.get(i).name()).isEqualTo(c.at("/dropped/reason").asText(null));
    }
  }

  @Test
  void tooFewThreadsAreOverloadedAndTheWinnerIsTheCheapestWithinTheMargin() throws IOException {
    JsonNode doc = recorded();
    List<Arm> arms = arms(doc, Delta.MIN_RUNS);
    Racing racing = racing(doc);
    racing.review(arms, Delta.MIN_RUNS);
    // 8 threads serve at most 8 / 85 ms = 94 req/s: far below the offered rate, its latencies a queue
    Arm eight = arms.get(0);
    assertThat(eight.dropped()).startsWith("misses the SLO: overloaded, serves");
    // 16 threads serve at most 188 req/s: a queue too, though every request is answered in the end
    // (the requests sent in the window, which the throughput once counted, are the offered 230)
    Arm sixteen = arms.get(1);
    assertThat(sixteen.dropped()).startsWith("misses the SLO: overloaded, serves 17");
    assertThat(sixteen.mean(Metric.THROUGHPUT)).isLessThan(188);
    Arm winner = racing.winner(arms).orElseThrow();
    Arm leader = racing.leader(arms).orElseThrow();
    // no configuration left that meets the SLO is cheaper than the winner
    for (Arm a : arms) {
      if (a.alive() && racing.meets(a, null) && Arm.cheaper(a, winner) < 0) {
        assertThat(racing.asGood(a, leader)).as(a.name()).isFalse();
      }
    }
    assertThat(racing.meets(winner, null)).isTrue();
    assertThat(winner.mean(Metric.THROUGHPUT)).isGreaterThanOrEqualTo(doc.path("offeredRps").asDouble() * 0.95);
    // a bound below every p99 measured leaves no winner
    double lowest = arms.stream().filter(a -> a.summary(Metric.P99).n() > 0).mapToDouble(a -> a.mean(Metric.P99))
        .min().orElseThrow();
    Racing strict = new Racing(Objective.THROUGHPUT, Slo.parse("p99<=" + Math.floor(lowest / 2) + "ms"),
        doc.path("offeredRps").asDouble());
    assertThat(strict.winner(arms(doc, Delta.MIN_RUNS))).isEmpty();
  }
}
