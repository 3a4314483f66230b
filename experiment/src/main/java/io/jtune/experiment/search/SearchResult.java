package io.jtune.experiment.search;

import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.Metric;
import java.time.Duration;
import java.util.List;

/**
 * What a search found: every configuration with its runs and when and why it left the race, the
 * leader (best objective meeting the SLO), the winner (the knee: the cheapest as good as the
 * leader), and the run-time spent against the full design. The arms end with the refinement's
 * probes ({@link Arm#probe}), which the full design does not count.
 *
 * @param rounds the rounds run
 * @param maxRounds the rounds the full design has (every configuration x this many runs)
 * @param runs the runs made
 * @param spent the wall time of the rounds (service starts, warm-ups, measured windows, stops)
 * @param notes what the search left out or cut, in words
 * @param footprint a memory search's grid and probes (the arms are its probes), or null
 */
public record SearchResult(SearchSpec spec, Racing racing, Level level, List<Arm> arms, Arm winner, Arm leader,
    int rounds, int maxRounds, int runs, Duration spent, List<String> notes, Footprint footprint) {
  public SearchResult {
    arms = List.copyOf(arms);
    notes = List.copyOf(notes);
  }

  /** A race's result. */
  public SearchResult(SearchSpec spec, Racing racing, Level level, List<Arm> arms, Arm winner, Arm leader,
      int rounds, int maxRounds, int runs, Duration spent, List<String> notes) {
    this(spec, racing, level, arms, winner, leader, rounds, maxRounds, runs, spent, notes, null);
  }

  /** This result with one more note. */
  public SearchResult withNote(String note) {
    List<String> more = new java.util.ArrayList<>(notes);
    more.add(note);
    return new SearchResult(spec, racing, level, arms, winner, leader, rounds, maxRounds, runs, spent, more,
        footprint);
  }

  /** This result with the memory search {@code f} (what its answer's longer run showed added). */
  public SearchResult withFootprint(Footprint f) {
    return new SearchResult(spec, racing, level, arms, winner, leader, rounds, maxRounds, runs, spent, notes, f);
  }

  /** The refinement probes run after the race, in order. */
  public List<Arm> probes() {
    return footprint != null ? List.of() : arms.stream().filter(a -> a.probe() > 0).toList();
  }

  /** The runs the full design would make: every configuration (every size of a memory grid) x {@link #maxRounds}. */
  public int factorialRuns() {
    return (footprint != null ? footprint.grid().steps().size() : (int) arms.stream().filter(a -> a.probe() == 0)
        .count()) * maxRounds;
  }

  /** The full design's time at the mean time of the runs made. */
  public Duration factorialTime() {
    return runs == 0 ? Duration.ZERO : spent.multipliedBy(factorialRuns()).dividedBy(runs);
  }

  /** Whether the arm meets the SLO on its means (a probe of a memory search: and every run served). */
  public boolean meets(Arm a) {
    if (footprint != null) {
      return a.failure() == null && racing.meets(a, null);
    }
    return racing.meets(a, Racing.own(arms));
  }

  /** The SLO in words. */
  public String sloWords() {
    String s = spec.slo() != null ? spec.slo().text() : "no worse than the service's own configuration (p99, errors,"
        + " throughput)";
    if (racing.offeredRps() > 0) {
      return s + ", sustaining " + Slo.SUSTAINED_PCT + " % of the offered " + Metric.THROUGHPUT.format(
          racing.offeredRps()) + " req/s";
    }
    return racing.ownClosedRps() > 0 ? s + ", keeping " + Slo.SUSTAINED_PCT + " % of the service's own "
        + Metric.THROUGHPUT.format(racing.ownClosedRps()) + " req/s at the same clients" : s;
  }

  /** The latency the SLO bounds (p99 without one). */
  public Metric latency() {
    return spec.slo() != null && spec.slo().latency() != null ? spec.slo().latency() : Metric.P99;
  }
}
