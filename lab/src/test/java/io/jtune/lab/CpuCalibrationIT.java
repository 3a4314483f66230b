package io.jtune.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code cpu=} is milliseconds of one core on this machine and {@code io=} adds its
 * milliseconds, measured at concurrency 1 from the client.
 *
 * <p>The machine may be shared: another process taking a core stretches a request's wall time
 * but not the CPU time it takes. {@code cpu=} is therefore checked on the CPU time of the lab's
 * request threads (what 40 requests with {@code cpu=10} take beyond 40 without it, read from
 * Linux's per-thread schedstat in nanoseconds), and {@code io=}, a wait, on
 * the wall time of the lower quartile of 40 requests, which a busy neighbour can stretch but
 * not shorten: its upper bound is wide, and only catches a wait in the wrong unit.
 */
class CpuCalibrationIT {
  private static final int REQUESTS = 40;
  private static LabProcess lab;

  @BeforeAll
  static void startLab() throws Exception {
    lab = LabProcess.start(List.of("-Xmx128m"), List.of());
    for (int i = 0; i < 30; i++) {
      lab.get("/work?cpu=10&io=5");
    }
  }

  @AfterAll
  static void stopLab() throws Exception {
    if (lab != null) {
      lab.close();
    }
  }

  @Test
  void cpu10TakesTenMillisecondsOfCpuWithin20Percent() throws Exception {
    // what cpu=10 adds to a request that does nothing: HTTP and the servlet's own CPU time are not the burner's
    double overhead = cpuMsPerRequest("/work");
    double cpu10 = cpuMsPerRequest("/work?cpu=10");
    assertThat(cpu10 - overhead).as("lab CPU ms per /work?cpu=10 at concurrency 1 minus per /work (%.2f ms)", overhead)
        .isBetween(8.0, 12.0);
  }

  @Test
  void io80AddsEightyMillisecondsOfWaiting() throws Exception {
    double base = lowerQuartileMs("/work?cpu=10");
    double withIo = lowerQuartileMs("/work?cpu=10&io=80");
    assertThat(withIo - base).as("io=80 added to cpu=10, ms").isBetween(72.0, 160.0);
  }

  /** The CPU time of the lab's request threads per request over {@value #REQUESTS} requests, ms. */
  private static double cpuMsPerRequest(String request) throws Exception {
    long before = requestThreadsCpuNanos();
    for (int i = 0; i < REQUESTS; i++) {
      assertThat(lab.get(request).statusCode()).isEqualTo(200);
    }
    return (requestThreadsCpuNanos() - before) / 1e6 / REQUESTS;
  }

  /** The CPU time so far of the lab's HTTP threads (Tomcat's "http-nio-..."), from /proc/PID/task/TID/schedstat. */
  private static long requestThreadsCpuNanos() throws IOException {
    Path tasks = Path.of("/proc", Long.toString(lab.pid()), "task");
    assumeTrue(Files.isDirectory(tasks), "per-thread CPU time needs Linux's /proc");
    long nanos = 0;
    try (Stream<Path> threads = Files.list(tasks)) {
      for (Path t : threads.toList()) {
        try {
          if (Files.readString(t.resolve("comm")).startsWith("http-nio")) {
            nanos += Long.parseLong(Files.readString(t.resolve("schedstat")).split(" ")[0]);
          }
        } catch (NoSuchFileException gone) {
          // a thread that ended meanwhile
        }
      }
    }
    return nanos;
  }

  private static double lowerQuartileMs(String request) throws Exception {
    double[] ms = new double[REQUESTS];
    for (int i = 0; i < ms.length; i++) {
      long t0 = System.nanoTime();
      assertThat(lab.get(request).statusCode()).isEqualTo(200);
      ms[i] = (System.nanoTime() - t0) / 1e6;
    }
    Arrays.sort(ms);
    return ms[ms.length / 4];
  }
}
