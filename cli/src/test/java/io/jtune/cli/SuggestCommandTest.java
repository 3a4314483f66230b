package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.runtime.lab.LabLaunch;
import io.jtune.runtime.lab.LabLauncher;
import io.jtune.runtime.lab.RunningLab;
import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.LevelRequest;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanReader;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** `jtune suggest` on corpus logs and on a GC log of a real lab run: text, plan YAML, JSON, bad usage. */
@ExtendWith(UseLabJar.class)
class SuggestCommandTest {
  private static final Path LAB_JAR = UseLabJar.LAB_JAR;
  /** JDK 8 Serial: premature promotion, Metadata GC Threshold, System.gc(), frequent Full GCs. */
  private static final String SERIAL_8 = "gctoolkit-testdata/gctoolkit-gclogs__preunified__serial__defnew__details__tenuring__180__serial180.log";
  /** JDK 8 ParNew+CMS, 15 GB heap, a promotion failure. */
  private static final String CMS_8 = "gctoolkit-testdata/gctoolkit-gclogs__preunified__cms__parnew__details__tenuring__180__fls__bob.log";
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  /**
   * A unified log whose header says "Using Serial" and a 96 MB heap, and no --flags: the baseline
   * runs exactly that (not the JVM's default heap), and every candidate is a whole configuration
   * with its heap bounds and collector explicit.
   */
  @Test
  void theBaselineRunsWhatTheLogStates() throws Exception {
    Path src = Files.writeString(dir.resolve("Alloc.java"), """
        public class Alloc {
          public static void main(String[] a) {
            java.util.List<byte[]> keep = new java.util.ArrayList<>();
            for (int i = 0; i < 200_000; i++) {
              byte[] b = new byte[8192];
              if (i % 20 == 0) { keep.add(b); if (keep.size() > 4000) keep.remove(0); }
            }
            System.out.println(keep.size());
          }
        }
        """);
    Path log = dir.resolve("gc.log");
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:+UseSerialGC", "-Xms96m", "-Xmx96m", "-Xlog:gc*:file=" + log, src.toString())
        .redirectErrorStream(true).redirectOutput(dir.resolve("out.txt").toFile()).start();
    try {
      assertThat(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
    } finally {
      p.destroyForcibly();
    }
    CliRun r = CliRun.of("suggest", "--format", "json", log.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode doc = new ObjectMapper().readTree(r.out());
    List<String> base = new java.util.ArrayList<>();
    doc.path("baseline").path("flags").forEach(f -> base.add(f.asText()));
    assertThat(base).contains("-Xms96m", "-Xmx96m", "-XX:+UseSerialGC");
    assertThat(doc.path("candidates")).isNotEmpty();
    for (JsonNode c : doc.path("candidates")) {
      List<String> flags = new java.util.ArrayList<>();
      c.path("flags").forEach(f -> flags.add(f.asText()));
      assertThat(flags).as(c.path("name").asText()).anyMatch(f -> f.startsWith("-Xmx"))
          .anyMatch(f -> f.matches("-XX:\\+Use\\w+GC"));
    }
  }

  @Test
  void pidReadsTheBaselineFromTheRunningJvm() throws Exception {
    Path src = Files.writeString(dir.resolve("Wait.java"), """
        public class Wait {
          public static void main(String[] a) throws Exception {
            System.out.println("ready");
            System.out.flush();
            Thread.sleep(60_000);
          }
        }
        """);
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-XX:+UseSerialGC", "-Xms80m", "-Xmx80m", "-Xmn20m", src.toString()).redirectErrorStream(true).start();
    try {
      java.io.BufferedReader ready = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream()));
      assertThat(ready.readLine()).isEqualTo("ready");
      // the log is an older JVM's (JDK 8, its own sizes): the running service's flags are the baseline
      CliRun r = CliRun.of("suggest", "--format", "json", "--pid", Long.toString(p.pid()), log(SERIAL_8));
      assertThat(r.exitCode()).as(r.err()).isZero();
      List<String> base = new java.util.ArrayList<>();
      new ObjectMapper().readTree(r.out()).path("baseline").path("flags").forEach(f -> base.add(f.asText()));
      assertThat(base).contains("-Xms80m", "-Xmx80m", "-Xmn20m", "-XX:+UseSerialGC");

      CliRun both = CliRun.of("suggest", "--pid", Long.toString(p.pid()), "--flags", "-Xmx1g", log(SERIAL_8));
      assertThat(both.exitCode()).isEqualTo(2);
      assertThat(both.err()).startsWith("jtune: --pid and --flags both give the baseline's flags");
    } finally {
      p.destroyForcibly();
      p.waitFor();
    }
    CliRun gone = CliRun.of("suggest", "--pid", Long.toString(p.pid()), log(SERIAL_8));
    assertThat(gone.exitCode()).isEqualTo(2);
    assertThat(gone.err().lines().count()).isEqualTo(1);
  }

  private static String log(String name) {
    return CliRun.corpusFile(name).toString();
  }

  private Plan readPlan(String yaml) {
    return PlanReader.read(new StringReader(yaml), "plan.yaml", dir);
  }

  @Test
  void textShowsCandidatesWithReasonsAndWritesThePlan() throws Exception {
    Path out = dir.resolve("plan.yaml");
    CliRun r = CliRun.of("suggest", log(SERIAL_8), "-o", out.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("Suggestion for Serial", "Evidence", "Candidates", "1. findings", "2. young-sizing",
        "why:", "-XX:MetaspaceSize=64m", "metaspace peak 24.9 MB",
        "Load levels and goals (set per level, since GC behaviour grows with load)");
    assertThat(r.err()).contains("jtune: plan written to " + out);
    Plan p = PlanReader.read(out);
    assertThat(p.baseline()).isEqualTo("baseline");
    assertThat(p.candidates()).hasSizeBetween(3, 5);
    assertThat(p.target().command()).isEqualTo(SuggestCommand.TEMPLATE_COMMAND);
    assertThat(Files.readString(out)).contains("# EDIT: the command that starts your service");
  }

  @Test
  void yamlToStdoutIsAPlanForTheGivenCommand() {
    CliRun r = CliRun.of("suggest", "--format", "yaml", "--qps", "300", "--concurrency", "12",
        "--command", "java {jvmFlags} -jar app.jar --server.port={port}", "--ready", "http://127.0.0.1:{port}/health",
        log(CMS_8));
    assertThat(r.exitCode()).as(r.err()).isZero();
    Plan p = readPlan(r.out());
    assertThat(p.target().command()).isEqualTo("java {jvmFlags} -jar app.jar --server.port={port}");
    assertThat(p.levels()).extracting(l -> l.rateRps()).containsExactly(300.0, 150.0, 60.0);
    // a command runs exactly the candidate's flags: the whole configuration, the log's flags included
    Candidate base = p.baselineCandidate();
    assertThat(base.flags()).contains("-XX:+UseConcMarkSweepGC").noneMatch(f -> f.contains("HeapDumpPath"));
    Candidate g1 = p.candidate("g1").orElseThrow();
    assertThat(g1.flags()).contains("-XX:+UseG1GC").noneMatch(f -> f.contains("ConcMarkSweep"));
  }

  @Test
  void jdk17TargetGetsNoCmsFlags() {
    CliRun r = CliRun.of("suggest", "--format", "yaml", "--jdk", "17", log(CMS_8));
    assertThat(r.exitCode()).as(r.err()).isZero();
    Plan p = readPlan(r.out());
    for (Candidate c : p.candidates()) {
      if (!c.name().equals("baseline")) {
        assertThat(c.flags()).as(c.name()).noneMatch(f -> f.contains("CMS") || f.contains("ConcMarkSweep")
            || f.contains("ParNew") || f.contains("PermSize"));
      }
    }
    assertThat(r.out()).contains("# Note: ").contains("removed in JDK 14");
  }

  @Test
  void jsonHasTheSuggestion() throws Exception {
    CliRun r = CliRun.of("suggest", "--format", "json", log(SERIAL_8));
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode j = JSON.readTree(r.out());
    assertThat(j.get("schema").asText()).isEqualTo("jtune.suggestion/1");
    assertThat(j.get("gcNotTheProblem").asBoolean()).isFalse();
    assertThat(j.get("candidates").size()).isBetween(2, 4);
    assertThat(j.get("candidates").get(0).get("reason").asText()).isNotBlank();
    // the goals follow the diagnosis: premature promotion must cut p99 at the highest load
    assertThat(j.get("diagnosis").get("primary").asText()).isEqualTo("premature-promotion");
    assertThat(j.get("levels").get(0).get("goals").get("p99").asText()).isEqualTo("-10%");
    assertThat(j.get("levels").get(0).get("goals").get("throughputRps").asText()).isEqualTo("within -5%");
  }

  @Test
  void gcNotTheProblemIsSaidPlainly() {
    CliRun r = CliRun.of("suggest", log("GCViewer/src__test__resources__openjdk__SampleSun1_8_0Series-Part2.txt"));
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("GC is not the problem").contains("Low-risk candidates only");
  }

  @Test
  void badUsageIsOneLineAndExit2() {
    for (String[] args : List.of(
        new String[] {"suggest", "--command", "java -jar x.jar", "--ready", "http://x/", log(SERIAL_8)},
        new String[] {"suggest", "--command", "java {jvmFlags} -jar x.jar --port={port}", log(SERIAL_8)},
        new String[] {"suggest", "--ready", "http://x/", log(SERIAL_8)},
        new String[] {"suggest", "--lab", "api", "--command", "java {jvmFlags} {port}", "--ready", "u", log(SERIAL_8)},
        new String[] {"suggest", "--jstat", dir.resolve("none.txt").toString(), log(SERIAL_8)},
        new String[] {"suggest", "--lab", "no-such-scenario", log(SERIAL_8)},
        new String[] {"suggest", "--qps", "0", log(SERIAL_8)},
        new String[] {"suggest", dir.resolve("missing.log").toString()})) {
      CliRun r = CliRun.of(args);
      assertThat(r.exitCode()).as(String.join(" ", args) + ": " + r.err()).isEqualTo(2);
      assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
      assertThat(r.err()).startsWith("jtune: ").doesNotContain("Exception");
    }
    // a level timeout the plan would refuse when read back
    CliRun longWait = CliRun.of("suggest", "--timeout", "90m", log(SERIAL_8));
    assertThat(longWait.exitCode()).isEqualTo(2);
    assertThat(longWait.err().strip()).isEqualTo("jtune: --timeout is at most 1h (the longest wait a plan takes)");
  }

  /** A GC log of the lab's survivor-overflow scenario under its own load, then a plan for that lab. */
  @Test
  void realSurvivorOverflowRunGetsBiggerSurvivors() throws Exception {
    Path gcLog = dir.resolve("gc.log");
    try (RunningLab lab = LabLauncher.at(LAB_JAR).start(LabLaunch.of("survivor-overflow")
        .withJvmFlags(List.of("-Xlog:gc*,gc+age=trace:file=" + gcLog + ":uptime,level,tags")))) {
      CliRun load = CliRun.of("load", "-q", "-c", "2", "-d", "8s", lab.resolve("/scenario").toString());
      assertThat(load.exitCode()).as(load.err()).isZero();
    }
    CliRun r = CliRun.of("suggest", "--lab", "survivor-overflow", "--format", "yaml", gcLog.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    Plan p = readPlan(r.out());
    assertThat(p.target().lab()).isEqualTo("survivor-overflow");
    assertThat(p.baselineCandidate().flags()).isEmpty();
    assertThat(p.baselineCandidate().reason()).contains("-Xmn19m", "-XX:SurvivorRatio=8");
    // the scenario's own load: 150 req/s on 4 connections, then half and a fifth of it
    assertThat(p.levels()).extracting(l -> l.rateRps()).containsExactly(150.0, 75.0, 30.0);
    assertThat(p.levels()).extracting(l -> l.concurrency()).containsOnly(4);
    // survivors overflow at SurvivorRatio=8 with 19 MB young: every candidate that sizes survivors gives them more room
    List<Candidate> sized = p.candidates().stream()
        .filter(c -> c.flags().stream().anyMatch(f -> f.startsWith("-XX:SurvivorRatio="))).toList();
    assertThat(sized).isNotEmpty();
    for (Candidate c : sized) {
      long survivorKb = survivorKb(c.flags());
      assertThat(survivorKb).as(c.name() + " " + c.flags()).isGreaterThan(19 * 1024 / 10);
    }
    // a collector change on the lab switches the scenario's Serial off
    p.candidate("g1").ifPresent(g1 -> assertThat(g1.flags()).startsWith("-XX:-UseSerialGC", "-XX:+UseG1GC"));
  }

  @Test
  void theLoadsRequestOptionsGoIntoEveryLevelOfThePlan() throws Exception {
    Path out = dir.resolve("plan.yaml");
    // --flags keeps a value that starts like -X (--method)
    CliRun r = CliRun.of("suggest", "--flags", "-Xmx512m -XX:+UseSerialGC", "--command",
        "java {jvmFlags} -jar app.jar --port={port}", "--ready", "https://127.0.0.1:{port}/health",
        "--url", "/login", "--url", "/items", "--weights", "3,1", "-X", "POST",
        "-H", "Authorization: Basic ${env:BASIC_CREDENTIALS}", "--body", "user=u&item=7", "--timeout", "3s", "--insecure",
        "-o", out.toString(), log(SERIAL_8));
    assertThat(r.exitCode()).as(r.err()).isZero();
    Plan p = PlanReader.read(out);
    assertThat(p.baselineCandidate().flags()).contains("-Xmx512m");
    assertThat(p.levels()).hasSizeGreaterThan(1);
    for (Level l : p.levels()) {
      assertThat(l.urls()).as(l.name()).containsExactly("3 /login", "1 /items");
      assertThat(l.request()).as(l.name())
          .isEqualTo(new LevelRequest("POST", List.of("Authorization: Basic ${env:BASIC_CREDENTIALS}"), "user=u&item=7",
              true));
      assertThat(l.timeout()).as(l.name()).hasSeconds(3);
    }
    assertThat(Files.readString(out)).doesNotContain("Edit the levels' urls");
    CliRun both = CliRun.of("suggest", "--command", "java {jvmFlags} -jar app.jar --port={port}", "--ready",
        "http://127.0.0.1:{port}/", "--url", "2 /login", "--weights", "3", log(SERIAL_8));
    assertThat(both.exitCode()).isEqualTo(2);
    assertThat(both.err().strip()).isEqualTo("jtune: --url '2 /login' has a weight, and --weights gives one: use one of them");
  }

  /** Survivor size in KB from -Xmn (the scenario's 19 MB when not changed) and SurvivorRatio. */
  private static long survivorKb(List<String> flags) {
    long youngKb = 19 * 1024;
    int ratio = 8;
    for (String f : flags) {
      if (f.startsWith("-Xmn") && f.endsWith("m")) {
        youngKb = Long.parseLong(f.substring(4, f.length() - 1)) * 1024;
      } else if (f.startsWith("-XX:SurvivorRatio=")) {
        ratio = Integer.parseInt(f.substring("-XX:SurvivorRatio=".length()));
      }
    }
    return youngKb / (ratio + 2);
  }

  @Test
  void aContainerLimitBoundsTheHeapAndABadOneIsAUsageError() {
    String log = CliRun.corpusFile("../casebook/container-default-heap.log").toString();
    // one pair of options fills the advice and the plan's limits
    CliRun r = CliRun.of("suggest", "--memory-limit", "512Mi", "--cpus", "1", "--format", "yaml", log);
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("container-fit").contains("-XX:ActiveProcessorCount=1")
        .containsPattern("(?m)^limits:\\s*\\n\\s+memory: \"?512Mi\"?\\s*\\n\\s+cpu: \"?1\"?");
    // the older names still work, as hidden aliases
    CliRun old = CliRun.of("suggest", "--container-memory-limit", "512Mi", log);
    assertThat(old.exitCode()).as(old.err()).isZero();
    assertThat(old.out()).contains("container-fit").contains("Heap budget: the 512.0 MB container limit (--memory-limit)")
        .contains("No -Xmx: the JVM's default heap");
    assertThat(CliRun.of("suggest", "--help").out()).doesNotContain("--container-memory-limit").contains("--memory-limit");
    CliRun bad = CliRun.of("suggest", "--container-memory-limit", "lots", log);
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.err().strip().lines().count()).as(bad.err()).isLessThanOrEqualTo(2);
    assertThat(bad.err()).contains("'lots' is not a memory size").doesNotContain("Exception");
  }
}
