package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.fabric8.kubernetes.api.model.Container;
import io.jtune.lab.catalog.LabScenario;
import io.jtune.runtime.lab.LabLauncher;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * `jtune tune` on a real service started by a command: the lab's HTTP server run as a user runs
 * their service ({@code java {jvmFlags} -jar ... --port {port}}), with its survivor-overflow
 * flags as the flags in use. A tiny budget keeps the session to about a minute.
 */
@ExtendWith(UseLabJar.class)
class TuneCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  /** The lab's survivor-overflow service as a command template, and its flags as the baseline's. */
  private static List<String> tuneArgs(Path out, String... more) {
    LabScenario sc = LabLauncher.at(UseLabJar.LAB_JAR).scenario("survivor-overflow");
    List<String> args = new ArrayList<>(List.of("tune",
        "--command", "java {jvmFlags} -jar " + UseLabJar.LAB_JAR + " --scenario " + sc.name() + " --port {port} "
            + String.join(" ", sc.labArgs()),
        "--ready", "http://127.0.0.1:{port}/ready", "--url", "/scenario", "--rate", "150", "--concurrency", "4",
        "--flags", String.join(" ", sc.jvmFlags()), "--out", out.toString()));
    args.addAll(List.of(more));
    return args;
  }

  @Test
  void tunesAServiceEndToEndAndResumeKeepsTheRunsAlreadyDone() throws Exception {
    Path out = dir.resolve("run");
    // under a memory limit (its heap of 256 MiB and 100 MiB cache fit 512Mi), which tune writes back as Kubernetes resources
    CliRun r = CliRun.of(tuneArgs(out, "--quick", "--duration", "3s", "--budget", "75s", "--memory-limit", "512Mi")
        .toArray(String[]::new));
    assertThat(r.exitCode()).as(r.err() + r.out()).isZero();
    assertThat(r.out()).contains("1/4  baseline", "diagnosis: premature-promotion", "2/4  suggest", "3/4  experiment",
        "4/4  verdict", "cut to fit the budget: ", "ends near ", "Summary: verdict ");
    // the flag diff, option by option: the baseline's young generation changed, the rest kept
    assertThat(r.out()).contains("vs baseline: ").containsPattern("~ -Xmn19m -> -Xmn\\d+m");
    for (String f : List.of("plan.yaml", "experiment.json", "report.txt", "report.md", "report.html",
        "baseline/gc-report.html", "baseline/runs/high-baseline-r1/gc.log", "baseline/runs/high-baseline-r1/load.hlog",
        "runs/high-baseline-r1/gc.log", "runs/high-baseline-r1/load.hlog", "runs/high-baseline-r1/threads.txt",
        "runs/high-findings-r2/result.json")) {
      assertThat(out.resolve(f)).as(f).exists();
    }
    JsonNode json = JSON.readTree(out.resolve("experiment.json").toFile());
    String verdict = json.path("recommendation").path("verdict").asText();
    assertThat(verdict).isIn("adopt", "keep-baseline", "not-a-gc-problem", "memory-leak", "inconclusive");
    assertThat(r.out()).contains("Summary: verdict " + verdict);
    // every candidate is a whole configuration: the baseline runs exactly the flags given
    assertThat(json.path("plan").path("candidates").get(0).path("flags").toString()).contains("-Xmn19m", "-XX:+UseSerialGC");

    // the recommendation as the platform deploys it: the winner (or the kept baseline) as a Kubernetes
    // container, read back with fabric8's model; the limit comes back as given, the request the same
    JsonNode rec = json.path("recommendation");
    String chosen = rec.path("winner").isNull() ? json.path("plan").path("baseline").asText() : rec.path("winner").asText();
    List<String> chosenFlags = new ArrayList<>();
    for (JsonNode c : json.path("plan").path("candidates")) {
      if (c.path("name").asText().equals(chosen)) {
        c.path("flags").forEach(f -> chosenFlags.add(f.asText()));
      }
    }
    assertThat(r.out()).contains(out.resolve("resources.yaml").toString());
    Container container = new ObjectMapper(new YAMLFactory()).readValue(out.resolve("resources.yaml").toFile(), Container.class);
    assertThat(container.getResources().getLimits().get("memory").toString()).isEqualTo("512Mi");
    assertThat(container.getResources().getRequests().get("memory").toString()).isEqualTo("512Mi");
    assertThat(container.getResources().getRequests().get("cpu")).isNotNull();
    assertThat(container.getResources().getLimits()).doesNotContainKey("cpu");
    assertThat(container.getEnv()).singleElement().satisfies(e -> {
      assertThat(e.getName()).isEqualTo("JAVA_TOOL_OPTIONS");
      assertThat(e.getValue()).isEqualTo(String.join(" ", chosenFlags));
    });
    assertThat(JSON.treeToValue(rec.path("resources"), Container.class)).isEqualTo(container);

    // an interrupted experiment: its last run lost; --resume runs that one and keeps the others as they were
    Path last = out.resolve("runs/high-findings-r2/result.json");
    Files.delete(last);
    Map<String, byte[]> before = ExperimentCommandTest.resultFiles(out);
    assertThat(before).hasSize(3);
    CliRun resumed = CliRun.of("experiment", "--resume", out.toString());
    assertThat(resumed.exitCode()).as(resumed.err()).isZero();
    assertThat(resumed.err().split("kept from the earlier attempt", -1)).hasSize(4);
    assertThat(last).exists();
    Map<String, byte[]> after = ExperimentCommandTest.resultFiles(out);
    for (Map.Entry<String, byte[]> e : before.entrySet()) {
      assertThat(after.get(e.getKey())).as(e.getKey() + " kept as it was").isEqualTo(e.getValue());
    }
    // and a second tune into the same directory is refused, pointing at --resume
    CliRun again = CliRun.of(tuneArgs(out, "--quick").toArray(String[]::new));
    assertThat(again.exitCode()).isEqualTo(2);
    assertThat(again.err().strip()).isEqualTo("jtune: " + out + " already holds an experiment: continue it with"
        + " 'jtune experiment --resume " + out + "' or give another --out");
  }

  /**
   * SIGTERM (as Ctrl-C): jtune's shutdown hook stops every process it started. SIGKILL: nothing
   * in jtune runs, and the service's watchdog stops its JVM when jtune's process is gone.
   */
  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void killingJtuneLeavesNoServiceJvm(boolean forcibly) throws Exception {
    List<String> cmd = new ArrayList<>(CliRun.childJtune());
    cmd.addAll(tuneArgs(dir.resolve("run"), "--quick", "--duration", "3s", "--budget", "100s"));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("out.txt").toFile()).start();
    List<ProcessHandle> children;
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
      while (serviceJvms(p).isEmpty()) {
        assertThat(p.isAlive()).as("jtune still running: " + Files.readString(dir.resolve("out.txt"))).isTrue();
        assertThat(System.nanoTime()).as("a service JVM started").isLessThan(deadline);
        Thread.sleep(100);
      }
      // the service is up: its JVM has started writing its GC log
      while (serviceJvms(p).stream().map(TuneCommandTest::gcLogOf).noneMatch(TuneCommandTest::hasData)) {
        assertThat(p.isAlive()).as("jtune still running: " + Files.readString(dir.resolve("out.txt"))).isTrue();
        assertThat(System.nanoTime()).as("the service JVM logs").isLessThan(deadline);
        Thread.sleep(100);
      }
      // after SIGKILL the watchdog's own shell outlives jtune by its grace: only the JVMs count then
      children = forcibly ? serviceJvms(p) : p.descendants().toList();
      if (forcibly) {
        p.destroyForcibly();
      } else {
        p.destroy();
      }
      assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    } finally {
      p.destroyForcibly();
    }
    assertThat(children).isNotEmpty();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
    while (children.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    assertThat(children.stream().filter(ProcessHandle::isAlive).map(h -> h.info().commandLine().orElse("?")).toList())
        .as("processes jtune started, alive after it was stopped").isEmpty();
    // stopped in its baseline: there is no experiment to resume yet, and the message says what to do
    CliRun resume = CliRun.of("experiment", "--resume", dir.resolve("run").toString());
    assertThat(resume.exitCode()).isEqualTo(2);
    assertThat(resume.err()).contains("stopped before its experiment: run the same 'jtune tune' command again");
  }

  @Test
  void badUsageIsOneLineErrors() throws Exception {
    Path out = dir.resolve("run");
    List<String> noFlags = tuneArgs(out);
    noFlags.set(2, "java -jar app.jar --port {port}");
    assertOneLine(CliRun.of(noFlags.toArray(String[]::new)), "--command has no {jvmFlags} placeholder");
    List<String> noPort = tuneArgs(out);
    noPort.set(2, "java {jvmFlags} -jar app.jar");
    assertOneLine(CliRun.of(noPort.toArray(String[]::new)), "--command has no {port} placeholder");
    List<String> badReady = tuneArgs(out);
    badReady.set(4, "127.0.0.1:{port}/ready");
    assertOneLine(CliRun.of(badReady.toArray(String[]::new)), "--ready '127.0.0.1:{port}/ready': ");
    assertOneLine(CliRun.of(tuneArgs(out, "--budget", "20s").toArray(String[]::new)),
        "--budget 20 s is too small: the smallest session here");
    assertOneLine(CliRun.of("tune", "--command", "java {jvmFlags} -jar a.jar --port {port}", "--ready",
        "http://127.0.0.1:{port}/", "--url", "/"), "give the load: --rate N");
    // what the session's plan would refuse when read back (a wait over an hour is a typo)
    assertOneLine(CliRun.of(tuneArgs(out, "--timeout", "2h").toArray(String[]::new)),
        "--timeout and --ready-timeout are at most 1h");
    assertOneLine(CliRun.of(tuneArgs(out, "--ready-timeout", "61m").toArray(String[]::new)),
        "--timeout and --ready-timeout are at most 1h");
    assertOneLine(CliRun.of(tuneArgs(out, "--duration", "25h").toArray(String[]::new)), "--duration is at most 24h");
    CliRun typo = CliRun.of(tuneArgs(out, "--budjet", "5m").toArray(String[]::new));
    assertThat(typo.exitCode()).isEqualTo(2);
    assertThat(typo.err()).contains("Did you mean: --budget?");
    assertThat(out.resolve("baseline")).doesNotExist();
    // a service that never answers the ready URL: one line once its time is up, and no run
    CliRun never = CliRun.of(tuneArgs(out, "--quick", "--ready-timeout", "3s").stream()
        .map(a -> a.equals("http://127.0.0.1:{port}/ready") ? "http://127.0.0.1:{port}/no-such-page" : a)
        .toArray(String[]::new));
    assertOneLine(never, "the target does not start: ");
    assertThat(never.err()).contains("/no-such-page");
    assertThat(out.resolve("runs")).doesNotExist();
  }

  private static void assertOneLine(CliRun r, String text) {
    assertThat(r.exitCode()).as(r.err() + r.out()).isEqualTo(2);
    assertThat(r.err().strip()).startsWith("jtune: ").contains(text).doesNotContain("\n").doesNotContain("Exception");
  }

  /** The lab JVMs among jtune's descendants. */
  /** The GC log file a JVM was started with ({@code -Xlog:...:file=PATH:...} or {@code -Xloggc:PATH}), or null. */
  private static Path gcLogOf(ProcessHandle jvm) {
    for (String arg : jvm.info().arguments().orElse(new String[0])) {
      Matcher m = Pattern.compile("^-Xlog:gc[^:]*:file=([^:]+)|^-Xloggc:(.+)").matcher(arg);
      if (m.find()) {
        return Path.of(m.group(1) != null ? m.group(1) : m.group(2));
      }
    }
    return null;
  }

  private static boolean hasData(Path file) {
    try {
      return file != null && Files.size(file) > 0;
    } catch (IOException e) {
      return false;
    }
  }

  private static List<ProcessHandle> serviceJvms(Process jtune) {
    return jtune.descendants().filter(h -> h.info().commandLine().orElse("").contains("jtune-lab.jar")
        && h.info().command().orElse("").endsWith("java")).toList();
  }
}
