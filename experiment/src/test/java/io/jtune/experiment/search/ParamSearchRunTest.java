package io.jtune.experiment.search;

import org.junit.jupiter.api.extension.ExtendWith;
import io.jtune.experiment.UsesLabJar;
import static io.jtune.gc.testing.JsonSchemas.validAndRenameFails;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.ServiceSpec;
import io.jtune.experiment.plan.LevelRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A search on the real lab: a value the lab refuses at start ({@code --threads 0}) leaves the
 * race with the lab's own message while the other value runs and wins; the refinement then probes
 * the value between them ({@code --threads 1}): within the SLO, but one thread serves the two
 * clients about half as fast (80 ms of waiting per request), so it cannot win on throughput and
 * the winner stays; the reports name all three.
 */
@ExtendWith(UsesLabJar.class)
class ParamSearchRunTest {
  static final Path LAB_JAR = UsesLabJar.LAB_JAR;

  @TempDir Path dir;

  @Test
  void aValueTheServiceRefusesIsAFailedCandidateNotAFailedSearch() throws Exception {
    SearchSpec spec = new SearchSpec(List.of(ParamSpec.parse("threads=0,2")), Objective.THROUGHPUT,
        Slo.parse("p99<=5s"));
    Level level = new Level("high", 0, 2, List.of("/scenario"), Duration.ofSeconds(1), Duration.ofSeconds(2),
        Duration.ofSeconds(10), Map.of(), 0, LevelRequest.GET);
    Candidate own = Candidate.of("baseline", List.of(), "the lab's own");
    Plan template = new Plan("refused", ServiceSpec.lab("io-bound"), "baseline", List.of(own), List.of(level), 1,
        Plan.Order.INTERLEAVED, Duration.ZERO, null);
    SearchResult r = new ParamSearch(spec, 0, new SearchListener() {}).run(template, level, own, null, 1,
        dir.resolve("search"), n -> true);

    Arm refused = r.arms().get(0);
    assertThat(refused.name()).isEqualTo("threads=0");
    assertThat(refused.dropped()).startsWith("did not run: ").contains("--threads must be in 1..10000, got 0");
    assertThat(refused.droppedAfter()).isEqualTo(1);
    Arm two = r.arms().get(1);
    assertThat(two.name()).isEqualTo("threads=2");
    assertThat(two.runs()).hasSize(1).allMatch(x -> x.ok());
    assertThat(r.meets(two)).isTrue();
    // one left after the first round: no further round; then one probe, as many runs as the winner had
    assertThat(r.rounds()).isEqualTo(1);
    Arm probe = r.arms().get(2);
    assertThat(r.probes()).containsExactly(probe);
    assertThat(probe.name()).isEqualTo("threads=1");
    assertThat(probe.probedWhy()).isEqualTo("between 0 (did not run) and 2 (met)");
    assertThat(probe.runs()).hasSize(1).allMatch(x -> x.ok());
    assertThat(r.meets(probe)).isTrue();
    assertThat(probe.dropped()).startsWith("cannot win: throughputRps -")
        .endsWith("vs threads=2, beyond the 5 % margin");
    assertThat(r.winner()).isSameAs(two);
    assertThat(r.runs()).isEqualTo(3);
    assertThat(r.factorialRuns()).isEqualTo(2 * 3);
    assertThat(Files.isDirectory(dir.resolve("search/runs/high-threads=2-r1"))).isTrue();
    assertThat(Files.isDirectory(dir.resolve("search/refine-1-threads=1/runs/high-threads=1-r1"))).isTrue();

    validAndRenameFails(new ObjectMapper().readTree(SearchJson.of(r).toString()), "/configurations/1/meetsSlo");
    validAndRenameFails(new ObjectMapper().readTree(SearchJson.of(r).toString()), "/configurations/2/refinement/why");
    assertThat(String.join("\n", SearchText.lines(r))).contains("threads=0").contains("did not run")
        .contains("winner: threads=2").contains("probe 1, between 0 (did not run) and 2 (met); cannot win")
        .doesNotContain("is preferred to");
    String html = SearchHtml.page(r);
    assertThat(html).contains("<svg").contains("SLO p99 &lt;= 5000.00 ms").doesNotContain("<script");
  }
}
