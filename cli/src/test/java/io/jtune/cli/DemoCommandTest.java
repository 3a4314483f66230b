package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** `jtune demo` against the real lab jar: baseline, findings, suggestion, experiment, verdict. */
@ExtendWith(UseLabJar.class)
class DemoCommandTest {
  private static final Path LAB_JAR = UseLabJar.LAB_JAR;

  @TempDir Path dir;

  @Test
  void survivorOverflowIsTunedEndToEnd() throws Exception {
    // one repetition: the end-to-end path (both levels, baseline and candidate, the report) is the point here;
    // repetitions and their intervals are TuneCommandTest's and the experiment's own tests'
    CliRun r = CliRun.of("demo", "--quick", "--repetitions", "1", "--out", dir.toString());
    assertThat(r.exitCode()).as(r.err() + r.out()).isZero();
    assertThat(r.out()).contains("1/4  baseline", "2/4  suggest", "3/4  experiment", "4/4  verdict",
        "Premature promotion", "Recommendation", "Winner at high");
    for (String f : List.of("plan.yaml", "report.txt", "report.md", "experiment.json", "baseline/runs/high-baseline-r1/gc.log",
        "baseline/gc-report.html", "runs/high-baseline-r1/gc.log", "runs/medium-findings-r1/result.json")) {
      assertThat(dir.resolve(f)).as(f).exists();
    }
    assertThat(dir.resolve("runs/high-baseline-r2")).as("--repetitions 1 ran once").doesNotExist();
    JsonNode json = new ObjectMapper().readTree(dir.resolve("experiment.json").toFile());
    JsonNode high = json.path("levels").get(0);
    assertThat(high.path("name").asText()).isEqualTo("high");
    JsonNode base = high.path("candidates").get(0);
    JsonNode cand = high.path("candidates").get(1);
    assertThat(base.path("baseline").asBoolean()).isTrue();
    // the scenario's signature, measured: Full GCs under the default flags, none with the suggested survivors
    assertThat(base.path("metrics").path("fgcCount").path("min").asDouble()).isPositive();
    assertThat(cand.path("metrics").path("fgcCount").path("max").asDouble()).isZero();
    assertThat(json.path("plan").path("candidates").get(1).path("flags").toString()).contains("-XX:SurvivorRatio=");
    // the demo's run directory resumes like any experiment's
    CliRun report = CliRun.of("experiment", "--report", dir.toString(), "--format", "json");
    assertThat(report.exitCode()).as(report.err()).isZero();
    assertThat(new ObjectMapper().readTree(report.out())).isEqualTo(json);
  }

  @Test
  void aLeakThatFillsTheHeapInTheBaselineIsTheVerdict() throws Exception {
    // the session leak fills the 256 MB heap within seconds: the baseline answers little or nothing
    // (2 s measured: the leak shows in the first seconds, and the run at a larger heap is 3x as long)
    CliRun r = CliRun.of("demo", "--scenario", "session-leak", "--quick", "--duration", "2s", "--out", dir.toString());
    assertThat(r.exitCode()).as(r.err() + r.out()).isZero();
    assertThat(r.out()).contains("1/4  baseline", "Verdict: memory leak", "JVM flags are not the fix", "GC.heap_dump")
        .doesNotContain("3/4  experiment", "SurvivorRatio", "-Xmn");
    assertThat(dir.resolve("baseline/gc-report.html")).exists();
  }

  @Test
  void unknownScenarioIsAUsageError() {
    CliRun r = CliRun.of("demo", "--scenario", "no-such-case", "--out", dir.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).startsWith("jtune: ").contains("no-such-case");
  }

  @Test
  void aRunDirectoryUnderAFileIsAOneLineUsageError() throws Exception {
    Path file = Files.writeString(dir.resolve("plain"), "x");
    CliRun r = CliRun.of("demo", "--quick", "--out", file.resolve("run").toString());
    assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
    assertThat(r.err().strip()).isEqualTo("jtune: " + file.resolve("run") + ": Not a directory");
  }
}
