package io.jtune.experiment.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlanReaderTest {
  static final String GOOD = """
      name: checkout
      target:
        lab: survivor-overflow
      baseline: current
      candidates:
        - name: current
          flags: ""
        - name: survivors
          flags: -Xmn64m -XX:SurvivorRatio=6
          reason: premature promotion
      levels:
        - name: high
          rate: 300
          connections: 64
          urls: ["3 /scenario", "1 /work?cpu=1"]
          warmup: 4s
          duration: 20s
          goals:
            p99: -30%
        - name: low
          concurrency: 2
      goals:
        fgcCount: -50%
        fgcPerDay: <= 4
        throughputRps: -5%
        noFgcOnStartup: true
      repetitions: 4
      order: sequential
      cooldown: 2s
      """;

  private static Plan read(String yaml) {
    return PlanReader.read(new StringReader(yaml), "plan.yaml", Path.of("."));
  }

  @Test
  void readsEveryPartOfAPlan() {
    Plan p = read(GOOD.replace("    connections: 64\n", ""));
    assertThat(p.name()).isEqualTo("checkout");
    assertThat(p.target().lab()).isEqualTo("survivor-overflow");
    assertThat(p.baselineCandidate().flags()).isEmpty();
    assertThat(p.candidate("survivors").orElseThrow().flags()).containsExactly("-Xmn64m", "-XX:SurvivorRatio=6");
    assertThat(p.candidate("survivors").orElseThrow().line()).isEqualTo(8);
    Level high = p.level("high").orElseThrow();
    assertThat(high.open()).isTrue();
    assertThat(high.rateRps()).isEqualTo(300);
    assertThat(high.urls()).containsExactly("3 /scenario", "1 /work?cpu=1");
    assertThat(high.duration()).isEqualTo(Duration.ofSeconds(20));
    // level goals on top of the plan's
    assertThat(high.goals()).containsKeys("p99", "fgcCount", "fgcPerDay", "throughputRps", "noFgcOnStartup");
    assertThat(p.level("low").orElseThrow().goals()).doesNotContainKey("p99");
    Goal tp = high.goals().get("throughputRps");
    assertThat(tp.meetsRelative(-4)).isTrue();
    assertThat(tp.meetsRelative(-6)).isFalse();
    Goal p99 = high.goals().get("p99");
    assertThat(p99.meetsRelative(-31)).isTrue();
    assertThat(p99.meetsRelative(-29)).isFalse();
    assertThat(high.goals().get("fgcPerDay").meetsAbsolute(4)).isTrue();
    assertThat(high.goals().get("fgcPerDay").meetsAbsolute(4.5)).isFalse();
    assertThat(p.repetitions()).isEqualTo(4);
    assertThat(p.order()).isEqualTo(Plan.Order.SEQUENTIAL);
    assertThat(p.schedule()).hasSize(2 * 2 * 4);
    assertThat(p.schedule().get(0).id()).isEqualTo("high-current-r1");
    assertThat(p.schedule().get(1).id()).isEqualTo("high-current-r2");
  }

  @Test
  void containerLimitsAsKubernetesWritesThemPerPlanAndPerLevel() {
    String noConn = GOOD.replace("    connections: 64\n", "");
    Plan p = read(noConn.replace("cooldown: 2s", "cooldown: 2s\nlimits:\n  memory: 512Mi\n  cpu: 0.5")
        .replace("    concurrency: 2\n", "    concurrency: 2\n    limits:\n      cpu: 1500m\n      memory: 1g\n"));
    assertThat(p.limits().memory().bytes()).isEqualTo(512L << 20);
    assertThat(p.limits().cpus().millis()).isEqualTo(500);
    assertThat(p.level("high").orElseThrow().limits().any()).isFalse();
    assertThat(p.limitsAt(p.level("high").orElseThrow()).describe()).isEqualTo("memory 512Mi, 0.5 CPUs");
    assertThat(p.limitsAt(p.level("low").orElseThrow()).describe()).isEqualTo("memory 1g, 1500m CPUs");
    assertThat(read(noConn).anyLimits()).isFalse();
    // a bad value, a misspelt key, an empty mapping: one line naming the plan line
    assertThatThrownBy(() -> read(noConn + "limits:\n  memory: lots\n"))
        .isInstanceOf(PlanException.class)
        .hasMessageStartingWith("plan.yaml line 30: limits: memory 'lots' is not a memory size");
    assertThatThrownBy(() -> read(noConn + "limits:\n  cpus: 2\n"))
        .hasMessageStartingWith("plan.yaml line 30: unknown key 'cpus' in limits").hasMessageContaining("did you mean 'cpu'");
    assertThatThrownBy(() -> read(noConn + "limits:\n  cpu: 0\n")).hasMessageContaining("must be more than 0");
    assertThatThrownBy(() -> read(noConn + "limits: 512Mi\n")).hasMessageContaining("limits must be a mapping");
  }

  @Test
  void aCandidatesOwnLimitsReplaceItsLevelsOfTheSameKindForItsRunsOnly() {
    String noConn = GOOD.replace("    connections: 64\n", "");
    Plan p = read(noConn.replace("cooldown: 2s", "cooldown: 2s\nlimits:\n  memory: 512Mi\n  cpu: 2")
        .replace("    reason: premature promotion\n", "    reason: premature promotion\n    limits: {cpu: 0.5}\n")
        .replace("    concurrency: 2\n", "    concurrency: 2\n    limits:\n      memory: 1g\n"));
    Candidate small = p.candidate("survivors").orElseThrow();
    assertThat(small.limits()).isEqualTo(io.jtune.runtime.container.ContainerLimits.of(null, "0.5"));
    assertThat(p.baselineCandidate().limits().any()).isFalse();
    Level high = p.level("high").orElseThrow();
    Level low = p.level("low").orElseThrow();
    assertThat(p.limitsFor(small, high).describe()).isEqualTo("memory 512Mi, 0.5 CPUs");
    assertThat(p.limitsFor(small, low).describe()).isEqualTo("memory 1g, 0.5 CPUs");
    assertThat(p.limitsFor(p.baselineCandidate(), high).describe()).isEqualTo("memory 512Mi, 2 CPUs");
    assertThat(p.limitsFor(p.baselineCandidate(), low).describe()).isEqualTo("memory 1g, 2 CPUs");
    // a candidate's limits alone are limits of the plan's runs
    assertThat(read(noConn.replace("    reason: premature promotion\n",
        "    reason: premature promotion\n    limits: {memory: 300m}\n")).anyLimits()).isTrue();
    // its errors name the candidate and the plan line, in one line
    assertThatThrownBy(() -> read(noConn.replace("    reason: premature promotion\n",
        "    reason: premature promotion\n    limits: {cpu: half}\n")))
        .isInstanceOf(PlanException.class)
        .hasMessageStartingWith("plan.yaml line 11: candidate 'survivors': limits: cpu 'half'")
        .hasMessageNotContaining("\n");
    assertThatThrownBy(() -> read(noConn.replace("    reason: premature promotion\n",
        "    reason: premature promotion\n    limits: {cpus: 1}\n")))
        .hasMessageStartingWith("plan.yaml line 11: candidate 'survivors': unknown key 'cpus' in limits")
        .hasMessageContaining("did you mean 'cpu'");
    assertThatThrownBy(() -> read(noConn.replace("    reason: premature promotion\n",
        "    reason: premature promotion\n    limits: {}\n")))
        .hasMessageContaining("candidate 'survivors': limits needs 'memory: SIZE'");
  }

  @Test
  void interleavedOrderAlternatesCandidates() {
    Plan p = read(GOOD.replace("    connections: 64\n", "").replace("order: sequential", "order: interleaved"));
    assertThat(p.schedule().subList(0, 4)).extracting(Plan.RunKey::id)
        .containsExactly("high-current-r1", "high-survivors-r1", "high-current-r2", "high-survivors-r2");
  }

  @Test
  void earlyStoppingIsOnUnlessThePlanTurnsItOffAndAShuffleKeepsEveryRunOnce() {
    String plan = GOOD.replace("    connections: 64\n", "").replace("order: sequential", "order: interleaved");
    assertThat(read(plan).earlyStopping()).isTrue();
    assertThat(read(plan).shuffle()).isZero();
    Plan off = read(plan + "earlyStopping: false\nshuffle: 3\n");
    assertThat(off.earlyStopping()).isFalse();
    assertThat(off.shuffle()).isEqualTo(3);
    assertThat(off.schedule()).as("the same runs, in another order")
        .containsExactlyInAnyOrderElementsOf(read(plan).schedule()).isEqualTo(read(plan + "shuffle: 3\n").schedule());
    // each round runs every candidate once, rounds in order
    for (int i = 0; i < off.schedule().size(); i += 2) {
      assertThat(off.schedule().subList(i, i + 2)).extracting(Plan.RunKey::repetition).containsOnly(i % 8 / 2 + 1);
    }
    List<List<String>> orders = new java.util.ArrayList<>();
    for (int n = 1; n <= 6; n++) {
      orders.add(read(plan + "shuffle: " + n + "\n").schedule().stream().map(Plan.RunKey::candidate).toList());
    }
    assertThat(orders.stream().distinct().count()).as("different shuffles, different orders").isGreaterThan(1);
    assertThatThrownBy(() -> read(plan + "earlyStopping: sometimes\n")).isInstanceOf(PlanException.class)
        .hasMessageContaining("line 29").hasMessageContaining("earlyStopping must be true or false");
    assertThatThrownBy(() -> read(plan + "shuffle: -1\n")).isInstanceOf(PlanException.class)
        .hasMessageContaining("shuffle");
  }

  @Test
  void unknownKeyNamesItsLineAndTheLikelyKey() {
    // line 14 of GOOD is "connections: 64": not a key of a level
    assertThatThrownBy(() -> read(GOOD))
        .isInstanceOf(PlanException.class)
        .hasMessageStartingWith("plan.yaml line 14: unknown key 'connections' in a load level")
        .hasMessageContaining("known: name, rate, concurrency");
    assertThatThrownBy(() -> read(GOOD.replace("    connections: 64\n", "").replace("duration: 20s", "durration: 20s")))
        .hasMessageStartingWith("plan.yaml line 16: unknown key 'durration'")
        .hasMessageContaining("did you mean 'duration'");
    assertThatThrownBy(() -> read(GOOD.replace("    connections: 64\n", "").replace("repetitions: 4", "repetitons: 4")))
        .hasMessageStartingWith("plan.yaml line 26: unknown key 'repetitons'")
        .hasMessageContaining("did you mean 'repetitions'");
  }

  @Test
  void nonInferiorityMarginsReadWithTheirSignTowardsWorse() {
    String noConn = GOOD.replace("    connections: 64\n", "");
    Plan p = read(noConn.replace("throughputRps: -5%", "throughputRps: within 5%\n  rssMb: within +10 %\n  p95: within 15%"));
    Level low = p.level("low").orElseThrow();
    Goal tp = low.goals().get("throughputRps");
    assertThat(tp.kind()).isEqualTo(Goal.Kind.NON_INFERIOR);
    assertThat(tp.value()).isEqualTo(-5.0);
    assertThat(tp.demandsBetter()).isFalse();
    assertThat(low.goals().get("rssMb").value()).isEqualTo(10.0);
    assertThat(low.goals().get("p95").value()).isEqualTo(15.0);
    assertThat(low.goals().get("fgcCount").demandsBetter()).isTrue();
    assertThat(tp.describe()).isEqualTo("throughputRps within -5% of baseline (confidence interval)");
    // a sign towards better is a mistake, named
    assertThatThrownBy(() -> read(noConn.replace("throughputRps: -5%", "throughputRps: within +5%")))
        .isInstanceOf(PlanException.class)
        .hasMessageStartingWith("plan.yaml line 24: goal throughputRps: a margin says how much worse it may get")
        .hasMessageContaining("write 'within -5%'");
  }

  @Test
  void missingOrWrongBaselineIsAnError() {
    String noConn = GOOD.replace("    connections: 64\n", "");
    assertThatThrownBy(() -> read(noConn.replace("baseline: current\n", "")))
        .hasMessageContaining("no baseline").hasMessageContaining("current, survivors");
    assertThatThrownBy(() -> read(noConn.replace("baseline: current", "baseline: today")))
        .hasMessageStartingWith("plan.yaml line 4: baseline 'today' is not a candidate");
  }

  @Test
  void badValuesNameTheirLine() {
    String noConn = GOOD.replace("    connections: 64\n", "");
    assertThatThrownBy(() -> read(noConn.replace("p99: -30%", "p99: 30 percent")))
        .hasMessageStartingWith("plan.yaml line 18: goal p99");
    assertThatThrownBy(() -> read(noConn.replace("p99: -30%", "p99s: -30%")))
        .hasMessageStartingWith("plan.yaml line 18: unknown goal 'p99s'").hasMessageContaining("did you mean 'p99'");
    assertThatThrownBy(() -> read(noConn.replace("duration: 20s", "duration: 20 parsecs")))
        .hasMessageStartingWith("plan.yaml line 16:");
    assertThatThrownBy(() -> read(noConn.replace("name: survivors", "name: current")))
        .hasMessageContaining("candidate name 'current' is used twice");
    assertThatThrownBy(() -> read(noConn.replace("    concurrency: 2\n", "    duration: 5s\n")))
        .hasMessageContaining("level 'low' needs 'rate: R'");
    assertThatThrownBy(() -> read(noConn.replace("flags: -Xmn64m", "flags: Xmn64m")))
        .hasMessageContaining("'Xmn64m' is not a JVM flag");
    assertThatThrownBy(() -> read(noConn.replace("repetitions: 4", "repetitions: 0")))
        .hasMessageStartingWith("plan.yaml line 26: repetitions must be between 1 and 100");
  }

  @Test
  void targetNeedsExactlyOneKind() {
    String noConn = GOOD.replace("    connections: 64\n", "");
    assertThatThrownBy(() -> read(noConn.replace("  lab: survivor-overflow", "  command: java {jvmFlags} -jar x.jar")))
        .hasMessageContaining("no {port} placeholder");
    assertThatThrownBy(() -> read(noConn.replace("  lab: survivor-overflow",
        "  command: java {jvmFlags} -jar x.jar --port={port}")))
        .hasMessageContaining("needs 'ready: URL'");
    assertThatThrownBy(() -> read(noConn.replace("  lab: survivor-overflow", "  lab: a\n  command: b")))
        .hasMessageContaining("not both");
  }

  @Test
  void notYamlOrDuplicateKeysAreErrorsWithALine() {
    assertThatThrownBy(() -> read("name: [unclosed\n")).hasMessageContaining("not valid YAML")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    assertThatThrownBy(() -> read("name: a\nname: b\n")).hasMessageStartingWith("plan.yaml line 2: key 'name' is given twice");
    assertThatThrownBy(() -> read("")).hasMessageContaining("empty");
    assertThatThrownBy(() -> read("- a\n- b\n")).hasMessageContaining("the plan must be a mapping");
  }

  private static final String PLAIN = GOOD.replace("    connections: 64\n", "");

  @Test
  void runIdsThatWouldShareADirectoryAreRefused() {
    // level 'hi' + candidate 'a-b' and level 'hi-a' + candidate 'b' both make hi-a-b-r1
    String colliding = PLAIN.replace("name: current", "name: a-b").replace("baseline: current", "baseline: a-b")
        .replace("name: survivors", "name: b").replace("name: high", "name: hi").replace("name: low", "name: hi-a");
    assertThatThrownBy(() -> read(colliding))
        .isInstanceOf(PlanException.class)
        .hasMessageContaining("level 'hi' with candidate 'a-b' and level 'hi-a' with candidate 'b'")
        .hasMessageContaining("hi-a-b-r1");
    // names differing only in case meet on case-insensitive file systems
    assertThatThrownBy(() -> read(PLAIN.replace("name: low", "name: HIGH")))
        .hasMessageContaining("would share the run directory");
  }

  @Test
  void planNameIsUsedInFileNamesOnlyAfterSanitising() {
    Plan traversal = read(PLAIN.replace("name: checkout", "name: ../../../../tmp/x"));
    assertThat(traversal.name()).isEqualTo("../../../../tmp/x");
    assertThat(traversal.fileName()).isEqualTo("tmp-x");
    assertThat(read(PLAIN.replace("name: checkout", "name: my plan (v2)")).fileName()).isEqualTo("my-plan--v2-");
    assertThat(Plan.safeName("..")).isEqualTo("experiment");
    assertThat(Plan.safeName("/")).isEqualTo("experiment");
    assertThat(PlanReader.read(Path.of("/tmp/../weird name!.yaml"), PLAIN.replace("name: checkout\n", "")).name())
        .isEqualTo("weird-name-");
    assertThatThrownBy(() -> read(PLAIN.replace("name: checkout", "name: \"x\\e[2J\"")))
        .hasMessageStartingWith("plan.yaml line 1: plan name must be 1 to 200 characters without control characters");
  }

  @Test
  void aLevelsWarmupGoesOnUntilSteadyUpToItsCeiling() {
    Level high = read(PLAIN.replace("warmup: 4s", "warmup: 4s\n    maxWarmup: 90s")).level("high").orElseThrow();
    assertThat(high.warmup()).isEqualTo(Duration.ofSeconds(4));
    assertThat(high.maxWarmup()).isEqualTo(Duration.ofSeconds(90));
    assertThat(high.steadyWarmup()).isTrue();
    // as long as the warm-up: a fixed warm-up
    Level fixed = read(PLAIN.replace("warmup: 4s", "warmup: 4s\n    maxWarmup: 4s")).level("high").orElseThrow();
    assertThat(fixed.steadyWarmup()).isFalse();
    // written back as read
    String written = new PlanWriter().write(read(PLAIN.replace("warmup: 4s", "warmup: 4s\n    maxWarmup: 90s")));
    assertThat(read(written).level("high").orElseThrow().maxWarmup()).isEqualTo(Duration.ofSeconds(90));
  }

  @Test
  void anOpenLevelsRateCanRampUpWithinItsWarmup() {
    String ramped = PLAIN.replace("warmup: 4s", "warmup: 4s\n    maxWarmup: 40s\n    rampUp: 14s");
    Level high = read(ramped).level("high").orElseThrow();
    assertThat(high.rampUp()).isEqualTo(Duration.ofSeconds(14));
    assertThat(high.ramped()).isTrue();
    assertThat(read(PLAIN).level("high").orElseThrow().ramped()).isFalse();
    // written back as read
    assertThat(read(new PlanWriter().write(read(ramped))).level("high").orElseThrow().rampUp())
        .isEqualTo(Duration.ofSeconds(14));
    assertThatThrownBy(() -> read(PLAIN.replace("warmup: 4s", "warmup: 4s\n    maxWarmup: 10s\n    rampUp: 14s")))
        .hasMessageContaining("rampUp is part of the warm-up, not longer than its ceiling (10s)");
  }

  @Test
  void durationsTimeoutsRatesAndCountsOutsideASaneRangeAreErrors() {
    String[][] cases = {
        {"duration: 20s", "duration: 1e300s", "duration must be between 1s and 86400s"},
        {"duration: 20s", "duration: 0s", "duration must be between"},
        {"warmup: 4s", "warmup: 1e300s", "warmup must be between 0s and 86400s"},
        {"warmup: 4s", "warmup: 4s\n    maxWarmup: 2s", "maxWarmup is the longest warm-up, not shorter than warmup (4s)"},
        {"cooldown: 2s", "cooldown: 2000h", "cooldown must be between 0s and 3600s"},
        {"cooldown: 2s", "cooldown: 2s\nmaxDuration: 0s", "maxDuration must be between 1s and 604800s"},
        {"cooldown: 2s", "cooldown: 2s\nmaxDuration: 200h", "maxDuration must be between 1s and 604800s"},
        {"cooldown: 2s", "cooldown: 2s\nmaxDuration: 8d", "invalid maxDuration '8d' (expected e.g. 10s, 500ms, 2m)"},
        {"duration: 20s", "duration: 20s\n    timeout: 0s", "timeout must be between 0.001s and 3600s"},
        {"duration: 20s", "duration: 20s\n    timeout: 1e300s", "timeout must be between"},
        {"rate: 300", "rate: 1e300", "rate must be between"},
        {"rate: 300", "rate: 0", "rate must be between"},
        {"concurrency: 2", "concurrency: 1000000", "concurrency must be between 1 and 10000"},
        {"repetitions: 4", "repetitions: 9999999999", "repetitions must be between 1 and 100"},
        {"  lab: survivor-overflow", "  lab: survivor-overflow\n  readyTimeout: 0s", "readyTimeout must be between"},
        {"\"3 /scenario\"", "\"99999999999 /scenario\"", "a weight is a whole number from 1 to 1000"},
        {"\"3 /scenario\"", "\"0 /scenario\"", "a weight is a whole number from 1 to 1000"},
        {"\"3 /scenario\"", "\"3 /a b\"", "is not a path such as /scenario"},
        {"\"3 /scenario\"", "\"3 scenario\"", "is not a path such as /scenario"},
        {"\"3 /scenario\"", "\"3 http:///x\"", "is not a path such as /scenario"},
    };
    for (String[] c : cases) {
      assertThatThrownBy(() -> read(PLAIN.replace(c[0], c[1]))).as(c[1])
          .isInstanceOf(PlanException.class).hasMessageContaining(c[2]);
    }
  }

  @Test
  void keysOfTheOtherTargetKindAreRefused() {
    String command = "  command: java {jvmFlags} -jar x.jar --port={port}\n  ready: http://127.0.0.1:{port}/\n";
    assertThatThrownBy(() -> read(PLAIN.replace("  lab: survivor-overflow\n", command + "  labArgs: --x\n")))
        .hasMessageStartingWith("plan.yaml line 5: 'labArgs' is for lab targets");
    assertThatThrownBy(() -> read(PLAIN.replace("  lab: survivor-overflow\n", "  lab: survivor-overflow\n  workDir: /tmp\n")))
        .hasMessageStartingWith("plan.yaml line 4: 'workDir' is for command targets");
    assertThat(read(PLAIN.replace("  lab: survivor-overflow\n", command)).target().isLab()).isFalse();
  }

  @Test
  void aliasesSecondDocumentsAndOversizedPlansAreRefused() {
    String aliased = PLAIN.replace("name: checkout", "name: &n checkout").replace("cooldown: 2s", "cooldown: *n");
    assertThatThrownBy(() -> read(aliased))
        .hasMessageStartingWith("plan.yaml line 28: YAML aliases (*n) are not supported");
    assertThatThrownBy(() -> read(PLAIN + "---\nname: other\n"))
        .hasMessageContaining(": a second YAML document");
    String bigScalar = PLAIN.replace("reason: premature promotion", "reason: " + "x".repeat(2 << 20));
    assertThatThrownBy(() -> read(bigScalar)).hasMessage("plan.yaml: the plan is larger than 1 MB; plans are limited to that size");
    StringBuilder manyCandidates = new StringBuilder(PLAIN.replace("levels:", "  # more below\nlevels:"));
    int at = manyCandidates.indexOf("  # more below");
    for (int i = 0; manyCandidates.length() < (2 << 20); i++) {
      manyCandidates.insert(at, "  - {name: c" + i + ", flags: -Xss1m}\n");
    }
    assertThatThrownBy(() -> read(manyCandidates.toString())).hasMessageContaining("larger than 1 MB");
  }
}
