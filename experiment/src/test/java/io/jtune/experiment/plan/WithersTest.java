package io.jtune.experiment.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.load.WeightedUrl;
import io.jtune.runtime.container.ContainerLimits;
import java.io.StringReader;
import java.lang.reflect.RecordComponent;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** The with... methods of levels and plans: each replaces what it names and keeps every other part. */
class WithersTest {
  private static final Plan PLAN = PlanReader.read(new StringReader(PlanReaderTest.GOOD.replace("    connections: 64\n", "")), "plan.yaml", Path.of("."));
  private static final Level HIGH = PLAN.level("high").orElseThrow();

  @Test
  void eachLevelWitherChangesOnlyItsPart() {
    LevelRequest post = new LevelRequest("POST", List.of("Content-Type: text/plain"), "hi", true);
    Map<String, Goal> goals = Map.of("throughputRps", Goal.nonInferior(Metric.THROUGHPUT, -5));
    changesOnly(HIGH, l -> l.withName("medium"), Set.of("name"));
    changesOnly(HIGH, l -> l.withLoad(150, 32), Set.of("rateRps", "concurrency"));
    changesOnly(HIGH, l -> l.withUrls(List.of("/a")), Set.of("urls"));
    Level ceiling = HIGH.withMaxWarmup(Duration.ofSeconds(60));
    changesOnly(ceiling, l -> l.withWarmup(Duration.ofSeconds(9)), Set.of("warmup"));
    changesOnly(HIGH, l -> l.withMaxWarmup(Duration.ofSeconds(61)), Set.of("maxWarmup"));
    changesOnly(HIGH, l -> l.withRampUp(Duration.ofSeconds(7)), Set.of("rampUp"));
    // the ceiling is never below the shortest warm-up: a warm-up above it lifts it
    assertThat(ceiling.withWarmup(Duration.ofSeconds(90)).maxWarmup()).isEqualTo(Duration.ofSeconds(90));
    changesOnly(HIGH, l -> l.withDuration(Duration.ofSeconds(99)), Set.of("duration"));
    changesOnly(HIGH, l -> l.withTimeout(Duration.ofSeconds(42)), Set.of("timeout"));
    changesOnly(HIGH, l -> l.withGoals(goals), Set.of("goals"));
    changesOnly(HIGH, l -> l.withLine(0), Set.of("line"));
    changesOnly(HIGH, l -> l.withRequest(post), Set.of("request"));
    changesOnly(HIGH, l -> l.withLimits(ContainerLimits.of(null, "500m")), Set.of("limits"));
    Level changed = HIGH.withLoad(150, 32).withDuration(Duration.ofSeconds(99)).withRequest(post);
    assertThat(changed.rateRps()).isEqualTo(150);
    assertThat(changed.concurrency()).isEqualTo(32);
    assertThat(changed.duration()).isEqualTo(Duration.ofSeconds(99));
    assertThat(changed.request()).isEqualTo(post);
    assertThat(changed.goals()).isEqualTo(HIGH.goals());
    assertThat(HIGH.duration()).as("the level copied from is unchanged").isEqualTo(Duration.ofSeconds(20));
  }

  @Test
  void eachPlanWitherChangesOnlyItsPart() {
    Candidate only = PLAN.baselineCandidate();
    changesOnly(PLAN, p -> p.withName("other"), Set.of("name"));
    changesOnly(PLAN, p -> p.withTarget(ServiceSpec.lab("api")), Set.of("target"));
    changesOnly(PLAN, p -> p.withCandidates("x", List.of(Candidate.of("x", List.of(), "r"))),
        Set.of("baseline", "candidates"));
    changesOnly(PLAN, p -> p.withCandidates(only.name(), List.of(only)), Set.of("candidates"));
    changesOnly(PLAN, p -> p.withLevels(List.of(HIGH)), Set.of("levels"));
    changesOnly(PLAN, p -> p.withRepetitions(7), Set.of("repetitions"));
    changesOnly(PLAN, p -> p.withOrder(Plan.Order.INTERLEAVED), Set.of("order"));
    changesOnly(PLAN, p -> p.withCooldown(Duration.ofSeconds(5)), Set.of("cooldown"));
    changesOnly(PLAN, p -> p.withSource(Path.of("other.yaml")), Set.of("source"));
    changesOnly(PLAN, p -> p.withLimits(ContainerLimits.of("512Mi", "1")), Set.of("limits"));
    changesOnly(PLAN, p -> p.withMaxDuration(Duration.ofMinutes(30)), Set.of("maxDuration"));
    changesOnly(PLAN, p -> p.withEarlyStopping(false), Set.of("earlyStopping"));
    changesOnly(PLAN, p -> p.withShuffle(4), Set.of("shuffle"));
    assertThat(PLAN.withLevels(List.of(HIGH)).schedule()).hasSize(PLAN.repetitions() * PLAN.candidates().size());
  }

  @Test
  void aLevelsUrlsReadAsWeightedUrls() {
    assertThat(HIGH.weightedUrls()).containsExactly(WeightedUrl.of(3, "/scenario"), WeightedUrl.of(1, "/work?cpu=1"));
    assertThat(HIGH.withUrls(List.of("/scenario")).weightedUrls()).containsExactly(WeightedUrl.of("/scenario"));
  }

  /** {@code after} differs from {@code before} in the named record components and in no other. */
  private static <T extends Record> void changesOnly(T before, UnaryOperator<T> wither, Set<String> changed) {
    T after = wither.apply(before);
    for (RecordComponent c : before.getClass().getRecordComponents()) {
      Object was = value(c, before);
      Object now = value(c, after);
      if (changed.contains(c.getName())) {
        assertThat(now).as(c.getName() + " changed").isNotEqualTo(was);
      } else {
        assertThat(now).as(c.getName() + " kept").isEqualTo(was);
      }
    }
  }

  private static Object value(RecordComponent c, Object record) {
    try {
      return c.getAccessor().invoke(record);
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }
}
