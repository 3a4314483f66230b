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

  @Test
  void metaspaceCapLeavesRoomAboveTheThreshold() {
    AdviceContext ctx = context(AdvisorTest.SERIAL_8);
    Candidate m = new MetaspaceRule().propose(ctx).candidate().orElseThrow();
    assertThat(m.flags()).containsExactly("-XX:MetaspaceSize=" + ctx.metaspaceMb() + "m",
        "-XX:MaxMetaspaceSize=" + ctx.metaspaceCapMb() + "m");
    assertThat(ctx.metaspaceCapMb() << 20).isGreaterThanOrEqualTo(2 * ctx.metaspacePeak());
    assertThat(m.reason()).contains("OutOfMemoryError: Metaspace");
  }
}
