package io.jtune.cli;

import io.jtune.gc.testing.JsonSchemas;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jtune tune} sends the load's method, headers and body ({@code -X}, {@code -H},
 * {@code --body}, as {@code jtune load} does) to a real service it starts as a command: a JVM
 * running {@link RecordingServer}, which writes down what each request carried. They reach the
 * baseline run, every candidate run, the plan (experiment.json names them), and the runs
 * {@code experiment --resume} adds;
 * with {@code --insecure} an https:// --ready URL with a self-signed certificate is accepted,
 * without it that is a one-line error.
 */
@RunsBesideAnother
class TuneRequestTest {
  @TempDir Path dir;

  /** The service as a command: the recording server from the test classes, in a JVM of its own. */
  private static String command(Path record, String... more) throws URISyntaxException {
    Path classes = Path.of(RecordingServer.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    return "java {jvmFlags} -cp " + classes + " " + RecordingServer.class.getName() + " {port} " + record
        + (more.length == 0 ? "" : " " + String.join(" ", more));
  }

  private static List<String> recorded(Path record) throws IOException {
    return Files.isRegularFile(record) ? Files.readAllLines(record, StandardCharsets.UTF_8) : List.of();
  }

  @Test
  void aFormPostWithBasicAuthReachesEveryRunThePlanAndTheResumedRuns() throws Exception {
    Path record = dir.resolve("requests.txt");
    Path out = dir.resolve("run");
    // a corpus log with a premature-promotion diagnosis: the experiment runs a candidate beside the baseline
    Path log = CliRun.corpusFile(
        "gctoolkit-testdata/gctoolkit-gclogs__preunified__serial__defnew__details__tenuring__180__serial180.log");
    CliRun r = CliRun.of("tune", "--command", command(record), "--ready", "http://127.0.0.1:{port}/ready",
        "--url", "/login", "-X", "POST", "-H", "Authorization: Basic ${env:HOME}",
        "-H", "Content-Type: application/x-www-form-urlencoded", "--body", "user=u&item=7",
        "--rate", "40", "--concurrency", "2", "--gc-log", log.toString(), "--quick", "--duration", "2s",
        "--budget", "52s", "--out", out.toString());
    assertThat(r.exitCode()).as(r.err() + r.out()).isZero();
    assertThat(r.out()).contains("on POST /login (2 headers, a 13-byte body)", "3/4  experiment", "4/4  verdict");
    // the credentials come from the environment when the requests are sent (HOME: a variable every test has)
    String expected = RecordingServer.line("POST", "/login", "Basic " + System.getenv("HOME"),
        "application/x-www-form-urlencoded", "user=u&item=7");
    List<String> seen = recorded(record);
    // 40 req/s for 4 s in each of 4 runs (the budget cuts the warm-up to 2 s), and the check's requests
    assertThat(seen.size()).isGreaterThan(400);
    assertThat(seen).containsOnly(expected);
    for (String run : List.of("high-baseline-r1", "high-findings-r1", "high-baseline-r2", "high-findings-r2")) {
      assertThat(out.resolve("runs").resolve(run).resolve("result.json")).as(run).exists();
    }
    assertThat(Files.readString(out.resolve("plan.yaml"), StandardCharsets.UTF_8)).contains("method: \"POST\"",
        "headers: [\"Authorization: Basic ${env:HOME}\", \"Content-Type: application/x-www-form-urlencoded\"]",
        "body: \"user=u&item=7\"", "timeout: \"10s\"");
    // experiment.json names the request's method and headers, but not the credentials
    String report = Files.readString(out.resolve("experiment.json"), StandardCharsets.UTF_8);
    JsonNode doc = new ObjectMapper().readTree(report);
    assertThat(doc.at("/levels/0/load/request").toString()).isEqualTo("{\"method\":\"POST\",\"headerNames\":"
        + "[\"Authorization\",\"Content-Type\"],\"bodyBytes\":13,\"insecure\":false,\"cookies\":false,"
        + "\"requestsPerUser\":null}");
    assertThat(report).doesNotContain("Basic ");
    JsonSchemas.validAndRenameFails(doc, "/levels/0/load/request");

    // an interrupted experiment: the run --resume does again sends the same requests
    Files.delete(out.resolve("runs/high-findings-r2/result.json"));
    int before = seen.size();
    CliRun resumed = CliRun.of("experiment", "--resume", out.toString());
    assertThat(resumed.exitCode()).as(resumed.err()).isZero();
    List<String> after = recorded(record);
    assertThat(after.size()).isGreaterThan(before + 100);
    assertThat(after).containsOnly(expected);
  }

  @Test
  void anHttpsReadyUrlWithASelfSignedCertificateNeedsInsecure() throws Exception {
    Path record = dir.resolve("requests.txt");
    String tls = SelfSignedTls.keyStore(dir).toString();
    List<String> args = new ArrayList<>(List.of("tune", "--command", command(record, tls),
        "--ready", "https://127.0.0.1:{port}/ready", "--url", "/orders", "-X", "POST",
        "-H", "Authorization: Bearer t0ken", "-H", "Content-Type: application/json", "--body={\"item\": 7}",
        "--rate", "40", "--concurrency", "2", "--quick", "--duration", "2s", "--budget", "70s"));

    List<String> checked = new ArrayList<>(args);
    checked.addAll(List.of("--ready-timeout", "30s", "--out", dir.resolve("checked").toString()));
    CliRun refused = CliRun.of(checked.toArray(String[]::new));
    assertThat(refused.exitCode()).as(refused.out()).isEqualTo(2);
    assertThat(refused.err().lines().toList()).hasSize(1);
    assertThat(refused.err()).startsWith("jtune: ").containsPattern("https://127\\.0\\.0\\.1:\\d+/ready: certificate"
        + " not trusted \\(self-signed\\); use --insecure to accept it \\(for testing only\\)");
    assertThat(recorded(record)).isEmpty();

    Path out = dir.resolve("insecure");
    args.addAll(List.of("--insecure", "--out", out.toString()));
    CliRun r = CliRun.of(args.toArray(String[]::new));
    assertThat(r.exitCode()).as(r.err() + r.out()).isIn(0, 3);
    // the baseline is measured here, under the same requests
    assertThat(r.out()).contains("1/4  baseline: 40 req/s", "on POST /orders (2 headers, a 11-byte body, any certificate)");
    assertThat(out.resolve("baseline/runs/high-baseline-r1/load.hlog")).exists();
    List<String> seen = recorded(record);
    assertThat(seen.size()).isGreaterThan(100);
    assertThat(seen).containsOnly(RecordingServer.line("POST", "/orders", "Bearer t0ken", "application/json",
        "{\"item\": 7}"));
    // the token given in clear was sent, and is in no file of the run directory
    try (var files = Files.walk(out)) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        assertThat(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1)).as("%s", f).doesNotContain("t0ken");
      }
    }
    assertThat(Files.readString(out.resolve("baseline/plan.yaml"), StandardCharsets.UTF_8))
        .contains("\"Authorization: <redacted>\"");
  }
}
