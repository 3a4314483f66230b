package io.jtune.experiment.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jtune.common.JtuneException;
import java.io.StringReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The application's parameters in plans ({@code params:} of a candidate), written and read back
 * so that a search's plan resumes; and how a value reaches the service ({@code {NAME}} in a
 * command, {@code --NAME VALUE} for the lab).
 */
class PlanParamsTest {
  @TempDir Path dir;

  private static final String COMMAND = """
      name: pool
      target:
        command: "java {jvmFlags} -jar app.jar --port {port} --workers {threads:200} --pool {pool}"
        ready: "http://127.0.0.1:{port}/health"
      baseline: base
      candidates:
        - {name: base, params: {pool: 10}}
        - {name: "threads=32+pool=4", flags: "-Xmx256m", params: {threads: 32, pool: "4"}}
      levels:
        - {name: high, rate: 100, duration: 5s}
      """;

  private static Plan read(String yaml) {
    return PlanReader.read(new StringReader(yaml), "plan.yaml", Path.of("."));
  }

  @Test
  void aCandidatesParamsReadAndWriteBack() {
    Plan p = read(COMMAND);
    Candidate c = p.candidate("threads=32+pool=4").orElseThrow();
    assertThat(c.params()).containsExactly(Map.entry("threads", "32"), Map.entry("pool", "4"));
    assertThat(p.baselineCandidate().params()).containsExactly(Map.entry("pool", "10"));
    assertThat(PlanWriter.toYaml(p)).contains("params: {threads: \"32\", pool: \"4\"}");
    PlanWriterTest.roundTrip(p, dir);
    // the run ids stay readable
    assertThat(p.schedule().get(1).id()).isEqualTo("high-threads=32+pool=4-r1");
  }

  @Test
  void aParameterMustReachTheTarget() {
    assertThatThrownBy(() -> read(COMMAND.replace("params: {pool: 10}", "params: {}")))
        .isInstanceOf(PlanException.class).hasMessageContaining("candidate 'base' has no value for the command's {pool}");
    assertThatThrownBy(() -> read(COMMAND.replace("threads: 32,", "size: 32,")))
        .hasMessageContaining("the command has no {size} placeholder");
    assertThatThrownBy(() -> read(COMMAND.replace("pool: \"4\"", "pool: \"4;x\"")))
        .hasMessageContaining("value '4;x'");
    assertThatThrownBy(() -> read(COMMAND.replace("params: {pool: 10}", "params: [10]")))
        .hasMessageContaining("params must be a mapping");
    String lab = """
        target: {lab: io-bound}
        baseline: a
        candidates:
          - {name: a}
          - {name: b, params: {workers: 8}}
        levels:
          - {name: high, concurrency: 4, duration: 5s}
        """;
    assertThatThrownBy(() -> read(lab)).hasMessageContaining("the lab has no parameter 'workers'")
        .hasMessageContaining("threads");
    assertThat(read(lab.replace("workers", "threads")).candidate("b").orElseThrow().params()).containsEntry("threads", "8");
  }

  @Test
  void aCommandTakesTheCandidatesValueOrTheDefaultTheLabItsOption() {
    String cmd = "java {jvmFlags} -jar app.jar --port {port} --workers {threads:200} --pool {pool}";
    Map<String, String> placeholders = AppParams.placeholders(cmd);
    assertThat(placeholders.keySet()).containsExactly("threads", "pool");
    assertThat(placeholders.get("threads")).isEqualTo("200");
    assertThat(placeholders.get("pool")).isNull();
    assertThat(AppParams.fill(cmd, Map.of("threads", "32", "pool", "4")))
        .isEqualTo("java {jvmFlags} -jar app.jar --port {port} --workers 32 --pool 4");
    assertThat(AppParams.fill(cmd, Map.of("pool", "4"))).contains("--workers 200 --pool 4");
    assertThatThrownBy(() -> AppParams.fill(cmd, Map.of())).isInstanceOf(JtuneException.class)
        .hasMessageContaining("{pool} has no value here");
    assertThat(AppParams.labArgs(Map.of("threads", "32"))).containsExactly("--threads", "32");
    ServiceSpec lab = ServiceSpec.lab("io-bound");
    assertThat(AppParams.today("threads", lab)).isEqualTo("200");
    assertThat(AppParams.problem("threads", lab)).isNull();
    ServiceSpec command = new ServiceSpec(null, List.of(), cmd, "http://127.0.0.1:{port}/", Duration.ofSeconds(5),
        null, null, 0);
    assertThat(AppParams.problem("pool", command)).isNull();
    assertThat(AppParams.problem("gcLog", command)).contains("filled by jtune");
    assertThat(AppParams.today("threads", command)).isEqualTo("200");
  }
}
