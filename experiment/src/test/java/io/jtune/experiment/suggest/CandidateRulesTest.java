package io.jtune.experiment.suggest;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.common.jvm.FlagSet;
import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.suggest.rule.AdviceContext;
import io.jtune.experiment.suggest.rule.CandidateRule;
import io.jtune.experiment.suggest.rule.CollectorChangeRule;
import io.jtune.experiment.suggest.rule.FindingsRule;
import io.jtune.experiment.suggest.rule.MetaspaceRule;
import io.jtune.experiment.suggest.rule.PretouchRule;
import io.jtune.experiment.suggest.rule.Proposal;
import io.jtune.experiment.suggest.rule.YoungSizingRule;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.event.Collector;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Each candidate rule on its own, over the context gathered from a real GC log. */
class CandidateRulesTest {
  private static final List<CandidateRule> ALL = List.of(new FindingsRule(), new YoungSizingRule(),
      new CollectorChangeRule(), new PretouchRule(), new MetaspaceRule());

  private static AdviceContext context(String log) {
    return AdviceGathering.of(AdvisorTest.analyze(log), Advisor.Inputs.NONE);
  }

  @Test
  void everyCandidateOfTheAdvisorIsOneRulesProposal() {
    for (String log : List.of(AdvisorTest.SERIAL_8, AdvisorTest.PARALLEL_8, AdvisorTest.CMS_8, AdvisorTest.G1_SYSTEM_GC,
        AdvisorTest.SERIAL_24, AdvisorTest.QUIET_CMS)) {
      Analysis a = AdvisorTest.analyze(log);
      AdviceContext ctx = AdviceGathering.of(a, Advisor.Inputs.NONE);
      List<Candidate> proposed = ALL.stream().map(r -> r.propose(ctx)).map(Proposal::candidate)
          .flatMap(Optional::stream).toList();
      Suggestion s = Advisor.advise(a, Advisor.Inputs.NONE);
      assertThat(s.candidates()).as(log).isNotEmpty();
      for (Candidate c : s.candidates()) {
        assertThat(proposed).as(log + ": " + c.name()).contains(c);
      }
    }
  }

  @Test
  void youngSizingOnlyForAFixedYoungGeneration() {
    AdviceContext serial = context(AdvisorTest.SERIAL_8);
    assertThat(serial.collector()).isEqualTo(Collector.SERIAL);
    Proposal young = new YoungSizingRule().propose(serial);
    assertThat(young.candidate()).isPresent();
    assertThat(young.candidate().get().flags()).anyMatch(f -> FlagSet.option(f).equals("SurvivorRatio"));

    AdviceContext g1 = context(AdvisorTest.G1_SYSTEM_GC);
    assertThat(g1.collector()).isEqualTo(Collector.G1);
    assertThat(new YoungSizingRule().propose(g1).candidate()).isEmpty();
  }

  @Test
  void theSystemGcRemedyFollowsTheCollectorSwitchedTo() {
    // Serial with System.gc() calls and Full GCs: the switch to G1 runs them as concurrent cycles
    AdviceContext serial = context(AdvisorTest.SERIAL_8);
    Candidate change = new CollectorChangeRule().propose(serial).candidate().orElseThrow();
    assertThat(change.name()).isEqualTo("g1");
    assertThat(change.flags()).contains("-XX:+UseG1GC", "-XX:+ExplicitGCInvokesConcurrent")
        .doesNotContain("-XX:+DisableExplicitGC");
  }

  /** The case book's metaspace log: Parallel (JDK 17), three Full GCs triggered by Metadata GC Threshold. */
  private static final String METASPACE_BOOT = "../casebook/metaspace-boot.log";

  @Test
  void theMetaspaceCandidateOnlyWhereMetaspaceCostAFullGc() {
    // Full GCs triggered by the metaspace threshold: a cost, so a candidate
    AdviceContext boot = context(METASPACE_BOOT);
    assertThat(boot.seriousFinding("metadata-gc-threshold")).isPresent();
    assertThat(new MetaspaceRule().propose(boot).candidate()).isPresent();
    // G1 answered the threshold with a young pause: nothing to fix, no hygiene candidate to try
    AdviceContext g1 = context("GCViewer/src__test__resources__openjdk__SampleSun1_8_0G1YoungMetadataGcThreshold.txt");
    assertThat(g1.hasFinding("metadata-gc-threshold")).isTrue();
    assertThat(g1.seriousFinding("metadata-gc-threshold")).isEmpty();
    assertThat(new MetaspaceRule().propose(g1).candidate()).isEmpty();
    assertThat(Advisor.advise(AdvisorTest.analyze(
        "GCViewer/src__test__resources__openjdk__SampleSun1_8_0G1YoungMetadataGcThreshold.txt"), Advisor.Inputs.NONE)
        .candidates()).noneMatch(c -> c.name().equals("metaspace"));
  }

  @Test
  void metaspaceCapLeavesRoomAboveTheThreshold() {
    AdviceContext ctx = context(METASPACE_BOOT);
    Candidate m = new MetaspaceRule().propose(ctx).candidate().orElseThrow();
    assertThat(m.flags()).containsExactly("-XX:MetaspaceSize=" + ctx.metaspaceMb() + "m",
        "-XX:MaxMetaspaceSize=" + ctx.metaspaceCapMb() + "m");
    assertThat(ctx.metaspaceCapMb() << 20).isGreaterThanOrEqualTo(2 * ctx.metaspacePeak());
    assertThat(m.reason()).contains("OutOfMemoryError: Metaspace");
  }
}
