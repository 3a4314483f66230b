package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.lab.catalog.LabScenario;
import io.jtune.runtime.lab.LabLauncher;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A secret given with -H never reaches a file: the plans 'suggest' writes and the whole run
 * directory of a 'tune' session on the lab's HTTP server (127.0.0.1) are searched byte by byte for
 * it; a header that refers to an environment variable keeps its reference in plan.yaml, is sent
 * (the service answers) and survives 'experiment --resume'; a redacted header or an unset
 * variable is one line naming what to give.
 */
@ExtendWith(UseLabJar.class)
class SecretHeadersTest {
  private static final String TOKEN = "s3cr3t-t0ken";
  /** A variable every test process has, so that a reference to it is sent resolved. */
  private static final String REFERENCE = "X-Home: ${env:HOME}";

  @TempDir Path dir;

  @Test
  void suggestWritesNoSecretAndAPlanWithARedactedSecretAsksForIt() throws IOException {
    Path plan = dir.resolve("plan.yaml");
    CliRun r = CliRun.of("suggest", CliRun.corpusFile("GCViewer/src__test__resources__openjdk__unified-jvm-logging__"
        + "sample-ujl-g1-gc-all,safepoint,os+cpu.txt").toString(), "--qps", "100",
        "-H", "Authorization: Bearer " + TOKEN, "-H", "X-Session: " + TOKEN + "-2", "--secret-header", "x-session",
        "-H", REFERENCE, "-o", plan.toString());
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out() + r.err()).doesNotContain(TOKEN);
    String text = Files.readString(plan, StandardCharsets.UTF_8);
    assertThat(text).contains("Authorization: <redacted>", "X-Session: <redacted>", REFERENCE);
    assertNowhere(dir);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(plan))).isEqualTo("rw-------");

    CliRun run = CliRun.of("experiment", plan.toString(), "--out", dir.resolve("run").toString());
    assertThat(run.exitCode()).isEqualTo(2);
    String last = run.err().strip().lines().reduce((a, b) -> b).orElse("");
    assertThat(last).startsWith("jtune: ").contains("header Authorization was given in clear", "${env:");
  }

  @Test
  void aBodyWithASecretFieldInClearIsRefusedAndAReferenceIsKept() throws IOException {
    String log = CliRun.corpusFile("GCViewer/src__test__resources__openjdk__unified-jvm-logging__"
        + "sample-ujl-g1-gc-all,safepoint,os+cpu.txt").toString();
    Path plan = dir.resolve("plan.yaml");
    CliRun r = CliRun.of("suggest", log, "--qps", "100", "-X", "POST",
        "--body", "{\"user\":\"ann\",\"password\":\"" + TOKEN + "\"}", "-o", plan.toString());
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err().strip().lines()).singleElement().asString().startsWith("jtune: --body has the field 'password' in clear")
        .contains("\"password\": \"${env:PASSWORD}\"", "--body @FILE").doesNotContain(TOKEN);
    assertThat(plan).doesNotExist();
    CliRun form = CliRun.of("suggest", log, "--qps", "100", "-X", "POST", "--body", "user=ann&client_secret=" + TOKEN,
        "-o", plan.toString());
    assertThat(form.exitCode()).isEqualTo(2);
    assertThat(form.err()).contains("'client_secret'", "CLIENT_SECRET").doesNotContain(TOKEN);

    // by reference: written as given, resolved only when the requests are sent
    CliRun ok = CliRun.of("suggest", log, "--qps", "100", "-X", "POST",
        "--body", "{\"user\":\"ann\",\"password\":\"${env:HOME}\"}", "-o", plan.toString());
    assertThat(ok.exitCode()).as(ok.err()).isZero();
    assertThat(Files.readString(plan, StandardCharsets.UTF_8)).contains("${env:HOME}");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(plan))).isEqualTo("rw-------");
    assertNowhere(dir);
  }

  @Test
  void aTuneSessionWritesNoSecretAndSendsAReference() throws IOException {
    LabScenario sc = LabLauncher.at(UseLabJar.LAB_JAR).scenario("session-leak");
    Path out = dir.resolve("tune");
    // the scenario's load, as the demo sends it
    List<String> load = sc.rateRps().isPresent()
        ? List.of("--rate", String.valueOf((long) Math.ceil(sc.rateRps().getAsDouble())), "--concurrency",
            String.valueOf(sc.connections().orElse(4)))
        : List.of("--concurrency", String.valueOf(sc.concurrency().orElse(8)));
    List<String> args = new ArrayList<>(List.of("tune",
        "--command", "java {jvmFlags} -jar " + UseLabJar.LAB_JAR + " --scenario " + sc.name() + " --port {port} "
            + String.join(" ", sc.labArgs()),
        "--ready", "http://127.0.0.1:{port}/ready", "--url", "/scenario", "--quick", "--duration", "2s", "--budget", "100s",
        "--flags", String.join(" ", sc.jvmFlags()), "-H", "Authorization: Bearer " + TOKEN, "-H", REFERENCE,
        "--out", out.toString()));
    args.addAll(load);
    CliRun r = CliRun.of(args.toArray(String[]::new));
    assertThat(r.exitCode()).as(r.err() + r.out()).isZero();
    // the baseline run's requests (and any experiment's) were sent with both headers; the leak
    // (the scenario's load, as the demo sends it) usually ends the session after the baseline
    assertThat(r.out()).contains("Summary: verdict ", "(2 headers)").doesNotContain(TOKEN);
    Path plan = out.resolve("baseline").resolve("plan.yaml");
    assertThat(Files.readString(plan, StandardCharsets.UTF_8)).contains("Authorization: <redacted>", REFERENCE);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(plan))).isEqualTo("rw-------");
    assertThat(out.resolve("tune.json")).isRegularFile();
    assertNowhere(out);
  }

  @Test
  void aReferenceSurvivesResumeAndAnUnsetVariableIsNamed() throws IOException {
    String plan = """
        name: secret
        target: {lab: api}
        baseline: a
        candidates:
          - {name: a}
          - {name: b, flags: "-Xmn32m"}
        levels:
          - {name: l, concurrency: 2, warmup: 1s, duration: 2s, headers: ["%s"]}
        repetitions: 1
        cooldown: 0s
        """;
    Path file = Files.writeString(dir.resolve("plan.yaml"), plan.formatted(REFERENCE));
    Path out = dir.resolve("out");
    CliRun r = CliRun.of("experiment", file.toString(), "--out", out.toString());
    assertThat(r.exitCode()).as(r.err() + r.out()).isZero();
    CliRun again = CliRun.of("experiment", "--resume", out.toString());
    assertThat(again.exitCode()).as(again.err() + again.out()).isZero();
    assertThat(Files.readString(out.resolve("plan.yaml"), StandardCharsets.UTF_8)).contains(REFERENCE);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(out.resolve("plan.yaml"))))
        .isEqualTo("rw-------");

    Path unset = Files.writeString(dir.resolve("unset.yaml"), plan.formatted("X-Api-Key: ${env:JTUNE_TEST_NO_SUCH_VAR}"));
    CliRun missing = CliRun.of("experiment", unset.toString(), "--out", dir.resolve("unset").toString());
    assertThat(missing.exitCode()).isEqualTo(2);
    // the error is the last line, after the experiment's own first line
    assertThat(missing.err().strip().lines().reduce((a, b) -> b).orElse("")).startsWith("jtune: ")
        .contains("JTUNE_TEST_NO_SUCH_VAR is not set", "header X-Api-Key");
  }

  /** No file under {@code root} holds the token, in any encoding a file would hold it in. */
  private static void assertNowhere(Path root) throws IOException {
    List<Path> files;
    try (Stream<Path> s = Files.walk(root)) {
      files = s.filter(Files::isRegularFile).toList();
    }
    assertThat(files).isNotEmpty();
    for (Path f : files) {
      String bytes = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
      assertThat(bytes).as("%s", f).doesNotContain(TOKEN);
    }
  }
}
