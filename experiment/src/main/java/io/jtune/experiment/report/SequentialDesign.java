package io.jtune.experiment.report;

import io.jtune.experiment.plan.Plan;
import java.util.Locale;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * The sequential design that lets an experiment stop repetitions early without raising its
 * false-adoption rate: a group-sequential test whose interim looks are the rounds (every
 * candidate once at a level), from the {@value Delta#MIN_RUNS}th round — the fewest runs an
 * interval needs — to the plan's repetitions, the most rounds.
 *
 * <p>The 5 % error of the fixed design's 95 % intervals is spent over the looks with the
 * Lan-DeMets spending function of O'Brien-Fleming type, {@code alpha(t) = 2 - 2 Phi(z / sqrt(t))}
 * ({@code z} the normal quantile of 1 - 5 %/2, {@code t} = round / most rounds): the look at round
 * {@code k} makes its intervals at the level {@code 1 - (alpha(k/K) - alpha((k-1)/K))}, the first
 * look taking all the error spent up to it. The levels' errors add up to 5 %, so by the union
 * bound the chance that any look shows a difference that is not there is at most 5 %, whatever the
 * looks' correlation: stopping at the first settled look keeps false adoption at the stated rate.
 * Peeking at a 95 % interval after every round would not (each look spends 5 % again). Early looks
 * are strict (an effect must be large to settle with few runs), the last nearly as lenient as the
 * fixed design's. With as many rounds as the fewest for an interval there is one look at 95 %: the
 * fixed design exactly.
 *
 * @param maxRounds the most rounds (the plan's repetitions)
 * @param sequential whether looks before the last may stop (false: one 95 % look, the fixed design)
 */
public record SequentialDesign(int maxRounds, boolean sequential) {
  /** The false-adoption rate the design keeps: the fixed design's 5 %. */
  public static final double ALPHA = 1 - Delta.LEVEL;
  private static final NormalDistribution NORMAL = NormalDistribution.of(0, 1);

  /** The design of a plan: sequential over its repetitions when early stopping is on, else fixed. */
  public static SequentialDesign of(Plan plan) {
    return new SequentialDesign(plan.repetitions(), plan.earlyStopping());
  }

  /** The first round a look may stop at: the fewest runs an interval needs. */
  public static int firstLook() {
    return Delta.MIN_RUNS;
  }

  /** Whether a look before the last can stop: sequential, and more rounds than the first look needs. */
  public boolean hasInterimLooks() {
    return sequential && maxRounds > firstLook();
  }

  /**
   * The confidence level of the intervals made from {@code n} runs a side: the level of the look at
   * round {@code n} (taken into the looks' range), or 95 % in the fixed design.
   */
  public double level(int n) {
    if (!hasInterimLooks()) {
      return Delta.LEVEL;
    }
    int k = Math.max(firstLook(), Math.min(n, maxRounds));
    double spent = spent((double) k / maxRounds) - (k == firstLook() ? 0 : spent((k - 1.0) / maxRounds));
    return 1 - spent;
  }

  /** The error spent by information fraction {@code t} (0 to 1): O'Brien-Fleming type. */
  static double spent(double t) {
    if (t <= 0) {
      return 0;
    }
    double z = NORMAL.inverseCumulativeProbability(1 - ALPHA / 2);
    return 2 - 2 * NORMAL.cumulativeProbability(z / Math.sqrt(t));
  }

  /** The looks' levels in words, such as "rounds 3, 4, 5 at 98.9 %, 98.3 %, 97.8 %". */
  public String describe() {
    if (!hasInterimLooks()) {
      return sequential ? String.format(Locale.US, "one look after round %d at 95 %% (%d repetitions, the fewest for"
          + " an interval: the fixed design), but a candidate settled at one level is not run at the next", maxRounds,
          maxRounds) : "fixed design: every repetition, 95 % intervals";
    }
    StringBuilder rounds = new StringBuilder();
    StringBuilder levels = new StringBuilder();
    for (int k = firstLook(); k <= maxRounds; k++) {
      rounds.append(k == firstLook() ? "" : ", ").append(k);
      levels.append(k == firstLook() ? "" : ", ").append(Delta.levelText(level(k)));
    }
    return "looks after rounds " + rounds + " with intervals at " + levels
        + " (O'Brien-Fleming-type spending of the 5 % error over the looks)";
  }
}
