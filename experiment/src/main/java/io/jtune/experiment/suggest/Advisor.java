package io.jtune.experiment.suggest;

import io.jtune.common.finding.Severity;
import io.jtune.common.jvm.FlagSet;
import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.suggest.rule.AdviceContext;
import io.jtune.experiment.suggest.rule.AdviceText;
import io.jtune.experiment.suggest.rule.CandidateRule;
import io.jtune.experiment.suggest.rule.CollectorChangeRule;
import io.jtune.experiment.suggest.rule.CompactHeadersRule;
import io.jtune.experiment.suggest.rule.ContainerExplicit;
import io.jtune.experiment.suggest.rule.ContainerFitRule;
import io.jtune.experiment.suggest.rule.ContainerLimit;
import io.jtune.experiment.suggest.rule.ShenandoahModeRule;
import io.jtune.experiment.suggest.rule.FindingsRule;
import io.jtune.experiment.suggest.rule.MetaspaceRule;
import io.jtune.experiment.suggest.rule.PretouchRule;
import io.jtune.experiment.suggest.rule.Proposal;
import io.jtune.experiment.suggest.rule.YoungSizingRule;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.event.PauseKind;
import io.jtune.gc.diagnosis.Diagnosis;
import java.util.ArrayList;
import java.util.List;

/**
 * The advisor behind {@code jtune suggest}: from an analyzed GC log (and what the user knows
 * besides: flags, QPS, concurrency, jstat samples, a pause goal, the target JDK) it proposes a
 * baseline and two to four candidate configurations, each with the evidence it rests on, plus
 * load levels and goals for the experiment that settles which one wins.
 *
 * <p>Candidates, in order, each from one {@link CandidateRule} over the gathered {@link AdviceContext}
 * and only when it changes something:
 * <ul>
 *   <li>{@code findings}: every flag the findings recommend, together (most severe first);
 *   <li>{@code young-sizing}: the request/response sizing for collectors with a fixed young generation —
 *       the memory model's young (about 3/8 of its heap, old keeping 1.5x the live set), survivors large
 *       enough for the request data alive at a young GC; not proposed when the model refuses to grow
 *       young (rare or cheap young GCs, a leak, cache churn);
 *   <li>a collector change ({@code g1}, {@code zgc}, {@code parallel}) when the heap size, the
 *       pause goal or the pauses seen justify it, or {@code g1-pause-N} on G1 already;
 *   <li>low-risk fill-ins ({@code pretouch}, {@code metaspace}) while there are fewer than two;
 *   <li>{@code container-fit} inside a container's memory limit: the heap the limit allows (limit
 *       less non-heap less headroom) where the heap is the JVM's default or more than the limit holds.
 * </ul>
 * Inside a container's memory limit every candidate states its heap (-Xmx within the budget) and
 * its collector ({@link ContainerExplicit}).
 * The complete configurations (young-sizing, collector changes) also carry the low-risk fixes
 * worth having in any configuration: MetaspaceSize from the observed peak (MaxMetaspaceSize
 * with room to grow: twice the peak, at least the committed size), -Xms = -Xmx with -XX:+AlwaysPreTouch, and the System.gc() remedy. Flags the target JDK
 * lacks are dropped, with a note.
 */
public final class Advisor {
  /** Candidates besides the baseline, at most. */
  public static final int MAX_CANDIDATES = 4;
  /** Candidates when GC is not the problem, at most. */
  public static final int MAX_HYGIENE_CANDIDATES = 2;

  /**
   * What the advisor is told besides the GC log.
   *
   * @param flags the flags the service runs with, or null to take them from the log header
   * @param qps requests per second the service handled while logging, or NaN
   * @param concurrency requests in flight (threads busy) while logging, or 0
   * @param jstat {@code jstat -gc} samples of the service, or null
   * @param pauseTargetMs a pause goal in ms, or NaN when none was set (the analysis target is
   *     then used to judge pauses, but not as a goal)
   * @param jdk the major version of the JDK the candidates will run on, or 0 for the log's
   * @param measured what a measured baseline run shows the GC costs (its measured windows), or
   *     null to take it from the log
   * @param startupEndS seconds from the JVM's start to when the load began (its start-up's pauses
   *     are no reason for a pause goal), or NaN when not known
   * @param container the container limits the service runs in, or null
   */
  public record Inputs(List<String> flags, double qps, int concurrency, JstatGc jstat, double pauseTargetMs, int jdk,
      GoalsForProblem.Cost measured, double startupEndS, ContainerLimit container) {
    public static final Inputs NONE = new Inputs(null, Double.NaN, 0, null, Double.NaN, 0, null, Double.NaN, null);

    public Inputs {
      flags = flags == null ? null : List.copyOf(flags);
    }

    public Inputs(List<String> flags, double qps, int concurrency, JstatGc jstat, double pauseTargetMs, int jdk,
        GoalsForProblem.Cost measured, double startupEndS) {
      this(flags, qps, concurrency, jstat, pauseTargetMs, jdk, measured, startupEndS, null);
    }

    public Inputs withFlags(List<String> f) {
      return new Inputs(f, qps, concurrency, jstat, pauseTargetMs, jdk, measured, startupEndS, container);
    }

    public Inputs withQps(double q) {
      return new Inputs(flags, q, concurrency, jstat, pauseTargetMs, jdk, measured, startupEndS, container);
    }

    public Inputs withConcurrency(int c) {
      return new Inputs(flags, qps, c, jstat, pauseTargetMs, jdk, measured, startupEndS, container);
    }

    public Inputs withJstat(JstatGc j) {
      return new Inputs(flags, qps, concurrency, j, pauseTargetMs, jdk, measured, startupEndS, container);
    }

    public Inputs withPauseTarget(double ms) {
      return new Inputs(flags, qps, concurrency, jstat, ms, jdk, measured, startupEndS, container);
    }

    public Inputs withJdk(int major) {
      return new Inputs(flags, qps, concurrency, jstat, pauseTargetMs, major, measured, startupEndS, container);
    }

    public Inputs withStartupEnd(double seconds) {
      return new Inputs(flags, qps, concurrency, jstat, pauseTargetMs, jdk, measured, seconds, container);
    }

    public Inputs withMeasured(GoalsForProblem.Cost cost) {
      return new Inputs(flags, qps, concurrency, jstat, pauseTargetMs, jdk, cost, startupEndS, container);
    }

    /** With the container the service runs in (its limits, the native memory measured in it). */
    public Inputs withContainer(ContainerLimit c) {
      return new Inputs(flags, qps, concurrency, jstat, pauseTargetMs, jdk, measured, startupEndS, c);
    }
  }

  private Advisor() {}

  /** The suggestion for an analyzed GC log. */
  public static Suggestion advise(Analysis analysis, Inputs inputs) {
    AdviceContext ctx = AdviceGathering.of(analysis, inputs);
    List<String> notes = new ArrayList<>(ctx.notes());
    List<Candidate> proposed = new ArrayList<>();
    for (CandidateRule rule : rules(ctx)) {
      Proposal p = rule.propose(ctx);
      p.candidate().ifPresent(proposed::add);
      // a note two rules leave (a heap left at the JVM's default, a flag the JDK lacks) is said once
      p.notes().stream().filter(n -> !notes.contains(n)).forEach(notes::add);
    }
    if (!ctx.gcNotTheProblem() && ctx.leak()) {
      notes.add(AdviceText.LEAK);
    }
    // candidates that change only what can fix the primary problem are tried before bundles
    proposed = ContainerExplicit.of(ctx, proposed);
    List<Candidate> kept = distinct(ctx.baseline(), CandidateOrder.singleProblemFirst(proposed, orderCode(ctx)),
        ctx.gcNotTheProblem() ? MAX_HYGIENE_CANDIDATES : MAX_CANDIDATES);
    // the goals follow the problem and what it costs here: what the baseline shows hurt must
    // improve, every other metric must not get worse
    Diagnosis diagnosis = ctx.diagnosis();
    GoalsForProblem.Cost cost = inputs.measured() != null ? inputs.measured()
        : new GoalsForProblem.Cost(analysis.throughputNotApplicable() != null ? Double.NaN : 100 - analysis.throughputPct(),
            ctx.fullGcs(), 0, Double.NaN, fullGcSharePct(analysis));
    List<Level> levels = LoadLevels.levels(ctx.qps(), ctx.concurrency(), new LoadLevels.Baseline(ctx.fullGcs() > 0,
        ctx.startupFullGcs(), ctx.gcNotTheProblem(), diagnosis.primary().code(), cost));
    if (!(ctx.qps() > 0) && ctx.concurrency() <= 0) {
      notes.add(AdviceText.placeholderLevels(levels.get(0).concurrency()));
    }
    long serious = analysis.findings().stream().filter(f -> f.severity() != Severity.INFO).count();
    String verdict = AdviceText.verdict(ctx, kept.stream().map(Candidate::name).toList(), serious);
    return new Suggestion(ctx.jdk(), ctx.collector().displayName(), ctx.baseline(), kept, levels,
        ctx.gcNotTheProblem(), verdict, ctx.evidence(), notes, diagnosis);
  }

  /**
   * The rules that apply, in the order their candidates are proposed: low-risk ones only when GC
   * is not the problem; no young, survivor or collector candidates for a leak, since flags are not
   * its fix.
   */
  private static List<CandidateRule> rules(AdviceContext ctx) {
    if (ctx.gcNotTheProblem()) {
      // pauses that cost nothing can hide a concurrent collector busy most of the time (its threads take the CPU)
      return List.of(new ContainerFitRule(), new FindingsRule(), new ShenandoahModeRule(), new CompactHeadersRule(),
          new PretouchRule(), new MetaspaceRule());
    }
    if (ctx.leak()) {
      // a cache larger than a default heap in a container looks like a leak until a heap that holds it shows it level off
      return List.of(new ContainerFitRule(), new FindingsRule(), new MetaspaceRule());
    }
    return List.of(new ContainerFitRule(), new FindingsRule(), new YoungSizingRule(), new CollectorChangeRule(),
        new ShenandoahModeRule(), new CompactHeadersRule(), new PretouchRule(), new MetaspaceRule());
  }

  /**
   * The problem the candidates are ordered for: the primary diagnosis, except that premature
   * promotion from old-to-young churn is fixed by the old generation's collector or size, not
   * by young sizing.
   */
  private static String orderCode(AdviceContext ctx) {
    String code = ctx.diagnosis().primary().code();
    return ctx.model().cacheChurn() != null && code.equals("premature-promotion") ? CandidateOrder.CACHE_CHURN : code;
  }

  /** Candidates in order, without those that equal the baseline or an earlier one, at most {@code max}. */
  private static List<Candidate> distinct(List<String> baseline, List<Candidate> proposed, int max) {
    List<Candidate> kept = new ArrayList<>();
    List<List<String>> seen = new ArrayList<>();
    seen.add(FlagSet.merge(baseline, List.of()));
    for (Candidate c : proposed) {
      List<String> whole = FlagSet.merge(baseline, c.flags());
      if (kept.size() < max && seen.stream().noneMatch(s -> FlagSet.sameConfiguration(s, whole))) {
        kept.add(c);
        seen.add(whole);
      }
    }
    return kept;
  }

  /** The share of the log's time in Full GC pauses, %, or NaN when the log spans no time. */
  private static double fullGcSharePct(Analysis a) {
    double spanS = a.span().durationS();
    return spanS > 0 ? 100 * a.pauses().kind(PauseKind.FULL).totalMs() / 1000 / spanS : Double.NaN;
  }
}
