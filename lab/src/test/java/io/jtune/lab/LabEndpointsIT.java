package io.jtune.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Drives every endpoint of the packaged lab jar running as a child JVM. */
class LabEndpointsIT {
  private static LabProcess lab;

  @BeforeAll
  static void startLab() throws Exception {
    lab = LabProcess.start(List.of("-Xmx256m"), List.of("--threads", "20", "--cache-mb", "1", "--store-entries", "5"));
  }

  @AfterAll
  static void stopLab() throws Exception {
    if (lab != null) {
      lab.close();
      assertThat(lab.process().isAlive()).isFalse();
    }
  }

  @Test
  void announcesItsUrlOnLoopback() {
    assertThat(lab.url().getHost()).isEqualTo("127.0.0.1");
    assertThat(lab.url().getPort()).isPositive();
    assertThat(lab.stdout()).anyMatch(l -> l.startsWith("jtune-lab scenario api, threads 20"));
  }

  @Test
  void workWithoutParametersAnswersOk() throws Exception {
    HttpResponse<String> r = lab.get("/work");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.body()).isEqualTo("ok\n");
  }

  @Test
  void workDoesEachKindOfWork() throws Exception {
    long before = lab.stat("endpoints", "/downstream", "count");
    HttpResponse<String> r = lab.get("/work?cpu=2&io=20&alloc=1048576&hold=30");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.body()).startsWith("ok cpu=2 io=20 alloc=1048576 hold=30");
    assertThat(lab.stat("endpoints", "/downstream", "count")).isEqualTo(before + 1);
  }

  /**
   * More requests in flight than workers: each waits on the downstream call, which its own
   * connector serves, so they queue for a worker instead of waiting on one another until the
   * call times out (the io-bound scenario with --threads below its clients).
   */
  @Test
  void fewerWorkersThanRequestsWaitingOnTheDownstreamStillServe() throws Exception {
    try (LabProcess few = LabProcess.start(List.of("-Xmx128m"), List.of("--threads", "2"))) {
      ClosedLoopLoad.Result r = ClosedLoopLoad.run(few.url().resolve("/work?io=50"), 6, java.time.Duration.ofSeconds(2));
      assertThat(r.failed()).isZero();
      // 2 workers, 50 ms each: about 40 a second, whatever the host's speed at least a few
      assertThat(r.ok()).isGreaterThan(10);
    }
  }

  @Test
  void downstreamAnswersAfterItsDelay() throws Exception {
    long t0 = System.nanoTime();
    HttpResponse<String> r = lab.get("/downstream?sleep=50");
    assertThat((System.nanoTime() - t0) / 1_000_000).isGreaterThanOrEqualTo(50);
    assertThat(r.body()).isEqualTo("slept 50\n");
  }

  @Test
  void xmlParsesTheGeneratedDocumentSharedOrPerThread() throws Exception {
    assertThat(lab.get("/xml?nodes=10&depth=3&shared=true").body()).startsWith("ok elements=31 ");
    assertThat(lab.get("/xml?nodes=10&depth=3&shared=false").body()).startsWith("ok elements=31 ");
    assertThat(lab.get("/xml").body()).startsWith("ok elements=301 ");
  }

  @Test
  void sessionHoldsItsDataAndSetsACookie() throws Exception {
    HttpResponse<String> r = lab.get("/session?kb=4");
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.body()).contains("kb=4 ttl=1800");
    assertThat(r.headers().firstValue("Set-Cookie")).hasValueSatisfying(c -> assertThat(c).startsWith("JSESSIONID="));
  }

  @Test
  void cacheKeepsRecentMessagesAndEvictsTheLeastRecentlyUsed() throws Exception {
    String first = lab.get("/cache/put?kb=100").body();
    long firstId = Long.parseLong(first.replaceAll("^ok id=(\\d+) .*\\s*$", "$1"));
    assertThat(lab.get("/cache/get?id=" + firstId).body()).startsWith("hit id=" + firstId + " bytes=102400");
    for (int i = 0; i < 12; i++) {
      lab.get("/cache/put?kb=100");
    }
    assertThat(lab.get("/cache/get?id=" + firstId).body()).startsWith("miss");
    assertThat(lab.get("/cache/get?recent=1").body()).startsWith("hit");
  }

  @Test
  void storeKeepsOneEntryPerKeyUpToItsBound() throws Exception {
    assertThat(lab.get("/store?key=same&kb=1").body()).isEqualTo("ok key=same entries=1 of 5\n");
    assertThat(lab.get("/store?key=same&kb=1").body()).as("one key, one entry").isEqualTo("ok key=same entries=1 of 5\n");
    for (int i = 0; i < 10; i++) {
      lab.get("/store?kb=1&key=k" + i);
    }
    assertThat(lab.get("/store?key=last").body()).as("distinct keys fill it to its bound").endsWith("entries=5 of 5\n");
    assertThat(lab.get("/store?kb=1").statusCode()).isEqualTo(400);
  }

  @Test
  void aScenarioRequestsOwnParametersGoOverTheMixs() throws Exception {
    try (LabProcess store = LabProcess.start(List.of("-Xmx128m"),
        List.of("--threads", "4", "--scenario", "store-bound", "--store-entries", "3"))) {
      assertThat(store.get("/scenario").body()).isEqualTo("ok key=one entries=1 of 3\n");
      assertThat(store.get("/scenario").body()).isEqualTo("ok key=one entries=1 of 3\n");
      assertThat(store.get("/scenario?key=abc-1").body()).isEqualTo("ok key=abc-1 entries=2 of 3\n");
      assertThat(store.stat("endpoints", "/store", "count")).isEqualTo(3);
    }
  }

  @Test
  void classesAreDefinedAndCounted() throws Exception {
    long metaspaceBefore = lab.stat("pools", "Metaspace", "usedBytes");
    assertThat(lab.get("/classes?n=500").body()).startsWith("ok defined=500 ");
    assertThat(lab.stat("pools", "Metaspace", "usedBytes")).isGreaterThan(metaspaceBefore + 500 * 1024);
  }

  @Test
  void scenarioServesItsMix() throws Exception {
    for (int i = 0; i < 20; i++) {
      assertThat(lab.get("/scenario").statusCode()).isEqualTo(200);
    }
    assertThat(lab.stat("endpoints", "/scenario", "count")).isGreaterThanOrEqualTo(20);
  }

  @Test
  void statsReportRequestsGcAndCpu() throws Exception {
    lab.get("/work");
    String stats = lab.get("/stats").body();
    assertThat(JsonNumbers.find(stats, "requests")).isPositive();
    assertThat(JsonNumbers.find(stats, "inFlight")).isZero();
    assertThat(JsonNumbers.find(stats, "uptimeMs")).isPositive();
    assertThat(JsonNumbers.find(stats, "processCpuNanos")).isPositive();
    assertThat(JsonNumbers.find(stats, "endpoints", "/work", "count")).isPositive();
    assertThat(stats).contains("\"gc\":{\"G1 Young Generation\":{\"count\":");
    assertThat(JsonNumbers.find(stats, "settings", "threads")).isEqualTo(20);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "/work?cpu=-1", "/work?cpu=abc", "/work?cpu=99999999999999999999", "/work?io=1e3",
      "/work?alloc=-5", "/work?alloc=99999999999", "/work?hold=3600001", "/xml?nodes=0",
      "/xml?nodes=100000&depth=50", "/xml?shared=maybe", "/session?kb=999999", "/cache/put?kb=x",
      "/cache/get?id=0", "/classes?n=20001", "/classes?n=-1", "/downstream?sleep=-3"})
  void badParametersAnswer400WithAMessage(String request) throws Exception {
    HttpResponse<String> r = lab.get(request);
    assertThat(r.statusCode()).isEqualTo(400);
    assertThat(r.body()).matches("(?s)[\\w ]+ must .*\n");
    assertThat(lab.get("/work").statusCode()).isEqualTo(200);
  }

  @Test
  void unknownPathAnswers404() throws Exception {
    assertThat(lab.get("/nope").statusCode()).isEqualTo(404);
  }

  @Test
  void exitsWhenItsParentProcessIsGone() throws Exception {
    Process parent = new ProcessBuilder("sleep", "30").start();
    try (LabProcess orphan = LabProcess.start(List.of("-Xmx64m"),
        List.of("--parent-pid", Long.toString(parent.pid())))) {
      parent.destroyForcibly().waitFor();
      assertThat(orphan.process().waitFor(20, TimeUnit.SECONDS)).as("lab exits after its parent").isTrue();
    } finally {
      parent.destroyForcibly();
    }
  }

  @Test
  void refusesToStartWhenItsParentIsAlreadyGone() throws Exception {
    Process p = new ProcessBuilder(java(), "-jar", LabProcess.jar().toString(), "--parent-pid", "999999999")
        .redirectErrorStream(true).start();
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isEqualTo(3);
    assertThat(new String(p.getInputStream().readAllBytes())).contains("parent process 999999999 is not running");
  }

  @Test
  void rejectsABadOptionWithExitCode2() throws Exception {
    Process p = new ProcessBuilder(java(), "-jar", LabProcess.jar().toString(), "--threads", "none")
        .redirectErrorStream(true).start();
    assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(p.exitValue()).isEqualTo(2);
    assertThat(new String(p.getInputStream().readAllBytes()))
        .startsWith("jtune-lab: --threads needs a whole number, got 'none'");
  }

  private static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }
}
