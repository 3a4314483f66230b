package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * `jtune experiment` as a user runs it: a separate jtune JVM killed with SIGKILL and SIGINT
 * mid-run (no lab JVM may survive it), `--resume` finishing the plan, and two identical
 * candidates reported as not different.
 */
@ExtendWith(UseLabJar.class)
class ExperimentCommandTest {
  private static final Path LAB_JAR = UseLabJar.LAB_JAR;
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Two identical candidates: whatever differs between them is noise. */
  private static final String TWINS = """
      name: twins
      target: {lab: api}
      baseline: a
      candidates:
        - {name: a, flags: "-Xss512k"}
        - {name: b, flags: "-Xss512k"}
      levels:
        - {name: l, concurrency: 4, warmup: 1s, duration: 3s, goals: {p99: -30%}}
      repetitions: 3
      cooldown: 0s
      """;

  @TempDir Path dir;

  private Process jtune(Path plan, Path out) throws IOException {
    List<String> cmd = new java.util.ArrayList<>(CliRun.childJtune("-Djtune.lab.jar=" + LAB_JAR));
    cmd.addAll(List.of("experiment", plan.toString(), "--out", out.toString()));
    return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("jtune-out.txt").toFile()).start();
  }

  private static long results(Path out) throws IOException {
    Path runs = out.resolve("runs");
    if (!Files.isDirectory(runs)) {
      return 0;
    }
    try (Stream<Path> s = Files.list(runs)) {
      return s.filter(p -> Files.exists(p.resolve("result.json"))).count();
    }
  }

  private static void awaitResults(Path out, long n, Process p) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (results(out) < n) {
      assertThat(p.isAlive()).as("jtune still running").isTrue();
      assertThat(System.nanoTime()).as("waiting for " + n + " results").isLessThan(deadline);
      Thread.sleep(100);
    }
  }

  /**
   * Waits until a run without a result is under load (its load.hlog, opened when the load
   * starts, exists: the lab answered its readiness check) and a lab of jtune {@code p} is alive.
   */
  private static void awaitLoadedRun(Path out, Process p) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (!(runUnderLoad(out) && !labsOf(p.pid()).isEmpty())) {
      assertThat(p.isAlive()).as("jtune still running").isTrue();
      assertThat(System.nanoTime()).as("waiting for a run under load").isLessThan(deadline);
      Thread.sleep(100);
    }
  }

  private static boolean runUnderLoad(Path out) throws IOException {
    Path runs = out.resolve("runs");
    if (!Files.isDirectory(runs)) {
      return false;
    }
    try (Stream<Path> s = Files.list(runs)) {
      return s.anyMatch(r -> Files.exists(r.resolve("load.hlog")) && !Files.exists(r.resolve("result.json")));
    }
  }

  /** Lab JVMs started for the given jtune pid (the lab gets it as --parent-pid). */
  private static List<ProcessHandle> labsOf(long jtunePid) {
    return ProcessHandle.allProcesses().filter(ProcessHandle::isAlive)
        .filter(h -> h.info().commandLine().orElse("").contains("--parent-pid " + jtunePid)).toList();
  }

  private static void awaitNoLab(long pid, int seconds) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (!labsOf(pid).isEmpty() && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    assertThat(labsOf(pid)).as("lab JVMs of jtune " + pid).isEmpty();
  }

  /** Each run's result.json by run id (what --resume keeps). */
  static Map<String, byte[]> resultFiles(Path out) throws IOException {
    Map<String, byte[]> m = new LinkedHashMap<>();
    try (Stream<Path> s = Files.list(out.resolve("runs"))) {
      for (Path run : s.sorted().toList()) {
        if (Files.exists(run.resolve("result.json"))) {
          m.put(run.getFileName().toString(), Files.readAllBytes(run.resolve("result.json")));
        }
      }
    }
    return m;
  }

  @Test
  void sigkillLeavesNoTargetAndResumeFinishesWithTheSameRunsAndNoDifferenceBetweenTwins() throws Exception {
    Path plan = Files.writeString(dir.resolve("twins.yaml"), TWINS);
    Path out = dir.resolve("run");
    Process p = jtune(plan, out);
    try {
      awaitResults(out, 2, p);
      awaitLoadedRun(out, p); // inside the third run: its lab is up and loaded
      assertThat(labsOf(p.pid())).as("a lab runs for jtune").isNotEmpty();
      p.destroyForcibly(); // SIGKILL: jtune cannot clean up, the lab's parent watchdog must
      assertThat(p.waitFor(10, TimeUnit.SECONDS)).isTrue();
      awaitNoLab(p.pid(), 10);
    } finally {
      p.destroyForcibly();
    }
    Map<String, byte[]> before = resultFiles(out);
    assertThat(before).hasSizeBetween(2, 3);

    CliRun resumed = CliRun.of("experiment", "--resume", out.toString(), "--format", "json");
    assertThat(resumed.exitCode()).as(resumed.err()).isZero();
    assertThat(resumed.err()).contains("kept from the earlier attempt");
    Map<String, byte[]> after = resultFiles(out);
    assertThat(after).hasSize(6);
    for (Map.Entry<String, byte[]> e : before.entrySet()) {
      assertThat(after.get(e.getKey())).as(e.getKey() + " kept as it was").isEqualTo(e.getValue());
    }
    // the report is made from the result files alone: the same as reporting the directory afresh
    CliRun report = CliRun.of("experiment", "--report", out.toString(), "--format", "json");
    assertThat(report.exitCode()).isZero();
    assertThat(JSON.readTree(resumed.out())).isEqualTo(JSON.readTree(report.out()));
    assertThat(JSON.readTree(Files.readString(out.resolve("experiment.json")))).isEqualTo(JSON.readTree(report.out()));

    JsonNode json = JSON.readTree(resumed.out());
    assertThat(json.path("schema").asText()).isEqualTo("jtune.experiment/1");
    JsonNode level = json.path("levels").get(0);
    assertThat(level.path("winner").isNull()).isTrue();
    JsonNode b = level.path("candidates").get(1);
    assertThat(b.path("name").asText()).isEqualTo("b");
    assertThat(b.path("metrics").path("p99").path("values")).hasSize(3);
    // identical twins: the p99 goal is not met, and nearly every metric shows no significant difference
    assertThat(b.path("goals").get(0).path("met").asBoolean()).isFalse();
    List<String> significant = new ArrayList<>();
    b.path("deltas").fields().forEachRemaining(e -> {
      if (e.getValue().path("significant").asBoolean()) {
        significant.add(e.getKey());
      }
    });
    // (each interval is 95 %: about one metric in twenty may show a difference by chance, more
    // on a machine busy with other work; p99 of 3 s runs is the noisiest). The young-GC pause
    // time metrics are all made from the same pause durations, so a chance difference in them
    // shows in all six at once: they count as one, as do the requests lined up with those pauses.
    List<String> pauseTimeFamily = List.of("ygcTimeTotal", "ygcMsPerMinPeak", "ygcMsPerMinMean", "ygcPause",
        "maxPause", "gcTimeShare", "slowInPausePct", "allInPausePct", "pauseMsPerSlow", "pauseMsInSlow");
    long independent = significant.stream().filter(m -> !pauseTimeFamily.contains(m)).count()
        + (significant.stream().anyMatch(pauseTimeFamily::contains) ? 1 : 0);
    assertThat(independent).as("significant: " + significant).isLessThanOrEqualTo(4);
    JsonNode p99 = b.path("deltas").path("p99");
    assertThat(p99.path("significant").asBoolean() ? Math.abs(p99.path("pct").asDouble()) : 0.0)
        .as("p99 of twins").isLessThan(35.0);
    // honest numbers: no change below -100 %, the same values on both sides are "=", and twins are not adopted
    b.path("deltas").fields().forEachRemaining(e -> {
      JsonNode d = e.getValue();
      if (!d.path("pctLow").isNull()) {
        assertThat(d.path("pctLow").asDouble()).as(e.getKey()).isGreaterThanOrEqualTo(-100);
      }
      if (d.path("status").asText().equals("equal")) {
        assertThat(d.path("change").asText()).as(e.getKey()).isEqualTo("=");
        assertThat(d.path("significant").asBoolean()).isFalse();
      }
    });
    assertThat(b.path("deltas").path("errors").path("status").asText()).isEqualTo("equal");
    assertThat(json.path("recommendation").path("verdict").asText()).isIn("not-a-gc-problem", "keep-baseline", "inconclusive");
    assertThat(json.path("recommendation").path("winner").isNull()).isTrue();
    String text = Files.readString(out.resolve("report.txt"));
    assertThat(text).contains("no significant difference", "n.s.", "Winner at l: none", "Keep a", "Verdict: ");
  }

  @Test
  void sigintStopsTheTargetAndResumeRedoesTheInterruptedRun() throws Exception {
    // four runs of 8 s: the signal lands inside the second, and when a busy host makes the test see
    // that run late (the full run once saw jtune finish before the signal), runs are still left
    Path plan = Files.writeString(dir.resolve("twins.yaml"), TWINS.replace("repetitions: 3", "repetitions: 2")
        .replace("duration: 3s", "duration: 8s"));
    Path out = dir.resolve("run");
    Process p = jtune(plan, out);
    try {
      awaitResults(out, 1, p);
      awaitLoadedRun(out, p); // inside the second run: its lab is up and loaded
      assertThat(labsOf(p.pid())).isNotEmpty();
      new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
      // stopping waits for the run's service to go (its shutdown hook): a full test run on 2 cores
      // once took more than 20 s
      assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("jtune exits after SIGINT").isTrue();
      assertThat(p.exitValue()).isNotZero();
      awaitNoLab(p.pid(), 3); // stopped by jtune's shutdown hook, not by the watchdog
    } finally {
      p.destroyForcibly();
    }
    long kept = results(out);
    assertThat(kept).isBetween(1L, 3L);
    CliRun resumed = CliRun.of("experiment", "--resume", out.toString());
    assertThat(resumed.exitCode()).as(resumed.err()).isZero();
    assertThat(resumed.out() + resumed.err()).contains("kept from the earlier attempt");
    assertThat(results(out)).isEqualTo(4);
  }

  @Test
  void badUsageAndBadPlansAreOneLineErrors() throws Exception {
    CliRun none = CliRun.of("experiment");
    assertThat(none.exitCode()).isEqualTo(2);
    assertThat(none.err()).startsWith("jtune: ").contains("exactly one of");
    CliRun missing = CliRun.of("experiment", dir.resolve("nope.yaml").toString());
    assertThat(missing.exitCode()).isEqualTo(2);
    assertThat(missing.err().strip()).isEqualTo("jtune: plan file not found: " + dir.resolve("nope.yaml"));
    Path bad = Files.writeString(dir.resolve("bad.yaml"), TWINS.replace("cooldown: 0s", "cooldwn: 0s"));
    CliRun unknown = CliRun.of("experiment", bad.toString());
    assertThat(unknown.exitCode()).isEqualTo(2);
    assertThat(unknown.err().strip()).startsWith("jtune: " + bad + " line 10: unknown key 'cooldwn'")
        .contains("did you mean 'cooldown'").doesNotContain("\n");
    CliRun resumeOff = CliRun.of("experiment", "--resume", dir.toString(), "--no-early-stopping");
    assertThat(resumeOff.exitCode()).isEqualTo(2);
    assertThat(resumeOff.err().strip()).startsWith("jtune: --no-early-stopping and --shuffle go with a plan file")
        .doesNotContain("\n");
    Path good = Files.writeString(dir.resolve("good.yaml"), TWINS);
    CliRun badShuffle = CliRun.of("experiment", good.toString(), "--shuffle", "0", "--out", dir.resolve("x").toString());
    assertThat(badShuffle.exitCode()).isEqualTo(2);
    assertThat(badShuffle.err().strip()).isEqualTo("jtune: --shuffle must be at least 1");
    CliRun notDir = CliRun.of("experiment", "--resume", dir.toString());
    assertThat(notDir.exitCode()).isEqualTo(2);
    assertThat(notDir.err()).contains("is not an experiment run directory");
  }

  /**
   * {@code --fail-on-goals}: twins at one run a side meet no relative goal (there is no interval),
   * so the gate fails, after the reports are written; the same runs judged against a goal both
   * meet pass it.
   */
  @Test
  void failOnGoalsExitsFourWhenNoCandidateMeetsTheGoals() throws Exception {
    Path plan = Files.writeString(dir.resolve("twins.yaml"), TWINS.replace("repetitions: 3", "repetitions: 1")
        .replace("duration: 3s", "duration: 1s"));
    Path out = dir.resolve("gate");
    Path page = dir.resolve("gate.html");
    CliRun run = CliRun.of("experiment", plan.toString(), "--out", out.toString(), "--fail-on-goals", "--format", "html",
        "-o", page.toString());
    assertThat(run.exitCode()).as(run.err()).isEqualTo(4);
    assertThat(run.err()).contains("jtune: --fail-on-goals: no candidate meets the goals");
    // -o: the report in the asked format goes to the file (the run directory's report.html), and the reports are named
    assertThat(run.out()).isEmpty();
    assertThat(run.err()).contains("report written to " + page, out.resolve("report.html").toString());
    assertThat(Files.mismatch(page, out.resolve("report.html"))).as("-o and the run directory's report.html").isEqualTo(-1L);
    assertThat(Files.readString(out.resolve("report.txt"))).contains("Keep a");
    assertThat(out.resolve("experiment.json")).isRegularFile();
    Path again = dir.resolve("again.html");
    assertThat(CliRun.of("experiment", "--report", out.toString(), "--format", "html", "-o", again.toString()).exitCode())
        .isZero();
    assertThat(Files.mismatch(page, again)).as("--report DIR --format html -o").isEqualTo(-1L);
    assertThat(CliRun.of("experiment", "--report", out.toString()).exitCode()).isZero();
    assertThat(CliRun.of("experiment", "--report", out.toString(), "--fail-on-goals").exitCode()).isEqualTo(4);

    Path saved = out.resolve("plan.yaml");
    Files.writeString(saved, Files.readString(saved).replace("p99: -30%", "p99: < 60000"));
    CliRun met = CliRun.of("experiment", "--report", out.toString(), "--fail-on-goals");
    assertThat(met.exitCode()).as(met.err()).isZero();
    // met goals are not an improvement: with one run a side and nothing improved, nothing is adopted
    assertThat(met.out()).contains("Verdict: ", "Keep a").doesNotContain("Verdict: adopt", "Adopt b");
  }
}
