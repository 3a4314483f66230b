package io.jtune.experiment.suggest;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.common.jvm.FlagSet;
import io.jtune.common.JtuneException;
import io.jtune.gc.analysis.Analysis;
import io.jtune.common.jvm.JvmFlags;
import io.jtune.gc.finding.Finding;
import io.jtune.gc.model.MemoryModel;
import io.jtune.gc.diagnosis.Problem;
import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.ServiceSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Over every log of the corpus, the analysis and the advisor's suggestion agree with the memory
 * model's constraints: one value per option across findings and candidates, old keeps at least
 * 1.5x the measured live set in every proposed configuration, -Xmn never at or beyond the heap,
 * and a leak gets no young, survivor or collector candidate.
 */
class SoundAdviceCorpusTest {
  private static final long MB = 1L << 20;

  static List<String> corpusLogs() throws IOException {
    try (Stream<String> lines = Files.lines(AdvisorTest.corpus().resolve("manifest.tsv"))) {
      return lines.skip(1).map(l -> l.split("\t")[0]).toList();
    }
  }

  @Test
  void everyCorpusLogGetsConsistentAdviceThatLeavesOldRoomForItsLiveSet() throws IOException {
    int judged = 0;
    List<String> problems = new ArrayList<>();
    for (String f : corpusLogs()) {
      Analysis a;
      try {
        a = AdvisorTest.analyze(f);
      } catch (JtuneException e) {
        continue; // header-only and corrupted logs: nothing to analyze
      }
      Suggestion s = Advisor.advise(a, Advisor.Inputs.NONE);
      judged++;
      ProposedOptions p = ProposedOptions.of(a, s);
      if (!p.conflicts().isEmpty()) {
        problems.add(f + ": two values for one option: " + p.conflicts());
      }
      MemoryModel m = a.memoryModel();
      for (Finding x : a.findings()) {
        check(f, "finding " + x.id(), x.flags(), m, problems);
      }
      for (Candidate c : s.candidates()) {
        check(f, "candidate " + c.name(), s.flagsOf(c), m, problems);
        if (a.diagnosis().primary() == Problem.MEMORY_LEAK) {
          boolean young = c.flags().stream().map(FlagSet::option).anyMatch(o -> o.equals("Xmn") || o.equals("NewSize")
              || o.equals("MaxNewSize") || o.equals("SurvivorRatio") || o.equals("NewRatio"));
          boolean collector = c.flags().stream().anyMatch(x -> x.startsWith("-XX:+Use") && x.endsWith("GC"));
          if (young || collector) {
            problems.add(f + ": a leak gets candidate " + c.name() + " " + c.flags());
          }
        }
      }
      assertThat(s.diagnosis()).isEqualTo(a.diagnosis());
    }
    assertThat(judged).isGreaterThan(90);
    assertThat(problems).isEmpty();
  }

  /**
   * A configuration's young generation (-Xmn) against its heap (its -Xmx, else the heap the model
   * assumes): below the heap, and leaving old 1.5x the live set.
   */
  private static void check(String log, String what, List<String> flags, MemoryModel m, List<String> problems) {
    long young = size(flags, "-Xmn");
    if (young < 0) {
      return;
    }
    long heap = size(flags, "-Xmx");
    if (heap < 0) {
      heap = m.targetHeap();
    }
    if (heap > 0 && young >= heap) {
      problems.add(log + ": " + what + " gives young " + young / MB + " MB in a heap of " + heap / MB + " MB");
    }
    if (heap > 0 && m.live().known() && heap - young < MemoryModel.OLD_HEADROOM * m.live().bytes()) {
      problems.add(log + ": " + what + " leaves old " + (heap - young) / MB + " MB for a live set of "
          + m.live().bytes() / MB + " MB (" + flags + ")");
    }
  }

  private static long size(List<String> flags, String prefix) {
    long v = -1;
    for (String x : flags) {
      if (x.startsWith(prefix)) {
        OptionalLong b = JvmFlags.parseSize(x.substring(prefix.length()));
        v = b.orElse(v);
      }
    }
    return v;
  }

  @Test
  void aConcurrentModeFailureLogGetsAHeapSizedFromItsLiveSet() {
    Analysis a = AdvisorTest.analyze("GCViewer/src__test__resources__openjdk__SampleSun1_5_0ConcurrentModeFailure.txt");
    // 128 MB heap, 58-72 MB left by the Full GCs: old cannot keep twice the live set
    assertThat(a.diagnosis().primary()).isEqualTo(Problem.HEAP_TOO_SMALL);
    long live = a.memoryModel().live().bytes();
    assertThat(live).isBetween(55 * MB, 75 * MB);
    Suggestion s = Advisor.advise(a, Advisor.Inputs.NONE);
    List<String> xmx = s.candidates().stream().flatMap(c -> c.flags().stream()).filter(x -> x.startsWith("-Xmx")).distinct()
        .toList();
    assertThat(xmx).hasSize(1);
    long heap = JvmFlags.parseSize(xmx.get(0).substring(4)).orElseThrow();
    assertThat(heap).isBetween(3 * live, 4 * live);
    assertThat(a.diagnosis().advice()).contains(xmx.get(0)).contains("3-4x the live set");
    // the survivor ratio is never computed for the 8 MB young generation while another proposal grows it
    ProposedOptions p = ProposedOptions.of(a, s);
    assertThat(p.values().getOrDefault("SurvivorRatio", java.util.Set.of())).hasSizeLessThanOrEqualTo(1);
  }

  /** "writes 'its flags are not known here' right under the printed flags": the lab prints its flags above the baseline. */
  @Test
  void theBaselineDoesNotSayItsFlagsAreUnknown() {
    Suggestion s = Advisor.advise(AdvisorTest.analyze(
        "GCViewer/src__test__resources__openjdk__SampleSun1_5_0ConcurrentModeFailure.txt"), Advisor.Inputs.NONE);
    // the log states its collector (no command line, no heap capacities): the baseline runs it explicitly
    assertThat(s.baselineFlags()).containsExactly("-XX:+UseConcMarkSweepGC");
    Plan plan = s.plan("p", ServiceSpec.lab("api"));
    assertThat(plan.candidates().get(0).name()).isEqualTo(Suggestion.BASELINE);
    assertThat(plan.candidates().get(0).reason()).doesNotContain("not known").contains("-XX:+UseConcMarkSweepGC");
    assertThat(s.notes()).anyMatch(n -> n.contains("the log does not state") && n.contains("maximum heap size"));
  }

  /** -Xmn5888m was suggested for young GCs every 12.5 s at p99 35 ms. */
  @Test
  void rareShortYoungGcsGetNoYoungCandidate() {
    Analysis a = AdvisorTest.analyze(AdvisorTest.CMS_8);
    Suggestion s = Advisor.advise(a, Advisor.Inputs.NONE);
    assertThat(s.candidates()).noneMatch(c -> c.flags().stream().anyMatch(x -> x.startsWith("-Xmn")));
    assertThat(s.notes()).anyMatch(n -> n.startsWith("no young-generation candidate: young GCs are rare"));
  }

  /**
   * A heap that saturates (old after GC from 2 MB to its capacity, most Full GCs freeing almost
   * nothing) is a leak: the advice says flags are not the fix, what a bigger heap would buy, and
   * what to run; no young, survivor or collector candidate.
   */
  @Test
  void aSaturatedHeapIsALeakWithNoSizingCandidates() {
    Analysis a = AdvisorTest.analyze("gctoolkit-testdata/gctoolkit-gclogs__preunified__cms__parnew__details__tenuring__863_gc.log");
    assertThat(a.diagnosis().primary()).isEqualTo(Problem.MEMORY_LEAK);
    Suggestion s = Advisor.advise(a, Advisor.Inputs.NONE);
    assertThat(s.diagnosis().primary()).isEqualTo(Problem.MEMORY_LEAK);
    assertThat(s.verdict()).contains("flags are not the fix").contains("jcmd PID GC.heap_dump")
        .contains("GC.class_histogram").containsPattern("A heap of [\\d.]+ MB \\(-Xmx\\d+m, twice today's\\) would only delay");
    for (Candidate c : s.candidates()) {
      assertThat(c.flags()).as(c.name()).noneMatch(x -> x.startsWith("-Xmn") || x.startsWith("-XX:SurvivorRatio")
          || x.startsWith("-XX:+Use") && x.endsWith("GC"));
    }
  }
}
