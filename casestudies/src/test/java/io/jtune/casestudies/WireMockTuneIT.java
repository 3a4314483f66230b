package io.jtune.casestudies;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The WireMock case study, short: {@code WIREMOCK_OPTIONS=--no-request-journal casestudies/run
 * wiremock --quick --budget 2m}, as a user runs it, against WireMock 3.13.2 from Maven Central (a
 * service nobody here wrote) under a JSON POST with a bearer token, from the baseline the JVM picks
 * in a small container (serial collector, 8 MB first heap, 128 MB largest). With its request journal
 * on (the default) WireMock's live set rises under load and tune stops at a memory leak before any
 * experiment; the journal off is the configuration whose whole loop this checks. The figures move with the host's load; what must hold is the
 * loop: a faithful baseline, whole configurations, every request answered by the stub that checks
 * the header and the body, GC attribution per run, and a verdict with its reports.
 */
class WireMockTuneIT {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Set<String> VERDICTS =
      Set.of("adopt", "keep-baseline", "not-a-gc-problem", "memory-leak", "inconclusive");

  @TempDir Path out;

  @Test
  void tuneRunsTheWholeLoopOnWireMock() throws Exception {
    Path caseStudies = Path.of(System.getProperty("jtune.casestudies.dir", ".")).toAbsolutePath().normalize();
    Path services = Path.of(System.getProperty("jtune.casestudies.services", "target/services"));
    assertThat(services.resolve("wiremock/wiremock-standalone.jar")).as("fetched by the build").isRegularFile();
    Path dir = out.resolve("wiremock");
    Path log = out.resolve("tune.out");
    ProcessBuilder pb = new ProcessBuilder(caseStudies.resolve("run").toString(), "wiremock", "--quick", "--budget", "2m",
        // the quick warm-up fixed (no wait for steady state), as the rest of the suite runs
        "--max-warmup", "3s", "--out", dir.toString())
        .redirectErrorStream(true).redirectOutput(log.toFile());
    pb.environment().put("WIREMOCK_OPTIONS", "--no-request-journal");
    Process p = pb.start();
    try {
      assertThat(p.waitFor(8, TimeUnit.MINUTES)).as("tune ends within its budget and a margin").isTrue();
    } finally {
      stop(p);
    }
    String printed = Files.readString(log);
    assertThat(p.exitValue()).as(printed).isZero();
    assertThat(printed).contains("Summary: verdict ", "Flag diff:");

    JsonNode doc = JSON.readTree(dir.resolve("experiment.json").toFile());
    // the baseline is exactly the configuration given; every candidate states heap bounds and collector
    JsonNode candidates = doc.path("plan").path("candidates");
    assertThat(candidates.get(0).path("name").asText()).isEqualTo("baseline");
    assertThat(strings(candidates.get(0).path("flags"))).containsExactly("-Xms8m", "-Xmx128m", "-XX:+UseSerialGC");
    assertThat(candidates.size()).isGreaterThan(1);
    for (JsonNode c : candidates) {
      assertThat(strings(c.path("flags"))).as(c.path("name").asText())
          .anyMatch(f -> f.startsWith("-Xmx")).anyMatch(f -> f.matches("-XX:\\+Use\\w+GC"));
    }
    assertThat(doc.path("recommendation").path("verdict").asText()).isIn(VERDICTS);
    for (String report : List.of("report.txt", "report.md", "report.html", "plan.yaml")) {
      assertThat(dir.resolve(report)).isRegularFile();
    }

    // every run: the POST reached the stub that matches the bearer token and the JSON body (a
    // request it does not match is a 404, counted as an error), its GC log was read, and its
    // requests were lined up with the pauses
    List<Path> runs = new ArrayList<>();
    try (Stream<Path> s = Files.list(dir.resolve("runs"))) {
      s.filter(Files::isDirectory).forEach(runs::add);
    }
    assertThat(runs).isNotEmpty();
    int ok = 0;
    for (Path run : runs) {
      JsonNode r = JSON.readTree(run.resolve("result.json").toFile());
      if (!r.path("status").asText().equals("ok")) {
        continue;
      }
      ok++;
      assertThat(r.path("metrics").path("errors").asDouble()).as(run.toString()).isZero();
      assertThat(r.path("metrics").path("throughputRps").asDouble()).as(run.toString()).isPositive();
      assertThat(r.path("gcAttribution").path("requests").asLong()).as(run.toString()).isPositive();
      assertThat(run.resolve("gc.log")).isRegularFile();
      JsonNode load = JSON.readTree(run.resolve("load.json").toFile());
      assertThat(load.path("targets").get(0).path("method").asText()).isEqualTo("POST");
    }
    assertThat(ok).as("runs that ended ok").isGreaterThanOrEqualTo(runs.size() - 1).isPositive();
  }

  private static List<String> strings(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }

  /** jtune stops its service JVMs on SIGTERM; SIGKILL only if it does not end. */
  private static void stop(Process p) throws InterruptedException {
    if (p.isAlive()) {
      p.destroy();
      if (!p.waitFor(30, TimeUnit.SECONDS)) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
      }
    }
  }
}
