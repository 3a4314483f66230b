package io.jtune.experiment.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The problem a run keeps for the verdict, from GC logs recorded with real JVMs (core's finding test logs). */
class RunDiagnosisTest {
  private static final Path LOGS = Path.of("../gc/src/test/resources/findings").toAbsolutePath().normalize();

  @Test
  void aLeakingJvmsLogNamesAMemoryLeakWithItsEvidence() {
    // the lab's session leak, recorded from a real JVM: the heap fills and Full GCs free almost nothing
    RunResult.GcProblem p = RunDiagnosis.ofFailedRun(Path.of("../testdata/casebook/session-leak.log"), List.of());
    assertThat(p).isNotNull();
    assertThat(p.code()).isEqualTo("memory-leak");
    assertThat(p.evidence()).isNotBlank();
  }

  @Test
  void aLiveSetThatDoesNotGrowNamesNoLeak() {
    RunResult.GcProblem p = RunDiagnosis.ofFailedRun(LOGS.resolve("serial-liveset-jdk17.log"), List.of("jtune-lab listening"));
    assertThat(p == null ? "none" : p.code()).isNotEqualTo("memory-leak");
  }

  @Test
  void anOutOfMemoryErrorInTheOutputIsALeakEvenWithoutALog() {
    RunResult.GcProblem p = RunDiagnosis.ofFailedRun(LOGS.resolve("no-such.log"), List.of("starting",
        "Exception in thread \"worker-3\" java.lang.OutOfMemoryError: Java heap space"));
    assertThat(p.code()).isEqualTo("memory-leak");
    assertThat(p.evidence()).startsWith("the target ran out of heap: Exception in thread");
    assertThat(RunDiagnosis.ofFailedRun(LOGS.resolve("no-such.log"), List.of("starting"))).isNull();
  }
}
