package io.jtune.experiment.suggest.rule;

import io.jtune.common.jvm.FlagSet;
import io.jtune.common.jvm.JvmOption;
import io.jtune.experiment.plan.Candidate;
import io.jtune.gc.finding.Finding;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Candidate {@code findings}: every flag the findings recommend (collector changes aside), most
 * severe first, per option the first finding's value; low-risk hygiene only when GC is not the
 * problem or the diagnosis is a leak (then nothing that sizes young or its survivors).
 */
public final class FindingsRule implements CandidateRule {
  /** Options that size the young generation or its survivors. */
  private static final Set<JvmOption> YOUNG_OR_SURVIVOR = EnumSet.of(JvmOption.XMN, JvmOption.NEW_SIZE,
      JvmOption.MAX_NEW_SIZE, JvmOption.NEW_RATIO, JvmOption.SURVIVOR_RATIO, JvmOption.USE_ADAPTIVE_SIZE_POLICY,
      JvmOption.MAX_TENURING_THRESHOLD);
  private static final Set<JvmOption> METASPACE = EnumSet.of(JvmOption.METASPACE_SIZE, JvmOption.MAX_METASPACE_SIZE,
      JvmOption.PERM_SIZE, JvmOption.MAX_PERM_SIZE);

  @Override
  public Proposal propose(AdviceContext ctx) {
    Draft d = new Draft(ctx);
    Map<String, String> byOption = new LinkedHashMap<>();
    List<String> cited = new ArrayList<>();
    for (Finding f : ctx.analysis().findings()) {
      if (f.flags().isEmpty() || f.flags().stream().anyMatch(FindingsRule::choosesCollector)) {
        continue;
      }
      List<String> proposed = f.flags().stream().map(x -> sized(ctx, x))
          .filter(x -> !ctx.leak() || !youngOrSurvivor(x)).toList();
      List<String> usable = d.usable(proposed, "finding " + f.id());
      if (usable.isEmpty()) {
        continue;
      }
      List<String> taken = new ArrayList<>();
      List<String> overridden = new ArrayList<>();
      for (String flag : usable) {
        (byOption.putIfAbsent(FlagSet.option(flag), flag) == null ? taken : overridden).add(flag);
      }
      cited.add(AdviceText.findingCited(f.id(), f.title(), taken, overridden));
    }
    if (byOption.isEmpty()) {
      return d.none();
    }
    boolean hygieneOnly = ctx.gcNotTheProblem() || ctx.leak();
    return d.proposal(Candidate.of("findings", List.copyOf(byOption.values()), AdviceText.findings(hygieneOnly, cited)));
  }

  private static boolean choosesCollector(String flag) {
    return FlagSet.switchesOn(flag) && JvmOption.named(FlagSet.option(flag)).map(JvmOption::choosesCollector).orElse(false);
  }

  private static boolean youngOrSurvivor(String flag) {
    return JvmOption.named(FlagSet.option(flag)).map(YOUNG_OR_SURVIVOR::contains).orElse(false);
  }

  /**
   * A flag from a finding as the advisor sizes it: a metaspace flag resized when jstat knew the
   * peak the log did not show; a survivor ratio for the survivor demand the advisor knows
   * (request data from --qps/--concurrency besides the log), so one option has one value.
   */
  private static String sized(AdviceContext ctx, String flag) {
    JvmOption o = JvmOption.named(FlagSet.option(flag)).orElse(null);
    if (o == JvmOption.SURVIVOR_RATIO && ctx.survivorRatio() > 0) {
      return JvmOption.SURVIVOR_RATIO.set(ctx.survivorRatio());
    }
    if (o == JvmOption.MAX_METASPACE_SIZE && ctx.metaspacePeak() > 0) {
      // a cap with room to grow (see AdviceContext#metaspaceCapMb), not the threshold's size
      return o.size(ctx.metaspaceCapMb() * (1L << 20));
    }
    if (o == JvmOption.METASPACE_SIZE && ctx.metaspacePeak() > 0) {
      return o.size(ctx.metaspaceMb() * (1L << 20));
    }
    if (o != null && METASPACE.contains(o) && ctx.metaspaceSource().equals("jstat MU") && ctx.metaspacePeak() > 0) {
      return o.size(ctx.metaspaceMb() * (1L << 20));
    }
    return flag;
  }
}
