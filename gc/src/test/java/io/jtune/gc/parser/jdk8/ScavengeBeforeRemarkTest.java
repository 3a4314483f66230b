package io.jtune.gc.parser.jdk8;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.PauseKind;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * CMSScavengeBeforeRemark: the young collection logged inside a CMS remark runs within the
 * remark's stop, so it is a phase of the remark pause, never a second pause.
 */
class ScavengeBeforeRemarkTest {
  private static final String SCAVENGE_BR =
      "GCViewer/src__test__resources__openjdk__SampleSun1_8_0CMS_ScavengeBR_HeapAtGC_TenuringDist_PrintFLS.txt";

  private static Jdk8CorpusTest.Result read(String file) throws IOException {
    return Jdk8CorpusTest.read(new Jdk8CorpusTest.Row(file, "jdk8-style", "ParNew+CMS"));
  }

  @Test
  void pauseTotalIsTheRemarkStop() throws IOException {
    Jdk8CorpusTest.Result r = read(SCAVENGE_BR);
    double total = r.pauses.stream().mapToDouble(GcPause::durationMs).sum();
    assertThat(total).isCloseTo(178.7717, within(1.788));
    assertThat(r.pauses).hasSize(1);
    GcPause remark = r.pauses.get(0);
    assertThat(remark.kind()).isEqualTo(PauseKind.REMARK);
    assertThat(remark.phases().asMap()).containsEntry("ParNew", 130.6264);
    assertThat(remark.tenuring()).isNotNull();
  }

  @ParameterizedTest
  @ValueSource(strings = {
      SCAVENGE_BR,
      "GCViewer/src__test__resources__openjdk__SampleSun1_8_0Series-Part1.txt",
      "gctoolkit-testdata/gctoolkit-gclogs__preunified__cms__parnew__details__scavangeBeforeRemark.log",
      "gctoolkit-testdata/gctoolkit-gclogs__preunified__cms__parnew__details__tenuring__tlab__tlab_broken_gc_locker.log"})
  void noPauseStartsInsideARemark(String file) throws IOException {
    Jdk8CorpusTest.Result r = read(file);
    List<GcPause> remarks = r.pauses.stream().filter(p -> p.kind() == PauseKind.REMARK).toList();
    assertThat(remarks).isNotEmpty();
    assertThat(remarks).anySatisfy(m -> assertThat(m.phases().asMap()).containsKey("ParNew"));
    for (GcPause m : remarks) {
      double end = m.uptimeS() + m.durationMs() / 1000.0;
      assertThat(r.pauses).as("pauses inside the remark at %.3f s", m.uptimeS())
          .noneSatisfy(p -> assertThat(p != m && p.uptimeS() > m.uptimeS() && p.uptimeS() < end).isTrue());
    }
  }
}
