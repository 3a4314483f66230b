package io.jtune.experiment.plan;

import io.jtune.common.JtuneException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Fits a tuning session into a time budget: the baseline run, the experiment's check and its
 * runs (configurations x levels x repetitions, each warm-up + measured window + the target's
 * start and stop). When the wanted shape does not fit, it is cut in this order until it does:
 * the second load level, candidates beyond the first, measured windows down to half (not under
 * {@link Shape#minDuration}), a third repetition, measured windows down to their floor, warm-ups
 * down to 2 s. What was cut is said in words; a budget that holds not even the baseline and one
 * candidate twice is an error.
 */
public final class RunBudget {
  /** Between two runs (the experiment's cooldown). */
  public static final Duration COOLDOWN = Duration.ofSeconds(1);
  private static final Duration MIN_WARMUP = Duration.ofSeconds(2);
  private static final int MIN_REPETITIONS = 2;

  private RunBudget() {}

  /**
   * A session's shape.
   *
   * @param levels load levels (1 or 2: the load asked for, and half of it)
   * @param candidates suggested candidates besides the baseline
   * @param repetitions runs per level and configuration
   * @param warmup each run's warm-up
   * @param duration each run's measured window
   * @param minDuration the shortest measured window a cut may leave
   * @param measureBaseline whether the session starts with a baseline run (not when it starts from a GC log)
   */
  public record Shape(int levels, int candidates, int repetitions, Duration warmup, Duration duration,
      Duration minDuration, boolean measureBaseline) {

    /** Runs of the experiment (the baseline's own run not counted). */
    public int runs() {
      return (candidates + 1) * levels * repetitions;
    }

    /** About how long the whole session takes, with {@code overhead} per run for the target's start and stop. */
    public Duration estimate(Duration overhead) {
      Duration run = warmup.plus(duration).plus(overhead);
      // the experiment checks every configuration's flags and starts the target once before any run
      Duration check = overhead.plus(Duration.ofSeconds(candidates + 1));
      Duration experiment = check.plus(run.multipliedBy(runs())).plus(COOLDOWN.multipliedBy(runs() - 1));
      return measureBaseline ? experiment.plus(check).plus(run) : experiment;
    }

    Shape with(int l, int c, int r, Duration w, Duration d) {
      return new Shape(l, c, r, w, d, minDuration, measureBaseline);
    }
  }

  /** The shape that fits, and what was cut to make it fit. */
  public record Fit(Shape shape, List<String> cuts, Duration estimate) {}

  /** {@code wanted} as it fits into {@code budget}; throws a one-line error when even the smallest session does not. */
  public static Fit fit(Shape wanted, Duration budget, Duration overhead) {
    List<String> cuts = new ArrayList<>();
    Shape s = wanted;
    if (fits(s, budget, overhead)) {
      return new Fit(s, cuts, s.estimate(overhead));
    }
    if (s.levels() > 1) {
      s = s.with(1, s.candidates(), s.repetitions(), s.warmup(), s.duration());
      cuts.add("the second load level (half the load)");
    }
    if (!fits(s, budget, overhead) && s.candidates() > 1) {
      cuts.add((s.candidates() - 1) + " candidate" + (s.candidates() > 2 ? "s" : "") + " (only the first is run)");
      s = s.with(s.levels(), 1, s.repetitions(), s.warmup(), s.duration());
    }
    Duration half = max(s.minDuration(), s.duration().dividedBy(2));
    s = shorten(s, half, budget, overhead, cuts);
    if (!fits(s, budget, overhead) && s.repetitions() > MIN_REPETITIONS) {
      cuts.add("repetitions " + s.repetitions() + " -> " + MIN_REPETITIONS
          + " (too few for a confidence interval: the verdict can only be inconclusive)");
      s = s.with(s.levels(), s.candidates(), MIN_REPETITIONS, s.warmup(), s.duration());
    }
    s = shorten(s, s.minDuration(), budget, overhead, cuts);
    if (!fits(s, budget, overhead) && s.warmup().compareTo(MIN_WARMUP) > 0) {
      cuts.add("warm-up " + words(s.warmup()) + " -> " + words(MIN_WARMUP));
      s = s.with(s.levels(), s.candidates(), s.repetitions(), MIN_WARMUP, s.duration());
    }
    if (!fits(s, budget, overhead)) {
      throw new JtuneException("--budget " + words(budget) + " is too small: the smallest session here ("
          + (s.measureBaseline() ? "a baseline run, then " : "") + "the baseline and 1 candidate x "
          + s.repetitions() + " runs of " + words(s.warmup()) + " warm-up + " + words(s.duration())
          + " measured, about " + words(overhead) + " to start and stop the service each) takes about "
          + words(s.estimate(overhead)) + "; give a larger --budget");
    }
    return new Fit(s, cuts, s.estimate(overhead));
  }

  /** The measured window as long as fits, not under {@code floor}; the cut said in {@code cuts}. */
  private static Shape shorten(Shape s, Duration floor, Duration budget, Duration overhead, List<String> cuts) {
    if (fits(s, budget, overhead) || s.duration().compareTo(floor) <= 0) {
      return s;
    }
    Duration d = floor;
    // the longest whole second between the floor and the current window that fits
    for (long secs = s.duration().toSeconds() - 1; secs > floor.toSeconds(); secs--) {
      Shape t = s.with(s.levels(), s.candidates(), s.repetitions(), s.warmup(), Duration.ofSeconds(secs));
      if (fits(t, budget, overhead)) {
        d = Duration.ofSeconds(secs);
        break;
      }
    }
    cutDuration(cuts, s.duration(), d);
    return s.with(s.levels(), s.candidates(), s.repetitions(), s.warmup(), d);
  }

  private static void cutDuration(List<String> cuts, Duration from, Duration to) {
    String prefix = "measured window ";
    for (int i = 0; i < cuts.size(); i++) {
      if (cuts.get(i).startsWith(prefix)) {
        // one entry from the first window to the last
        String first = cuts.get(i).substring(prefix.length(), cuts.get(i).indexOf(" -> "));
        cuts.set(i, prefix + first + " -> " + words(to));
        return;
      }
    }
    cuts.add(prefix + words(from) + " -> " + words(to));
  }

  private static boolean fits(Shape s, Duration budget, Duration overhead) {
    return s.estimate(overhead).compareTo(budget) <= 0;
  }

  private static Duration max(Duration a, Duration b) {
    return a.compareTo(b) >= 0 ? a : b;
  }

  /** "45 s", "3 min 20 s", "1 h 5 min". */
  public static String words(Duration d) {
    long s = Math.round(d.toMillis() / 1000.0);
    if (s < 60) {
      return s + " s";
    }
    if (s < 3600) {
      return s / 60 + " min" + (s % 60 == 0 ? "" : " " + s % 60 + " s");
    }
    return String.format(Locale.US, "%d h %d min", s / 3600, s % 3600 / 60);
  }
}
