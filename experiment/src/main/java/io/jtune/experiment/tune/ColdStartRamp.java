package io.jtune.experiment.tune;

import io.jtune.experiment.plan.Level;
import io.jtune.experiment.run.RunResult;
import io.jtune.experiment.run.SteadyState;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The ramp-up a fresh JVM needs at an open-model rate when the session's first run showed its cold
 * start: hit at the full rate, that run served less than it was offered for its first seconds (a
 * cold JIT) and was not steady by the warm-up's ceiling (or was saturated). Each later run is a
 * fresh JVM again: at a rate near what it serves warm, a backlog from its cold start drains only
 * at the difference, far longer than any warm-up, and its window measures the queue.
 *
 * <p>The rule: the shortest linear ramp from 0 to the rate {@code R} over {@code U} whole seconds
 * whose requests the first run's service would have answered as they came: at each second t of
 * the first run's warm-up, the requests the ramp has sent by then ({@code R t^2 / 2U} during it,
 * {@code R (t - U/2)} after) are at most those the first run had answered by then plus one
 * second's worth ({@code R}). The first run answered at its capacity while it queued, so its
 * answers by each second trace how fast the cold service could serve. The ramp is at most the
 * first run's warm-up ceiling; the warm-up's ceiling becomes at least the ramp plus two of the
 * steady-state rule's windows (its seconds are judged after the ramp). A first run that was
 * steady at the full rate, or had a fixed warm-up, gets no ramp: a service that warms fast keeps
 * its warm-up.
 *
 * @param rampUp the ramp-up, {@link Duration#ZERO} for none
 * @param ceiling the warm-up's ceiling with it
 * @param capped the first run's cold start asks for a longer ramp than its ceiling
 * @param coldRps what the first run served per second in its first {@value #COLD_S} seconds (mean)
 */
public record ColdStartRamp(Duration rampUp, Duration ceiling, boolean capped, double coldRps) {
  /** The first seconds of the first run stated in words. */
  static final int COLD_S = 5;
  /** Shorter ramps are none: the first seconds' backlog is within one second's requests. */
  static final int MIN_RAMP_S = 2;

  /** No ramp-up, the level's own ceiling. */
  static ColdStartRamp none(Level level) {
    return new ColdStartRamp(Duration.ZERO, level.maxWarmup(), false, Double.NaN);
  }

  /** The ramp-up at {@code level}'s rate after the first run {@code first} (at the level's ceiling). */
  static ColdStartRamp of(RunResult first, Level level) {
    RunResult.Steadiness st = first == null || !first.ok() ? null : first.steadiness();
    if (!level.open() || st == null || st.warmup() == null || st.warmup().isEmpty()
        || !("ceiling".equals(st.warmupEnded()) || "saturated".equals(st.warmupEnded()))) {
      return none(level);
    }
    List<RunResult.SecondSeen> s = st.warmup();
    double[] answered = new double[s.size()];
    double sum = 0;
    for (int i = 0; i < s.size(); i++) {
      sum += s.get(i).rps();
      answered[i] = sum;
    }
    double cold = s.subList(0, Math.min(COLD_S, s.size())).stream().mapToDouble(RunResult.SecondSeen::rps).average()
        .orElse(0);
    int cap = (int) (st.maxWarmupS() > 0 ? st.maxWarmupS() : level.maxWarmup().toSeconds());
    double rate = level.rateRps();
    int ramp = -1;
    for (int u = 0; u <= cap && ramp < 0; u++) {
      if (keepsUp(s, answered, rate, u)) {
        ramp = u;
      }
    }
    boolean capped = ramp < 0;
    ramp = capped ? cap : ramp;
    if (ramp < MIN_RAMP_S) {
      return new ColdStartRamp(Duration.ZERO, level.maxWarmup(), false, cold);
    }
    Duration rampUp = Duration.ofSeconds(ramp);
    Duration least = rampUp.plusSeconds(2L * SteadyState.WINDOW_S);
    return new ColdStartRamp(rampUp, least.compareTo(level.maxWarmup()) > 0 ? least : level.maxWarmup(), capped, cold);
  }

  /** Whether a ramp over {@code u} seconds sends, by each second of the first run, at most what it answered plus one second's. */
  private static boolean keepsUp(List<RunResult.SecondSeen> s, double[] answered, double rate, int u) {
    for (int i = 0; i < s.size(); i++) {
      double t = s.get(i).t();
      double sent = t < u ? rate * t * t / (2.0 * u) : rate * (t - u / 2.0);
      if (sent > answered[i] + rate) {
        return false;
      }
    }
    return true;
  }

  /** Whether there is a ramp-up. */
  public boolean ramps() {
    return rampUp.compareTo(Duration.ZERO) > 0;
  }

  /** {@code level} with this ramp-up and ceiling (unchanged without a ramp). */
  Level applied(Level level) {
    return ramps() && level.open() ? level.withMaxWarmup(ceiling).withRampUp(rampUp) : level;
  }

  /** In words, for the session's output. */
  public String words(double rateRps, Duration firstCeiling) {
    String s = String.format(Locale.US, "the first run's cold start served %.0f req/s in its first %d s (a fresh JVM, its"
        + " JIT cold): each run now ramps the rate from 0 to %.0f req/s over its first %d s, so that no backlog forms,"
        + " and its steady state is judged after the ramp", coldRps, COLD_S, rateRps, rampUp.toSeconds());
    if (capped) {
      s += String.format(Locale.US, " (its cold start asks for a longer ramp than the %d s the first run's warm-up"
          + " ceiling allows)", firstCeiling.toSeconds());
    }
    if (ceiling.compareTo(firstCeiling) > 0) {
      s += String.format(Locale.US, "; the warm-up's ceiling is raised from %d s to %d s for it", firstCeiling.toSeconds(),
          ceiling.toSeconds());
    }
    return s;
  }
}
