package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Plans that must be refused before anything runs, and a plan name that tries to leave the run
 * folder. Every JVM the experiment could start (flag checks, the target) goes through a JDK
 * whose {@code bin/java} only leaves a mark, so "nothing was started" is observable.
 */
class ExperimentPlanSafetyTest {
  @TempDir Path dir;
  private Path marker;
  private Path fakeJdk;

  @BeforeEach
  void fakeJdkThatLeavesAMark() throws Exception {
    marker = dir.resolve("started");
    fakeJdk = dir.resolve("jdk");
    Path java = fakeJdk.resolve("bin").resolve("java");
    Files.createDirectories(java.getParent());
    Files.writeString(java, "#!/bin/sh\ntouch '" + marker + "'\nexit 1\n");
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  private String plan(String name, String levelExtra) {
    return "name: \"" + name + "\"\n"
        + "target:\n"
        + "  command: \"touch '" + marker + "'; exec java {jvmFlags} -jar app.jar --port={port}\"\n"
        + "  ready: http://127.0.0.1:{port}/\n"
        + "  javaHome: " + fakeJdk + "\n"
        + "baseline: a\n"
        + "candidates:\n"
        + "  - {name: a, flags: \"\"}\n"
        + "  - {name: b, flags: \"-Xss1m\"}\n"
        + "levels:\n"
        + "  - {name: l, concurrency: 2, warmup: 0s, duration: 2s" + levelExtra + "}\n"
        + "repetitions: 1\n"
        + "cooldown: 0s\n";
  }

  /**
   * Runs the plan in-process; it must exit 2 with one line and start nothing. Refused before
   * anything runs: the plans ask for runs, waits and cooldowns of at least seconds (up to 1e300 s),
   * so a refusal that came after running or waiting any of them would not come within the
   * minute allowed (the JVM start a flag check makes leaves the mark).
   */
  private void refusedAtOnce(String planText, String expected) throws Exception {
    Path planFile = Files.writeString(dir.resolve("plan.yaml"), planText);
    Path out = dir.resolve("out");
    CliRun r = assertTimeoutPreemptively(Duration.ofSeconds(60),
        () -> CliRun.of("experiment", planFile.toString(), "--out", out.toString()), "refused before anything runs");
    assertThat(r.exitCode()).as(r.err()).isEqualTo(2);
    assertThat(r.err().strip()).startsWith("jtune: ").contains(expected).doesNotContain("\n");
    assertThat(marker).as("a JVM or the target was started").doesNotExist();
    assertThat(out).as("a run directory was made").doesNotExist();
  }

  @Test
  void outOfRangeOversizedAndCollidingPlansExit2AndStartNothing() throws Exception {
    refusedAtOnce(plan("x", ", timeout: 0s"), "timeout must be between");
    refusedAtOnce(plan("x", "").replace("duration: 2s", "duration: 1e300s"), "duration must be between");
    refusedAtOnce(plan("x", "").replace("concurrency: 2", "rate: 1e300"), "rate must be between");
    refusedAtOnce(plan("x", "").replace("repetitions: 1", "repetitions: 100000"), "repetitions must be between");
    refusedAtOnce(plan("x", "").replace("cooldown: 0s", "cooldown: 1e300s"), "cooldown must be between");
    String hugeScalar = plan("x", "").replace("flags: \"-Xss1m\"", "flags: \"-Xss1m\", reason: " + "y".repeat(50 << 20));
    refusedAtOnce(hugeScalar, "plans are limited to that size");
    StringBuilder manyCandidates = new StringBuilder(plan("x", ""));
    int at = manyCandidates.indexOf("levels:");
    StringBuilder more = new StringBuilder();
    for (int i = 0; more.length() < (50 << 20); i++) {
      more.append("  - {name: c").append(i).append(", flags: \"-Xss1m\"}\n");
    }
    manyCandidates.insert(at, more);
    refusedAtOnce(manyCandidates.toString(), "plans are limited to that size");
    String colliding = plan("x", "").replace("{name: l,", "{name: hi,")
        .replace("repetitions: 1", "repetitions: 1").replace("  - {name: b,", "  - {name: a-b,")
        .replace("levels:\n", "levels:\n  - {name: hi-a, concurrency: 2, warmup: 0s, duration: 2s}\n")
        .replace("  - {name: a,", "  - {name: b,").replace("baseline: a", "baseline: b");
    refusedAtOnce(colliding, "would share the run directory hi-a-b-r1");
    refusedAtOnce(plan("x", "").replace("  javaHome:", "  labArgs: [--threads, \"4\"]\n  javaHome:"),
        "'labArgs' is for lab targets");
    refusedAtOnce(plan("x", "").replace("cooldown: 0s", "cooldown: &c 0s\norder: *c"), "YAML aliases (*c)");
    refusedAtOnce(plan("x", "") + "---\nname: second\n", "a second YAML document");
  }

  @Test
  void aPlanNameWithDotDotWritesOnlyInsideTheRunFolder() throws Exception {
    Path work = Files.createDirectories(dir.resolve("work"));
    Path planFile = Files.writeString(work.resolve("plan.yaml"), plan("../../escaped", ""));
    List<String> cmd = new java.util.ArrayList<>(CliRun.childJtune());
    cmd.addAll(List.of("experiment", planFile.toString()));
    Process p = new ProcessBuilder(cmd).directory(work.toFile()).redirectErrorStream(true)
        .redirectOutput(dir.resolve("jtune-out.txt").toFile()).start();
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    String output = Files.readString(dir.resolve("jtune-out.txt"));
    // the fake JDK fails the flag check: the experiment stops after making its run directory
    assertThat(p.exitValue()).as(output).isNotZero();
    try (Stream<Path> top = Files.list(dir); Stream<Path> runs = Files.list(work.resolve("jtune-runs"))) {
      assertThat(top.map(f -> f.getFileName().toString())).noneMatch(n -> n.startsWith("escaped"));
      assertThat(runs.map(f -> f.getFileName().toString())).singleElement()
          .satisfies(n -> assertThat(n).startsWith("escaped-"));
    }
  }
}
