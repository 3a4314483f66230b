package io.jtune.experiment.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.runtime.container.ContainerLimits;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Plans written by {@link PlanWriter} read back through {@link PlanReader} to equal plans. */
class PlanWriterTest {
  private static final Path JAVA_HOME = Path.of(System.getProperty("java.home"));

  @TempDir Path dir;

  /** A plan without what reading adds (line numbers, the source file), for comparing. */
  static Plan withoutLines(Plan p) {
    ServiceSpec t = p.target();
    ServiceSpec target = new ServiceSpec(t.lab(), t.labArgs(), t.command(), t.ready(), t.readyTimeout(), t.javaHome(), t.workDir(), 0);
    List<Candidate> cs = new ArrayList<>();
    for (Candidate c : p.candidates()) {
      cs.add(c.withLine(0));
    }
    List<Level> ls = new ArrayList<>();
    for (Level l : p.levels()) {
      Map<String, Goal> goals = new LinkedHashMap<>();
      l.goals().forEach((k, g) -> goals.put(k, new Goal(g.metric(), g.kind(), g.value(), g.text(), 0)));
      ls.add(l.withGoals(goals).withLine(0));
    }
    return p.withTarget(target).withCandidates(p.baseline(), cs).withLevels(ls).withSource(null);
  }

  /** Writes, reads back from text, and checks both are the same plan. */
  static Plan roundTrip(Plan plan, Path base) {
    String yaml = new PlanWriter().header(List.of("a header comment")).write(plan);
    Plan back = PlanReader.read(new StringReader(yaml), "written.yaml", base);
    assertThat(withoutLines(back)).as(yaml).isEqualTo(withoutLines(plan));
    // the writer's own account of what it wrote is what the reader gives back: lines and goal order too
    PlanWriter.Written written = new PlanWriter().header(List.of("a header comment")).written(plan);
    assertThat(written.text()).isEqualTo(yaml);
    assertThat(written.plan().withSource(null)).as(yaml).isEqualTo(back);
    for (Level l : back.levels()) {
      assertThat(written.plan().level(l.name()).orElseThrow().goals().keySet()).as(yaml)
          .containsExactlyElementsOf(l.goals().keySet());
    }
    return back;
  }

  private static Goal goal(Metric m, Goal.Kind kind, double value, String text) {
    return new Goal(m, kind, value, text, 0);
  }

  private static Map<String, Goal> goals(Goal... gs) {
    Map<String, Goal> m = new LinkedHashMap<>();
    for (Goal g : gs) {
      m.put(g.key(), g);
    }
    return m;
  }

  private static final Goal THROUGHPUT = goal(Metric.THROUGHPUT, Goal.Kind.RELATIVE, -5, "-5%");
  private static final Goal STARTUP = goal(Metric.STARTUP_FGC, Goal.Kind.AT_MOST, 0, "true");

  private Plan labPlan() {
    List<Candidate> cs = List.of(
        new Candidate("baseline", List.of(), "", null, 0),
        new Candidate("findings", List.of("-Xmn64m", "-XX:SurvivorRatio=6"),
            "Survivor demand 3.6 MB per young GC: \"quoted\", a #hash, a colon: here, 100% and back\\slash.", null, 0),
        new Candidate("odd-text", List.of("-Dgreeting=hello world", "-XX:+AlwaysPreTouch", "-Xms256m", "-Xmx256m", "-XX:+UseG1GC"),
            "  two lines\nand  double  spaces, a tab\tand unicode: Größe \u2028 line separator ", JAVA_HOME, 0));
    List<Level> ls = List.of(
        new Level("high", 200, 24, List.of("3 /scenario", "1 /work?alloc=1024&hold=5"), Duration.ofMillis(1500),
            Duration.ofMinutes(2), Duration.ofMillis(500),
            goals(THROUGHPUT, goal(Metric.P99, Goal.Kind.RELATIVE, -30, "-30%"), STARTUP,
                goal(Metric.FGC_PER_DAY, Goal.Kind.AT_MOST, 4, "<= 4")), 0),
        new Level("medium", 0.5, 16, List.of("/scenario"), Duration.ZERO, Duration.ofNanos(1_500_000_123L),
            Duration.ofSeconds(10),
            goals(THROUGHPUT, STARTUP, goal(Metric.MAX_PAUSE, Goal.Kind.BELOW, 200, "< 200ms"),
                goal(Metric.FGC_PER_DAY, Goal.Kind.AT_MOST, 1, "<= 1")), 0),
        new Level("low", 0, 3, List.of("/scenario"), Duration.ofSeconds(5), Duration.ofSeconds(30), Duration.ofSeconds(10),
            goals(THROUGHPUT, STARTUP, goal(Metric.CPU, Goal.Kind.AT_LEAST, 12.5, ">= 12.5"),
                goal(Metric.RSS, Goal.Kind.ABOVE, 10, "> 10MB"), goal(Metric.P95, Goal.Kind.RELATIVE, 5, "+5%")), 0));
    ServiceSpec lab = new ServiceSpec("survivor-overflow", List.of("--cache", "heap", "--cache-mb", "128"), null, null,
        Duration.ofSeconds(90), JAVA_HOME, null, 0);
    return new Plan("lab plan", lab, "baseline", cs, ls, 5, Plan.Order.SEQUENTIAL, Duration.ofMillis(250), null);
  }

  @Test
  void labPlanReadsBackEqual() {
    Plan back = roundTrip(labPlan(), dir);
    assertThat(back.levels().get(0).goals()).containsKeys("throughputRps", "p99", "noFgcOnStartup", "fgcPerDay");
    assertThat(back.candidate("odd-text").orElseThrow().flags()).contains("-Dgreeting=hello world");
  }

  @Test
  void aCapOnTheWallTimeReadsBack() {
    Plan plan = labPlan().withMaxDuration(Duration.ofMinutes(90));
    assertThat(PlanWriter.toYaml(plan)).contains("\nmaxDuration: \"5400s\"");
    assertThat(roundTrip(plan, dir).maxDuration()).isEqualTo(Duration.ofMinutes(90));
    assertThat(PlanWriter.toYaml(labPlan())).doesNotContain("maxDuration");
    assertThat(roundTrip(labPlan(), dir).maxDuration()).isNull();
  }

  @Test
  void containerLimitsOfThePlanAndOfALevelReadBackAsTheUserWroteThem() {
    Plan plan = labPlan().withLimits(ContainerLimits.of("512Mi", "1.5"));
    List<Level> levels = new ArrayList<>(plan.levels());
    levels.set(1, levels.get(1).withLimits(ContainerLimits.of(null, "500m")));
    levels.set(2, levels.get(2).withLimits(ContainerLimits.of("300m", null)));
    plan = plan.withLevels(levels);
    String yaml = PlanWriter.toYaml(plan);
    assertThat(yaml).contains("limits:\n  memory: \"512Mi\"\n  cpu: \"1.5\"\n")
        .contains("    limits:\n      cpu: \"500m\"\n").contains("    limits:\n      memory: \"300m\"\n");
    Plan back = roundTrip(plan, dir);
    assertThat(back.limits().memory().toString()).isEqualTo("512Mi");
    assertThat(back.limitsAt(back.level("high").orElseThrow())).isEqualTo(ContainerLimits.of("512Mi", "1.5"));
    // a level's own limit replaces the plan's of the same kind and keeps the other
    assertThat(back.limitsAt(back.level("medium").orElseThrow())).isEqualTo(ContainerLimits.of("512Mi", "500m"));
    ContainerLimits low = back.limitsAt(back.level("low").orElseThrow());
    assertThat(low.memory().bytes()).isEqualTo(300L << 20);
    assertThat(low.cpus().millis()).isEqualTo(1500);
    assertThat(labPlan().anyLimits()).isFalse();
    assertThat(PlanWriter.toYaml(labPlan())).doesNotContain("limits:");
  }

  @Test
  void aCandidatesOwnLimitsReadBack() {
    Plan plan = labPlan().withLimits(ContainerLimits.of("512Mi", "2"));
    List<Candidate> cs = new ArrayList<>(plan.candidates());
    Candidate last = cs.get(cs.size() - 1);
    cs.set(cs.size() - 1, last.withLimits(ContainerLimits.of(null, "500m")));
    plan = plan.withCandidates(plan.baseline(), cs);
    String yaml = PlanWriter.toYaml(plan);
    assertThat(yaml).contains("  - name: \"" + last.name() + "\"").contains("    limits:\n      cpu: \"500m\"\n")
        .contains("# its own container limits (500m CPUs) over the level's, for its runs only");
    Plan back = roundTrip(plan, dir);
    Candidate read = back.candidate(last.name()).orElseThrow();
    assertThat(read.limits()).isEqualTo(ContainerLimits.of(null, "500m"));
    assertThat(back.limitsFor(read, back.levels().get(0))).isEqualTo(ContainerLimits.of("512Mi", "500m"));
    assertThat(back.baselineCandidate().limits().any()).isFalse();
  }

  @Test
  void commandPlanWithWorkDirReadsBackEqual() throws IOException {
    Path work = Files.createDirectories(dir.resolve("service"));
    ServiceSpec cmd = new ServiceSpec(null, List.of(), "java {jvmFlags} -jar app.jar --port={port} --name='a b'",
        "http://127.0.0.1:{port}/health", Duration.ofSeconds(30), null, work, 0);
    Plan p = new Plan("cmd", cmd, "base",
        List.of(Candidate.of("base", List.of("-Xmx1g"), "the service as it runs"),
            Candidate.of("g1", List.of("-Xmx1g", "-XX:+UseG1GC", "-XX:MaxGCPauseMillis=50"), "")),
        List.of(new Level("only", 0, 8, List.of("/"), Duration.ofSeconds(10), Duration.ofSeconds(30),
            Duration.ofSeconds(10), Map.of(), 0)),
        Plan.DEFAULT_REPETITIONS, Plan.Order.INTERLEAVED, Duration.ofSeconds(1), null);
    roundTrip(p, dir);
  }

  @Test
  void sharedGoalsAreWrittenOnceAndOwnGoalsPerLevel() {
    String yaml = PlanWriter.toYaml(labPlan());
    // throughput and startup are in every level: once, at the top
    assertThat(yaml.split("throughputRps:", -1)).hasSize(2);
    assertThat(yaml.split("noFgcOnStartup:", -1)).hasSize(2);
    assertThat(yaml.indexOf("throughputRps:")).isLessThan(yaml.indexOf("levels:"));
    // fgcPerDay differs between levels: written in each level that has it
    assertThat(yaml.split("fgcPerDay:", -1)).hasSize(3);
    assertThat(yaml).contains("p99: \"-30%\"  # latency p99: at least 30% lower than the baseline")
        .contains("throughputRps: \"-5%\"  # throughput: at most 5% lower than the baseline")
        .contains("p95: \"+5%\"  # latency p95: at most 5% higher than the baseline")
        .contains("fgcPerDay: \"<= 4\"  # FGC per day: at most 4")
        .contains("# no Full GC while the target starts (a deploy triggers no Full GC)")
        .contains("# Goals (set per load level, since GC behaviour grows with load)");
  }

  @Test
  void nonInferiorityGoalsAreWrittenWithWhatTheyMeanAndReadBack() {
    Plan lab = labPlan();
    List<Level> ls = new ArrayList<>();
    for (Level l : lab.levels()) {
      Map<String, Goal> g = new LinkedHashMap<>(l.goals());
      g.put("throughputRps", Goal.nonInferior(Metric.THROUGHPUT, -5));
      g.put("rssMb", Goal.nonInferior(Metric.RSS, 10));
      ls.add(l.withGoals(g).withLine(0));
    }
    Plan p = lab.withLevels(ls).withSource(null);
    Plan back = roundTrip(p, dir);
    assertThat(back.levels().get(0).goals().get("rssMb").kind()).isEqualTo(Goal.Kind.NON_INFERIOR);
    String yaml = PlanWriter.toYaml(p);
    assertThat(yaml).contains("throughputRps: \"within -5%\"  # throughput: no worse than 5% lower than the baseline")
        .contains("rssMb: \"within +10%\"  # peak RSS: no worse than 10% higher than the baseline")
        .contains("# 'within +10%' is a non-inferiority goal")
        .contains("95 % confidence interval");
    // a plan without them does not explain them
    assertThat(PlanWriter.toYaml(lab)).doesNotContain("non-inferiority");
  }

  @Test
  void readableReasonsAsFoldedParagraphsAndCommentsOnChanges() {
    Plan p = new Plan("readable", ServiceSpec.lab("api"), "baseline",
        List.of(Candidate.of("baseline", List.of("-Xms1g", "-Xmx1g"), "as it runs"),
            Candidate.of("bigger-young", List.of("-Xms1g", "-Xmx1g", "-Xmn256m"),
                "Young is 7% of the heap; an API service wants about a quarter, so the young generation grows to 256 MB"
                    + " and young GCs come four times less often while requests keep their data short-lived.")),
        List.of(new Level("high", 100, 16, List.of("/scenario"), Duration.ofSeconds(5), Duration.ofSeconds(30),
            Duration.ofSeconds(10), goals(THROUGHPUT), 0)),
        3, Plan.Order.INTERLEAVED, Duration.ofSeconds(5), null);
    String yaml = new PlanWriter().header(List.of("written by a test")).write(p);
    assertThat(yaml).startsWith("# written by a test\n")
        .contains("  # vs baseline: adds -Xmn256m\n")
        .contains("    reason: >-\n      Young is 7% of the heap;")
        .contains("# 2 candidates x 1 levels x 3 repetitions = 6 runs, about 4 minutes");
    assertThat(yaml.lines().mapToInt(String::length).max().orElseThrow()).isLessThanOrEqualTo(100);
    roundTrip(p, dir);
  }

  @Test
  void writtenFileReadsBackThroughThePathReader() throws IOException {
    Plan plan = labPlan();
    Path file = dir.resolve("plan.yaml");
    StringWriter w = new StringWriter();
    new PlanWriter().write(plan, w);
    Files.writeString(file, w.toString());
    Plan back = PlanReader.read(file);
    assertThat(back.source()).isEqualTo(file.toAbsolutePath());
    assertThat(withoutLines(back)).isEqualTo(withoutLines(plan));
  }

  @Test
  void durationsAndNumbersReadBackExactly() {
    assertThat(YamlText.duration(Duration.ofSeconds(30))).isEqualTo("30s");
    assertThat(YamlText.duration(Duration.ofMillis(500))).isEqualTo("500ms");
    assertThat(YamlText.duration(Duration.ofNanos(1_500_000_123L))).isEqualTo("1.500000123s");
    assertThat(YamlText.foldable("a b c")).isTrue();
    assertThat(YamlText.foldable("a  b")).isFalse();
    assertThat(YamlText.foldable(" a")).isFalse();
    assertThat(YamlText.foldable("a\nb")).isFalse();
    assertThat(YamlText.wrap("one two three four", 9)).containsExactly("one two", "three", "four");
  }
}
