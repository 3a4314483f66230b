package io.jtune.cli;

import io.jtune.gc.testing.JsonSchemas;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.runtime.lab.LabLaunch;
import io.jtune.runtime.lab.LabLauncher;
import io.jtune.runtime.lab.RunningLab;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code jtune load --gc-log}: the requests lined up with the stop-the-world pauses of the target's GC log. */
class LoadGcLogTest {
  private static final String NO_WALL_CLOCK =
      "GCViewer/src__test__resources__openjdk__unified-jvm-logging__sample-ujl-g1-gc-all,safepoint,os+cpu.txt";

  @TempDir Path dir;

  /**
   * The lab's survivor-overflow service at its own rate: premature promotion fills the old
   * generation, whose Full GCs (over 100 ms each) hold up every request due meanwhile, so the
   * requests slower than p99 meet a pause far more often than requests in general.
   */
  @Test
  void onAGcBoundServiceTheSlowRequestsAreTheOnesThePausesHeldUp() throws Exception {
    Path gcLog = dir.resolve("gc.log");
    JsonNode doc;
    CliRun text;
    try (RunningLab lab = LabLauncher.at(UseLabJar.LAB_JAR).start(LabLaunch.of("survivor-overflow")
        .withJvmFlags(List.of("-Xlog:gc*:file=" + gcLog + ":time,uptime,level,tags")))) {
      String url = lab.resolve("/scenario").toString();
      CliRun json = CliRun.of("load", "-q", "--rate", "150", "-c", "4", "--warmup", "2s", "-d", "8s",
          "--gc-log", gcLog.toString(), "--format", "json", url);
      assertThat(json.exitCode()).as(json.err()).isZero();
      doc = new ObjectMapper().readTree(json.out());
      text = CliRun.of("load", "-q", "--rate", "150", "-c", "4", "-d", "3s", "--gc-log", gcLog.toString(), url);
    }
    JsonSchemas.validAndRenameFails(doc, "/gcAttribution/slowInPauseShare");
    JsonNode a = doc.path("gcAttribution");
    // every completed request was kept (a short run fits the preallocated arrays)
    assertThat(a.path("sampleStride").asInt()).isEqualTo(1);
    assertThat(a.path("requests").asLong()).isEqualTo(doc.path("requests").asLong());
    assertThat(a.path("slowThresholdMs").asDouble()).isCloseTo(doc.at("/latencyMs/p99").asDouble(), within(0.001));
    int slow = a.path("slowRequests").asInt();
    assertThat(slow).isPositive().isLessThanOrEqualTo(a.path("requests").asInt() / 50);
    assertThat(a.path("pauses").asInt()).isPositive();
    double slowShare = a.path("slowInPauseShare").asDouble();
    double allShare = a.path("allInPauseShare").asDouble();
    assertThat(slowShare).isBetween(0.0, 1.0);
    assertThat(allShare).isBetween(0.0, 1.0);
    assertThat(slowShare).as("slow requests meet a pause more often than requests in general: %s", a)
        .isGreaterThanOrEqualTo(allShare);
    assertThat(a.path("slowInPause").asInt()).isEqualTo((int) Math.round(slowShare * slow));
    double total = a.path("pauseMsTotal").asDouble();
    assertThat(a.path("pauseMsInSlow").asDouble()).isPositive().isLessThanOrEqualTo(total);
    assertThat(a.path("pauseMsPerSlow").asDouble()).isLessThanOrEqualTo(total);
    assertThat(a.path("slowLatencyInPauseShare").asDouble()).isBetween(0.0, 1.0);

    assertThat(text.exitCode()).as(text.err()).isZero();
    assertThat(text.out()).contains("GC pauses in " + gcLog + ":", "requests slower than p99 (",
        "held up by a GC pause (the pause time inside it at least a quarter of its latency above the median and of"
            + " the median (of its latency, if shorter))", "pause time inside them:", "all requests: ");
  }

  @Test
  void aGcLogWithoutWallClockStampsIsAOneLineErrorAfterTheLoadFigures() throws Exception {
    try (LocalHttpServer server = LocalHttpServer.start(new AtomicInteger()::incrementAndGet)) {
      String url = server.url() + "/";
      CliRun r = CliRun.of("load", "-q", "-c", "2", "-n", "50", "--gc-log",
          CliRun.corpusFile(NO_WALL_CLOCK).toString(), url);
      assertThat(r.exitCode()).isEqualTo(ExitCodes.USAGE);
      assertThat(r.out()).contains("requests     50 completed");
      assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
      assertThat(r.err()).startsWith("jtune: ").contains("no wall-clock stamps", "time,uptime")
          .doesNotContain("Exception");

      CliRun missing = CliRun.of("load", "-q", "-c", "2", "-n", "50", "--gc-log",
          dir.resolve("nothing.log").toString(), url);
      assertThat(missing.exitCode()).isEqualTo(ExitCodes.USAGE);
      assertThat(missing.out()).isEmpty();
      assertThat(missing.err()).startsWith("jtune: GC log not found");
    }
  }
}
