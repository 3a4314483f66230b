package io.jtune.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code cpu=} is milliseconds of one core on this machine and {@code io=} adds its
 * milliseconds, measured at concurrency 1 from the client.
 *
 * <p>The machine may be shared: another process taking a core stretches some requests. Each
 * figure is therefore the lower quartile of 40 requests, which a busy neighbour cannot drag
 * below the true time and rarely above it.
 */
class CpuCalibrationIT {
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
  void cpu10TakesTenMillisecondsWithin20Percent() throws Exception {
    // what cpu=10 adds to a request that does nothing: HTTP and the servlet's own time (about a
    // millisecond here, more on a busy machine) are not the burner's
    double overhead = lowerQuartileMs("/work");
    double cpu10 = lowerQuartileMs("/work?cpu=10");
    assertThat(cpu10 - overhead).as("/work?cpu=10 at concurrency 1 minus /work (%.2f ms), ms", overhead)
        .isBetween(8.0, 12.0);
  }

  @Test
  void io80AddsEightyMillisecondsWithin10Percent() throws Exception {
    double base = lowerQuartileMs("/work?cpu=10");
    double withIo = lowerQuartileMs("/work?cpu=10&io=80");
    assertThat(withIo - base).as("io=80 added to cpu=10, ms").isBetween(72.0, 88.0);
  }

  private static double lowerQuartileMs(String request) throws Exception {
    double[] ms = new double[40];
    for (int i = 0; i < ms.length; i++) {
      long t0 = System.nanoTime();
      assertThat(lab.get(request).statusCode()).isEqualTo(200);
      ms[i] = (System.nanoTime() - t0) / 1e6;
    }
    Arrays.sort(ms);
    return ms[ms.length / 4];
  }
}
