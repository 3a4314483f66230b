package io.jtune.experiment.tune;

import io.jtune.common.units.ByteSize;
import io.jtune.common.units.MemoryQuantity;
import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Goal;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanWriter;
import io.jtune.experiment.run.Experiment;
import io.jtune.experiment.run.RunResult;
import io.jtune.experiment.search.Arm;
import io.jtune.experiment.search.Bisection;
import io.jtune.experiment.search.Footprint;
import io.jtune.experiment.search.MemoryGrid;
import io.jtune.experiment.search.Objective;
import io.jtune.experiment.search.ParamSearch;
import io.jtune.experiment.search.Racing;
import io.jtune.experiment.search.SearchResult;
import io.jtune.experiment.search.SearchSpec;
import io.jtune.experiment.suggest.Suggestion;
import io.jtune.experiment.suggest.rule.ContainerLimit;
import io.jtune.gc.model.ContainerBudget;
import io.jtune.gc.model.MemoryModel;
import io.jtune.runtime.container.ContainerLimits;
import io.jtune.common.JtuneException;
import io.jtune.gc.analysis.LiveSetEnvelope;
import io.jtune.gc.diagnosis.Problem;
import io.jtune.gc.finding.Finding;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongUnaryOperator;

/**
 * A tune session's memory search ({@code --objective footprint} or {@code cost}): the grid from
 * the baseline's memory model (the live set up to the service's heap, or 3x the live set; under
 * a memory limit the limit itself, each limit's heap by the budget rule with the non-heap the
 * baseline measured), bisected (or swept), each probe a few runs of one size at the first level's
 * load; the report written (search.txt, .json, .html), and the plan that re-validates the answer
 * against the baseline with full repetitions at every level, interleaved.
 */
final class FootprintStep {
  /** The finding that names a live set that keeps rising. */
  private static final String LEAK_FINDING = "old-gen-growth";

  private FootprintStep() {}

  static SearchStep.Outcome run(TuneSettings job, Suggestion s, Baseline base, List<Level> levels, int repetitions,
      Duration perRun, BaselineRuns baselines, TuneListener listener) {
    SearchSpec spec = job.search();
    Level high = levels.get(0);
    Candidate own = job.target().isLab() ? Candidate.of(Suggestion.BASELINE, List.of(), s.baseline().reason())
        : s.baseline();
    MemoryModel model = base.analysis().model();
    long heap = model.capacities().heapMax();
    long metaspace = model.capacities().metaspacePeak();
    long live = model.live().known() ? model.live().bytes() : -1;
    ContainerLimits limits = high.limits();
    boolean limited = limits != null && limits.memory() != null;
    MemoryGrid grid;
    long nonHeap;
    String nonHeapWhy;
    if (base.run() != null && base.run().nativeMemory() != null) {
      nonHeap = base.run().nativeMemory().nonHeapBytes();
      nonHeapWhy = "measured by Native Memory Tracking in the baseline";
    } else {
      nonHeap = ContainerBudget.estimatedNonHeapBytes(metaspace);
      nonHeapWhy = "estimated (metaspace, code cache, threads, the rest), not measured";
    }
    if (limited) {
      ContainerLimit c = ContainerLimit.of(limits.memory().bytes(), Double.NaN, "--memory-limit")
          .withNativeMemory(base.run() == null ? null : base.run().nativeMemory());
      LongUnaryOperator heapOf = l -> {
        ContainerBudget b = ContainerLimit.of(l, Double.NaN, "--memory-limit").withNativeMemory(c.measured())
            .budget(metaspace);
        return b == null ? -1 : b.heapBytes();
      };
      grid = MemoryGrid.limits(MemoryGrid.lowestHeapBytes(live), limits.memory().bytes(), heapOf,
          live > 0 ? "the live set " + ByteSize.human(live) + " plus the collector's share" : "the live set was not"
              + " measured");
    } else {
      long host = model.capacities().hostMemory();
      grid = MemoryGrid.heaps(live, heap, host > 0 ? (long) (MemoryModel.HOST_SHARE * host) : -1,
          "the host's share for the heap (" + Math.round(100 * MemoryModel.HOST_SHARE) + " % of its memory)");
    }
    Footprint.Pricing pricing = null;
    if (spec.objective() == Objective.COST) {
      double cores = limits != null && limits.cpus() != null ? limits.cpus().millis() / 1000.0
          : Runtime.getRuntime().availableProcessors();
      String coresWhy = limits != null && limits.cpus() != null ? "the CPU limit" : "the host's, no CPU limit given";
      long today = limited ? limits.memory().bytes() : heap > 0 ? heap + nonHeap : -1;
      pricing = new Footprint.Pricing(spec.prices(), cores, coresWhy, limited ? 0 : nonHeap, nonHeapWhy,
          Math.max(0, today));
    }
    long validationRuns = 2L * levels.size() * repetitions;
    Double ownRps = base.run() == null ? null : base.run().metrics().get(Metric.THROUGHPUT.key());
    Racing judge = new Racing(spec.objective(), spec.slo(), high.open() ? high.rateRps() : 0,
        ownRps == null ? 0 : ownRps);
    Path dir = job.dir().resolve(ParamSearch.DIR);
    int[] runs = {0};
    long started = System.nanoTime();
    Bisection.Prober prober = (order, step, candidate) -> {
      Level at = atSize(high, step, limited);
      List<RunResult> out = probe(job, candidate, at.withGoals(Map.of()).withLine(0), repetitions,
          dir.resolve("probe-" + order + "-" + candidate.name()), listener);
      runs[0] += out.size();
      return out;
    };
    Footprint f = new Bisection(judge, own.flags(), limited).search(grid, spec.sweep(), prober,
        done -> job.budget() == null || job.budget().left().compareTo(perRun.multipliedBy(repetitions
            + validationRuns)) >= 0, pricing, listener);
    Duration spent = Duration.ofNanos(System.nanoTime() - started);
    List<Arm> arms = f.probes().stream().map(Footprint.Probe::arm)
        .sorted(Comparator.comparingDouble(a -> a.cost().get(0))).toList();
    Arm winner = f.winner() == null ? null : f.winner().arm();
    SearchResult r = new SearchResult(spec, judge, high, arms, winner, winner, f.probes().size(), repetitions,
        runs[0], spent, List.of(), f);
    long ownMb = limited ? limits.memory().bytes() >> 20 : heap >> 20;
    long answerMb = f.winner() == null ? -1 : f.winner().step().mb();
    if (f.winner() != null && answerMb == ownMb) {
      r = r.withNote("the answer is the service's own " + (limited ? "memory limit" : "heap") + ", " + ownMb
          + " MB: it already has the smallest that meets the SLO at this load, so there is nothing to check against"
          + " it");
    }
    if (f.winner() != null && answerMb != ownMb) {
      // a probe's window shows a size meets the SLO for that long only: the answer is run longer first (a larger
      // one too: the service is given more memory on a window's evidence)
      Duration extra = perRun.plus(high.duration().multipliedBy(BaselineRuns.LONGER - 1L));
      if (job.budget() != null && job.budget().left().compareTo(extra.plus(perRun.multipliedBy(validationRuns))) < 0) {
        r = r.withNote("the answer was not run longer (a run " + BaselineRuns.LONGER + " times a probe's window): the"
            + " budget left has no room for it and the check");
      } else {
        MemoryGrid.Step step = f.winner().step();
        Level at = atSize(high, step, limited);
        String runDir = ParamSearch.DIR + "/longer-" + winner.name();
        listener.answerLongerStarting(step, BaselineRuns.LONGER, at.duration().multipliedBy(BaselineRuns.LONGER));
        f = f.withLonger(longer(step, at, winner.candidate(), judge, runDir, baselines));
        r = r.withFootprint(f);
      }
    }
    if (f.winner() != null && live <= 0 && f.longer() == null) {
      r = r.withNote(unmeasuredLiveSet(high.duration()));
    }
    Goal smaller = null;
    if (f.winner() != null && answerMb < ownMb) {
      // what the answer is for: less memory; the check asks the resident set to show it
      long usedMb = heldHeapMb(base, heap >> 20);
      smaller = smallerResidentSet(base, f.winner().step().heapMb(), usedMb);
      if (smaller == null && !limited && usedMb > 0 && usedMb <= f.winner().step().heapMb()) {
        r = r.withNote("the answer's heap, " + f.winner().step().heapMb() + " MB, is no smaller than the heap the"
            + " service held at this load (" + usedMb + " MB, its largest capacity in the baseline's GC log): the"
            + " resident set cannot show it; what it bounds is the heap the JVM may grow to (" + (heap >> 20)
            + " MB today), which a memory limit must hold");
      }
    }
    List<Path> files = SearchStep.write(job, r);
    listener.searched(r, files);
    if (winner == null || answerMb == ownMb || !f.answerStands()) {
      return new SearchStep.Outcome(r, files, null);
    }
    Candidate w = winner.candidate();
    List<Level> ls = SearchStep.validationLevels(spec.slo(), null, levels);
    if (answerMb < ownMb) {
      if (smaller != null) {
        Goal rss = smaller;
        ls = ls.stream().map(l -> {
          Map<String, Goal> g = new LinkedHashMap<>(l.goals());
          g.put(rss.key(), rss);
          return l.withGoals(g);
        }).toList();
      }
    }
    if (limited) {
      // the answer runs under its own memory limit (what a platform would give it), the baseline under the
      // limit given: each run in its own cgroup, side by side
      ContainerLimits itsOwn = new ContainerLimits(MemoryQuantity.ofBytes(f.winner().step().mb() << 20), null);
      w = Candidate.of(w.name(), w.flags(), w.reason() + " Checked under its own memory limit, " + itsOwn.describe()
          + ", beside the baseline at the limit given (" + limits.describe() + ").").withLimits(itsOwn);
    }
    Plan template = new Plan(job.name(), job.target(), own.name(), List.of(own), levels, repetitions,
        Plan.Order.INTERLEAVED, Duration.ofSeconds(1), null);
    Plan validation = template.withCandidates(own.name(), List.of(own, w.withLine(0))).withLevels(ls)
        .withRepetitions(repetitions);
    return new SearchStep.Outcome(r, files, validation);
  }

  /** The level a size runs at: under a memory limit of the size (the level's CPUs kept), else the level itself. */
  private static Level atSize(Level level, MemoryGrid.Step step, boolean limited) {
    return limited ? level.withLimits(new ContainerLimits(MemoryQuantity.ofBytes(step.mb() << 20),
        level.limits().cpus())) : level;
  }

  /**
   * The answer run longer ({@link Footprint.Longer}): one run at its size and the first level's
   * load, {@value BaselineRuns#LONGER} times a probe's window, read as a baseline is; what it
   * showed ({@link #held}).
   */
  private static Footprint.Longer longer(MemoryGrid.Step step, Level at, Candidate answer, Racing judge, String dir,
      BaselineRuns baselines) {
    Duration measured = at.duration().multipliedBy(BaselineRuns.LONGER);
    Baseline run;
    try {
      run = baselines.answerLonger(at, answer, dir);
    } catch (IOException | JtuneException e) {
      // the run failed without a GC log that tells why: that is what it showed
      return new Footprint.Longer(step, measured, BaselineRuns.LONGER, false, "it failed: " + e.getMessage()
          + "; nothing is adopted", dir);
    }
    return held(step, measured, run, answer, judge, dir);
  }

  /**
   * Whether the answer held in its longer run {@code run}: it served, met the SLO (the search's
   * judge, on that one run), and its live set under the load did not keep rising (no rise, no
   * leak in its GC log). A live set that keeps rising is named as such: a larger heap only delays
   * it, so no larger size is an answer either.
   */
  static Footprint.Longer held(MemoryGrid.Step step, Duration measured, Baseline run, Candidate answer, Racing judge,
      String dir) {
    RunResult r = run.run();
    int times = BaselineRuns.LONGER;
    if (run.kill() != null) {
      return new Footprint.Longer(step, measured, times, false, "the container's memory limit killed it ("
          + r.failure() + "); nothing is adopted", dir);
    }
    long heap = step.heapMb() << 20;
    boolean leak = run.analysis().diagnosis().primary() == Problem.MEMORY_LEAK;
    LiveSetEnvelope envelope = LiveSetEnvelope.of(run.analysis());
    boolean rising = envelope != null && envelope.rising(heap);
    if (run.liveRising() != null || leak || rising) {
      // Full GCs that kept more each time, the envelope of a short run at a small heap, or the memory model's
      // own words (the old generation's live set grows, or the heap saturates)
      String what = run.liveRising() != null ? run.liveRising() : rising ? envelope.words(heap)
          : run.analysis().findings().stream().filter(x -> x.id().equals(LEAK_FINDING)).map(Finding::title)
              .findFirst().orElse(run.analysis().diagnosis().line());
      // what grew by the run's own class histograms; how to find it only when none could be taken
      String grew = run.grew();
      String find = grew != null ? "; " + grew
          : "; two class histograms a few minutes apart, `jcmd PID GC.class_histogram`, show what gains instances"
              + (r.classGrowth() != null ? " (" + r.classGrowth().failure() + ")" : "");
      return new Footprint.Longer(step, measured, times, false, what + (r.ok() ? "" : "; the run failed: "
          + r.failure()) + ". A live set that keeps rising under a constant load fills any heap, a larger one later:"
          + " no size is an answer until what grows has a bound (sessions kept for a long timeout, a cache without a"
          + " limit, a leak" + find + "); nothing is adopted", dir);
    }
    if (!r.ok()) {
      return new Footprint.Longer(step, measured, times, false, "it failed: " + r.failure() + "; nothing is adopted",
          dir);
    }
    Arm arm = Arm.of(answer, List.of((double) step.mb(), 0.0), List.of(r));
    if (!judge.meets(arm, null)) {
      return new Footprint.Longer(step, measured, times, false, "it missed the SLO: " + judge.missReason(arm)
          + "; nothing is adopted", dir);
    }
    String live;
    if (run.levelled() != null) {
      live = run.levelled();
    } else if (envelope != null) {
      live = String.format(Locale.US, "its old generation after its collections (%d of them) went from %s to %s over"
          + " %.0f s: it did not keep rising", envelope.collections(), ByteSize.human(envelope.firstBytes()),
          ByteSize.human(envelope.lastBytes()), envelope.spanS());
    } else {
      var old = run.analysis().memory().oldTrend();
      live = "its old generation was not collected under the load" + (old.count() > 1 ? " (after young collections it"
          + " went from " + ByteSize.human(old.firstY()) + " to " + ByteSize.human(old.lastY()) + ")" : "")
          + ", so its live set stays unmeasured at this size";
    }
    return new Footprint.Longer(step, measured, times, true, live + String.format(Locale.US, "; %s at %s req/s",
        judge.slo() != null && judge.slo().latency() != null ? judge.slo().latency().key() + " "
            + judge.slo().latency().format(r.metric(judge.slo().latency().key())) + " ms"
            : "p99 " + Metric.P99.format(r.metric(Metric.P99.key())) + " ms",
        Metric.THROUGHPUT.format(r.metric(Metric.THROUGHPUT.key()))), dir);
  }

  /**
   * The caveat of an answer whose live set was never measured (no old-generation collection in the
   * baseline's window): each probe met the SLO for its window only. Apache Tomcat met a 20 ms p99 in
   * a 64 MB heap for 25 s, while the sessions it keeps for 30 minutes filled that heap in 1.8.
   */
  static String unmeasuredLiveSet(Duration window) {
    return "the live set was not measured (no old-generation collection in the baseline's window): each size met"
        + " the SLO for its " + window.toSeconds() + " s window only; a live set that keeps rising (sessions,"
        + " caches that fill for longer than a window) fills a small heap later, so run the answer longer before"
        + " adopting it (a load several times as long: its old generation after collections should level off)";
  }

  /**
   * The heap the service held at the baseline's load: its largest heap capacity in the baseline's
   * GC log, when that is below its largest heap ({@code ownHeapMb}; a JVM grows its heap only as it
   * needs: Tomcat at the JVM's default 6 GB held about 500 MB), else its largest heap.
   */
  static long heldHeapMb(Baseline base, long ownHeapMb) {
    long capacity = base.analysis() == null ? -1 : base.analysis().memory().heap().allocated();
    return capacity > 0 && capacity >> 20 < ownHeapMb ? Math.max(1, capacity >> 20) : ownHeapMb;
  }

  /**
   * The goal that a smaller answer shows in the resident set: peak RSS lower than the baseline's
   * by at least half the heap it gives back (a heap not wholly touched gives back less than its
   * size) of the heap the service held ({@code heldHeapMb}: what its resident set can hold); null
   * when the baseline's RSS was not measured or the answer gives none of that back.
   */
  static Goal smallerResidentSet(Baseline base, long answerHeapMb, long heldHeapMb) {
    Double rss = base.run() == null ? null : base.run().metrics().get(Metric.RSS.key());
    if (rss == null || rss <= 0 || heldHeapMb <= answerHeapMb) {
      return null;
    }
    double pct = Math.max(1, Math.floor(50.0 * (heldHeapMb - answerHeapMb) / rss));
    return new Goal(Metric.RSS, Goal.Kind.RELATIVE, -pct, String.format(Locale.US, "-%.0f%%", pct), 0);
  }

  /** One probe: the candidate alone at the level, up to {@code repetitions} runs, ending at a failed run. */
  private static List<RunResult> probe(TuneSettings job, Candidate c, Level level, int repetitions, Path dir,
      TuneListener listener) {
    Plan plan = new Plan(job.name() + "-" + c.name(), job.target(), c.name(), List.of(c), List.of(level), repetitions,
        Plan.Order.INTERLEAVED, Duration.ofSeconds(1), null);
    String yaml = new PlanWriter().header(List.of("a probe of the memory search of " + job.by())).write(plan);
    Experiment experiment = TuneSession.prepare(plan, yaml, dir, listener.runs());
    return experiment.runUntilFailure(repetitions);
  }
}
