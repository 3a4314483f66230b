package io.jtune.experiment.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.runtime.container.ContainerLimits;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class LimitsErgonomicsTest {
  /** A host of 2 cores and 8 GB, as the runs' host here. */
  private static final LimitsErgonomics HOST = new LimitsErgonomics(2, 8L << 30);

  private static Plan plan(String smallFlags, String smallLimits) {
    return PlanReader.read(new StringReader("""
        name: cores
        target: {lab: cpu-bound}
        baseline: base
        candidates:
          - {name: base, flags: ""}
          - {name: small, flags: "%s", limits: %s}
        levels:
          - {name: l, concurrency: 2, limits: {cpu: 2}}
        """.formatted(smallFlags, smallLimits)), "plan.yaml", Path.of("."));
  }

  @Test
  void theCollectorTheJvmPicksFollowsTheLimitsOwnCpusAndMemory() {
    assertThat(HOST.collector(List.of(), ContainerLimits.none())).isEqualTo("G1");
    assertThat(HOST.collector(List.of(), ContainerLimits.of(null, "2"))).isEqualTo("G1");
    // the quota is rounded up: 1.5 cores are 2 active processors, 1 core and half a core are 1
    assertThat(HOST.collector(List.of(), ContainerLimits.of(null, "1500m"))).isEqualTo("G1");
    assertThat(HOST.collector(List.of(), ContainerLimits.of(null, "1"))).isEqualTo("Serial");
    assertThat(HOST.collector(List.of(), ContainerLimits.of(null, "0.5"))).isEqualTo("Serial");
    // under 1792 MB the JVM is not a server either
    assertThat(HOST.collector(List.of(), ContainerLimits.of("1792Mi", "2"))).isEqualTo("G1");
    assertThat(HOST.collector(List.of(), ContainerLimits.of("1791Mi", "2"))).isEqualTo("Serial");
    // a collector named, or the processors stated, win over the limits
    assertThat(HOST.collector(List.of("-XX:+UseParallelGC"), ContainerLimits.of(null, "0.5"))).isEqualTo("Parallel");
    assertThat(HOST.collector(List.of("-XX:ActiveProcessorCount=2"), ContainerLimits.of(null, "0.5")))
        .isEqualTo("G1");
    assertThat(HOST.keepFlag(List.of(), ContainerLimits.of(null, "0.5"), "G1")).isEqualTo("-XX:+UseG1GC");
    assertThat(HOST.keepFlag(List.of("-XX:+UseSerialGC"), ContainerLimits.of(null, "0.5"), "G1")).isNull();
    assertThat(HOST.keepFlag(List.of(), ContainerLimits.of(null, "1500m"), "G1")).isNull();
  }

  @Test
  void aCandidateWhoseOwnLimitsChangeTheCollectorSaysSoAndHowToKeepTheBaselines() {
    assertThat(HOST.warnings(plan("-Xmx64m", "{cpu: 0.5}"), List.of())).containsExactly(
        "candidate 'small' names no collector: under its own limits (0.5 CPUs) the JVM picks Serial GC (0.5 CPUs"
            + " give it 1 active processor, fewer than 2), where the baseline runs G1 GC at level 'l', so its runs"
            + " compare collectors, not only resources; add -XX:+UseG1GC to its flags to keep the baseline's collector");
    assertThat(HOST.warnings(plan("-XX:+UseG1GC", "{cpu: 0.5}"), List.of())).isEmpty();
    assertThat(HOST.warnings(plan("-Xmx64m", "{cpu: 1500m}"), List.of())).isEmpty();
    // a lab scenario's flags count as the candidate's
    assertThat(HOST.warnings(plan("-Xmx64m", "{cpu: 0.5}"), List.of("-XX:+UseG1GC"))).isEmpty();
    assertThat(HOST.warnings(plan("-Xmx64m", "{memory: 1g}"), List.of())).singleElement().asString()
        .contains("(memory 1g is under 1792 MB)");
  }
}
