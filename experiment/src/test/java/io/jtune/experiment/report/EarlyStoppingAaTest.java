package io.jtune.experiment.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanReader;
import io.jtune.experiment.run.Experiment;
import io.jtune.experiment.run.RunResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The early stopping rule's false-adoption rate, simulated: A/A experiments whose two sides are the
 * same configuration (each run drawn, with replacement, from the recorded runs of one configuration
 * at one level of the experiments under testdata/experiments, its real metrics kept together), with
 * that level's own goals and five repetitions, run through the rule and the real verdict. Adopting
 * either side is a false adoption. The sequential design must keep it at 5 %; peeking at the fixed
 * design's 95 % intervals after every round (stopping at the first adopt) must show why a design is
 * needed: it adopts more often than the fixed design, and more often than the sequential one.
 */
class EarlyStoppingAaTest {
  private static final int REPETITIONS = 5;
  private static final int EXPERIMENTS_PER_POOL = 250;

  /** One configuration's successful runs at one level, with the level (and its goals) they ran at. */
  private record Pool(String name, Level level, List<RunResult> runs) {}

  @Test
  void sequentialDesignKeepsFalseAdoptionAtFivePercentWhereRoundByRoundPeekingDoesNot() throws IOException {
    List<Pool> pools = pools();
    assertThat(pools).as("recorded configurations with at least 3 successful runs at a level").hasSizeGreaterThanOrEqualTo(8);
    Random rnd = new Random(20261129L);
    int n = 0;
    int sequential = 0;
    int peeking = 0;
    int fixed = 0;
    long runsSequential = 0;
    for (Pool p : pools) {
      Plan plan = aaPlan(p.level());
      EarlyStopping rule = EarlyStopping.of(plan);
      for (int i = 0; i < EXPERIMENTS_PER_POOL; i++) {
        // one A/A experiment's runs as the fixed design would make them, in its order
        List<RunResult> all = new ArrayList<>();
        for (Plan.RunKey key : plan.schedule()) {
          all.add(relabel(p.runs().get(rnd.nextInt(p.runs().size())), key));
        }
        n++;
        // the sequential design: every run the rule does not skip, then the verdict
        List<RunResult> done = new ArrayList<>();
        for (int k = 0; k < all.size(); k++) {
          if (rule.skip(plan.schedule().get(k), done) == null) {
            done.add(all.get(k));
          }
        }
        runsSequential += done.size();
        sequential += adopts(plan, done) ? 1 : 0;
        // the fixed design: every run, 95 % intervals
        Plan off = plan.withEarlyStopping(false);
        fixed += adopts(off, all) ? 1 : 0;
        // peeking: the fixed design's 95 % verdict after each round from the third, stopping at the first adopt
        boolean peeked = false;
        for (int round = Delta.MIN_RUNS; round <= REPETITIONS && !peeked; round++) {
          int r = round;
          peeked = adopts(off, all.stream().filter(x -> x.repetition() <= r).toList());
        }
        peeking += peeked ? 1 : 0;
      }
    }
    double seqRate = 100.0 * sequential / n;
    double peekRate = 100.0 * peeking / n;
    double fixedRate = 100.0 * fixed / n;
    System.out.printf(Locale.US, "A/A over %d pools, %d experiments of %d rounds: false adoption sequential %.2f %%"
        + " (%.1f runs of %d on average), fixed design %.2f %%, peeking at 95 %% each round %.2f %%%n", pools.size(), n,
        REPETITIONS, seqRate, (double) runsSequential / n, 2 * REPETITIONS, fixedRate, peekRate);
    assertThat(seqRate).as("false adoption under the sequential design, %").isLessThanOrEqualTo(5.0);
    // the same simulated experiments judged three ways: stopping by the design adopts no more often
    // than running every round does, while peeking at 95 % after every round adopts more often
    assertThat(sequential).as("sequential against fixed").isLessThanOrEqualTo(fixed);
    assertThat(peeking).as("peeking against fixed").isGreaterThan(fixed);
    assertThat(peeking).as("peeking against sequential").isGreaterThan(sequential);
  }

  private static boolean adopts(Plan plan, List<RunResult> runs) {
    return ExperimentReport.of(plan, List.of(), runs).recommendation().verdict() == Verdict.ADOPT;
  }

  /** A plan of one level whose baseline "a" and candidate "b" are the same configuration. */
  private static Plan aaPlan(Level level) {
    return new Plan("aa", io.jtune.experiment.plan.ServiceSpec.lab("api"), "a",
        List.of(new Candidate("a", List.of(), "", null, 0), new Candidate("b", List.of(), "", null, 0)), List.of(level), REPETITIONS,
        Plan.Order.INTERLEAVED, java.time.Duration.ZERO, null);
  }

  private static RunResult relabel(RunResult r, Plan.RunKey key) {
    return new RunResult(r.schema(), key.id(), key.level(), key.candidate(), key.repetition(), r.status(), r.failure(),
        r.startedAt(), r.flags(), r.jvmPid(), r.windowStartEpochMs(), r.windowEndEpochMs(), r.metrics(), r.threads(),
        r.gcLinesNotUnderstood(), r.outputTail(), r.gcProblem(), r.recording(), r.gcAttribution(), r.container(),
        r.ergonomics(), r.nativeMemory(), r.endpoints());
  }

  /** Every configuration's runs at every level of the recorded experiments, where at least 3 succeeded. */
  private static List<Pool> pools() throws IOException {
    List<Pool> out = new ArrayList<>();
    List<Path> dirs;
    try (Stream<Path> s = Files.list(Path.of("../testdata/experiments"))) {
      dirs = s.filter(d -> Files.isRegularFile(d.resolve(Experiment.PLAN_FILE))).sorted().toList();
    }
    for (Path d : dirs) {
      Plan plan = PlanReader.read(d.resolve(Experiment.PLAN_FILE));
      List<RunResult> runs = Experiment.readResults(d, plan);
      for (Level l : plan.levels()) {
        for (Candidate c : plan.candidates()) {
          List<RunResult> ok = runs.stream().filter(r -> r.ok() && r.level().equals(l.name())
              && r.candidate().equals(c.name())).toList();
          if (ok.size() >= Delta.MIN_RUNS) {
            out.add(new Pool(d.getFileName() + "/" + l.name() + "/" + c.name(), l.withName("l"), ok));
          }
        }
      }
    }
    return out;
  }
}
