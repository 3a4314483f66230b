package io.jtune.experiment.plan;

import io.jtune.runtime.container.ContainerLimits;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * An experiment plan: the target, the candidates (one is the baseline), the load levels and
 * their goals, and how runs repeat.
 *
 * @param name short name for reports; file and directory names use {@link #fileName()}
 * @param target what to start
 * @param baseline the baseline candidate's name
 * @param candidates every configuration, the baseline included, in plan order
 * @param levels load levels, in plan order
 * @param repetitions runs per level and candidate (default 3)
 * @param order how runs are ordered
 * @param cooldown pause between runs
 * @param source the plan file, or null when made in code
 * @param limits the container limits every run's service runs under ({@link ContainerLimits#none()}
 *     for none); a level may set its own ({@link #limitsAt(Level)})
 * @param maxDuration a cap on the experiment's wall time, or null for none: once it has passed no
 *     further run starts (the run under way finishes), and the report is made from the runs done
 * @param earlyStopping whether a candidate's repetitions stop once its verdict is settled (the
 *     sequential design of {@code io.jtune.experiment.report.SequentialDesign}; plan key
 *     {@code earlyStopping}, default true); false runs every repetition (the fixed design)
 * @param shuffle 0 for the order as written; N above 0 shuffles the candidates within each round,
 *     the same N giving the same order (plan key {@code shuffle}), so that run order is varied
 *     reproducibly
 */
public record Plan(
    String name,
    ServiceSpec target,
    String baseline,
    List<Candidate> candidates,
    List<Level> levels,
    int repetitions,
    Order order,
    Duration cooldown,
    Path source,
    ContainerLimits limits,
    Duration maxDuration,
    boolean earlyStopping,
    int shuffle) {

  public static final int DEFAULT_REPETITIONS = 3;

  /** Run order: interleaved (A B C A B C, spreads machine drift) or sequential (A A B B C C). */
  public enum Order {
    INTERLEAVED, SEQUENTIAL;

    public String key() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  public Plan {
    candidates = List.copyOf(candidates);
    levels = List.copyOf(levels);
    limits = limits == null ? ContainerLimits.none() : limits;
    if (shuffle < 0) {
      throw new IllegalArgumentException("shuffle must be at least 0");
    }
  }

  /** A plan with early stopping on (the default) and runs in the order written. */
  public Plan(String name, ServiceSpec target, String baseline, List<Candidate> candidates, List<Level> levels,
      int repetitions, Order order, Duration cooldown, Path source, ContainerLimits limits, Duration maxDuration) {
    this(name, target, baseline, candidates, levels, repetitions, order, cooldown, source, limits, maxDuration, true, 0);
  }

  /** A plan whose service runs with the host's memory and cores, with no cap on its wall time. */
  public Plan(String name, ServiceSpec target, String baseline, List<Candidate> candidates, List<Level> levels,
      int repetitions, Order order, Duration cooldown, Path source) {
    this(name, target, baseline, candidates, levels, repetitions, order, cooldown, source, ContainerLimits.none());
  }

  /** A plan with no cap on its wall time. */
  public Plan(String name, ServiceSpec target, String baseline, List<Candidate> candidates, List<Level> levels,
      int repetitions, Order order, Duration cooldown, Path source, ContainerLimits limits) {
    this(name, target, baseline, candidates, levels, repetitions, order, cooldown, source, limits, null);
  }

  /**
   * The limits the service runs under at {@code level}: the level's own memory and CPU limits,
   * each where it sets one, else the plan's.
   */
  public ContainerLimits limitsAt(Level level) {
    ContainerLimits own = level.limits();
    return new ContainerLimits(own.memory() != null ? own.memory() : limits.memory(),
        own.cpus() != null ? own.cpus() : limits.cpus());
  }

  /**
   * The limits {@code candidate}'s runs at {@code level} run under: the candidate's own memory and
   * CPU limits, each where it sets one, else the level's ({@link #limitsAt(Level)}).
   */
  public ContainerLimits limitsFor(Candidate candidate, Level level) {
    ContainerLimits at = limitsAt(level);
    ContainerLimits own = candidate.limits();
    return new ContainerLimits(own.memory() != null ? own.memory() : at.memory(),
        own.cpus() != null ? own.cpus() : at.cpus());
  }

  /** Whether some candidate sets container limits of its own. */
  public boolean candidateLimits() {
    return candidates.stream().anyMatch(c -> c.limits().any());
  }

  /** Whether some run of the plan runs under a container limit. */
  public boolean anyLimits() {
    return limits.any() || levels.stream().anyMatch(l -> l.limits().any()) || candidateLimits();
  }

  // Each with... method returns this plan with one part replaced.

  public Plan withName(String newName) {
    return new Plan(newName, target, baseline, candidates, levels, repetitions, order, cooldown,
        source, limits, maxDuration, earlyStopping, shuffle);
  }

  public Plan withTarget(ServiceSpec newTarget) {
    return new Plan(name, newTarget, baseline, candidates, levels, repetitions, order, cooldown,
        source, limits, maxDuration, earlyStopping, shuffle);
  }

  /** This plan with other candidates, {@code newBaseline} (one of them) the baseline. */
  public Plan withCandidates(String newBaseline, List<Candidate> newCandidates) {
    return new Plan(name, target, newBaseline, newCandidates, levels, repetitions, order, cooldown,
        source, limits, maxDuration, earlyStopping, shuffle);
  }

  public Plan withLevels(List<Level> newLevels) {
    return new Plan(name, target, baseline, candidates, newLevels, repetitions, order, cooldown,
        source, limits, maxDuration, earlyStopping, shuffle);
  }

  public Plan withRepetitions(int newRepetitions) {
    return new Plan(name, target, baseline, candidates, levels, newRepetitions, order, cooldown,
        source, limits, maxDuration, earlyStopping, shuffle);
  }

  public Plan withOrder(Order newOrder) {
    return new Plan(name, target, baseline, candidates, levels, repetitions, newOrder, cooldown,
        source, limits, maxDuration, earlyStopping, shuffle);
  }

  public Plan withCooldown(Duration newCooldown) {
    return new Plan(name, target, baseline, candidates, levels, repetitions, order, newCooldown,
        source, limits, maxDuration, earlyStopping, shuffle);
  }

  /** This plan with other container limits for every level that sets none of its own. */
  public Plan withLimits(ContainerLimits newLimits) {
    return new Plan(name, target, baseline, candidates, levels, repetitions, order, cooldown,
        source, newLimits, maxDuration, earlyStopping, shuffle);
  }

  /** This plan with a cap on its wall time ({@code null}: none). */
  public Plan withMaxDuration(Duration newMaxDuration) {
    return new Plan(name, target, baseline, candidates, levels, repetitions, order, cooldown, source, limits,
        newMaxDuration, earlyStopping, shuffle);
  }

  /** This plan with early stopping on or off. */
  public Plan withEarlyStopping(boolean on) {
    return new Plan(name, target, baseline, candidates, levels, repetitions, order, cooldown, source, limits,
        maxDuration, on, shuffle);
  }

  /** This plan with each round's candidates shuffled by {@code n} (0: as written). */
  public Plan withShuffle(int n) {
    return new Plan(name, target, baseline, candidates, levels, repetitions, order, cooldown, source, limits,
        maxDuration, earlyStopping, n);
  }

  /** This plan as read from {@code newSource}, or made in code ({@code null}). */
  public Plan withSource(Path newSource) {
    return new Plan(name, target, baseline, candidates, levels, repetitions, order, cooldown,
        newSource, limits, maxDuration, earlyStopping, shuffle);
  }

  /**
   * {@code text} made fit to name a directory: characters other than letters, digits, '.', '_'
   * and '-' become '-', it starts with a letter or digit and has at most 64 characters; a name
   * with nothing left is "experiment".
   */
  public static String safeName(String text) {
    String s = text.replaceAll("[^A-Za-z0-9._-]", "-").replaceFirst("^[^A-Za-z0-9]+", "");
    s = s.length() > 64 ? s.substring(0, 64) : s;
    return s.isEmpty() ? "experiment" : s;
  }

  /** The name as used in directory and file names: {@link #safeName(String)} of it. */
  public String fileName() {
    return safeName(name);
  }

  public Candidate baselineCandidate() {
    return candidate(baseline).orElseThrow();
  }

  public Optional<Candidate> candidate(String candidateName) {
    return candidates.stream().filter(c -> c.name().equals(candidateName)).findFirst();
  }

  public Optional<Level> level(String levelName) {
    return levels.stream().filter(l -> l.name().equals(levelName)).findFirst();
  }

  /** Every run of the plan in the order it is done. */
  public List<RunKey> schedule() {
    List<RunKey> runs = new java.util.ArrayList<>();
    for (Level l : levels) {
      if (order == Order.INTERLEAVED) {
        for (int r = 1; r <= repetitions; r++) {
          for (Candidate c : roundOrder(l, r)) {
            runs.add(new RunKey(l.name(), c.name(), r));
          }
        }
      } else {
        for (Candidate c : roundOrder(l, 1)) {
          for (int r = 1; r <= repetitions; r++) {
            runs.add(new RunKey(l.name(), c.name(), r));
          }
        }
      }
    }
    return runs;
  }

  /**
   * The candidates in the order a round runs them: as written, or with {@code shuffle} above 0 a
   * permutation that depends only on the shuffle number, the level and the round (so a resumed
   * experiment runs the same order).
   */
  private List<Candidate> roundOrder(Level l, int round) {
    if (shuffle == 0) {
      return candidates;
    }
    List<Candidate> out = new java.util.ArrayList<>(candidates);
    long mix = 31L * (31L * shuffle + l.name().hashCode()) + round;
    java.util.Collections.shuffle(out, new java.util.Random(mix));
    return out;
  }

  /** One run: a level, a candidate and the repetition number (from 1). */
  public record RunKey(String level, String candidate, int repetition) {
    /** The run's directory name, such as {@code high-baseline-r2}. */
    public String id() {
      return level + "-" + candidate + "-r" + repetition;
    }
  }
}
