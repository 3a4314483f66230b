package io.jtune.experiment.suggest;

import io.jtune.common.JtuneException;
import io.jtune.common.jvm.FlagSet;
import io.jtune.common.jvm.JdkRange;
import io.jtune.gc.diagnosis.Diagnosis;
import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.LevelRequest;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.ServiceSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What the advisor proposes for one GC log: the baseline, up to four candidate configurations
 * with the reason for each, the load levels to compare them at with their goals, and whether GC
 * is the problem at all.
 *
 * @param jdk the JDK the flags were checked against
 * @param collector the collector the log was written by (display name)
 * @param baselineFlags the configuration the log was taken under, as far as known (the flags
 *     given, else the heap and GC flags of the log's command line); may be empty
 * @param candidates the candidates, the baseline not included; each one's flags are changes to
 *     the baseline's (see {@link #flagsOf} for the whole configuration)
 * @param levels load levels (high, medium, low as the inputs allow) with their goals; their URLs
 *     are placeholders that {@link #plan} replaces
 * @param gcNotTheProblem true when collections cost little and no finding recommends flags
 * @param verdict the situation in a few sentences
 * @param evidence the numbers the candidates rest on, one per line
 * @param notes assumptions, flags dropped for the target JDK, what to edit
 * @param diagnosis the analysis's primary problem, the others and the evidence
 */
public record Suggestion(
    JdkRange jdk,
    String collector,
    List<String> baselineFlags,
    List<Candidate> candidates,
    List<Level> levels,
    boolean gcNotTheProblem,
    String verdict,
    List<String> evidence,
    List<String> notes,
    Diagnosis diagnosis) {

  public static final String BASELINE = "baseline";
  public static final int REPETITIONS = Plan.DEFAULT_REPETITIONS;
  public static final Duration COOLDOWN = Duration.ofSeconds(5);

  public Suggestion {
    baselineFlags = List.copyOf(baselineFlags);
    candidates = List.copyOf(candidates);
    levels = List.copyOf(levels);
    evidence = List.copyOf(evidence);
    notes = List.copyOf(notes);
  }

  /** The baseline as a candidate: the baseline flags, and what they are. */
  public Candidate baseline() {
    return Candidate.of(BASELINE, baselineFlags, baselineFlags.isEmpty()
        ? "The target's own configuration, unchanged: the one the GC log was taken under."
        : "The configuration the GC log was taken under: " + String.join(" ", baselineFlags) + ".");
  }

  /** A candidate's whole configuration: the baseline flags with its changes applied. */
  public List<String> flagsOf(Candidate c) {
    return FlagSet.merge(baselineFlags, c.flags());
  }

  /**
   * The experiment plan: a lab target keeps its scenario's flags, so each candidate's flags are
   * its changes (switching collectors off where needed) and the baseline has none; a command
   * target runs exactly the candidate's flags, so each candidate is a whole configuration.
   * Levels request {@code /scenario} on a lab and {@code /} on a command (edit them).
   *
   * @throws JtuneException when there is no candidate to compare with the baseline
   */
  public Plan plan(String name, ServiceSpec target) {
    return plan(name, target, List.of(target.isLab() ? "/scenario" : "/"));
  }

  /** As {@link #plan(String, ServiceSpec)}, every level requesting {@code urls}. */
  public Plan plan(String name, ServiceSpec target, List<String> urls) {
    return plan(name, target, urls, LevelRequest.GET, null);
  }

  /**
   * As {@link #plan(String, ServiceSpec)}, every level requesting {@code urls} with
   * {@code request} (method, headers, body, insecure) and waiting at most {@code timeout} for a
   * response (null: the suggested levels' own).
   */
  public Plan plan(String name, ServiceSpec target, List<String> urls, LevelRequest request, Duration timeout) {
    if (candidates.isEmpty()) {
      throw new JtuneException("no plan: no candidate configuration differs from the baseline"
          + (gcNotTheProblem ? " (GC is not the problem here)" : ""));
    }
    List<Candidate> all = new ArrayList<>();
    if (target.isLab()) {
      all.add(Candidate.of(BASELINE, List.of(), baseline().reason()));
      for (Candidate c : candidates) {
        all.add(Candidate.of(c.name(), FlagSet.appendable(baselineFlags, c.flags()), c.reason()));
      }
    } else {
      all.add(baseline());
      for (Candidate c : candidates) {
        all.add(Candidate.of(c.name(), flagsOf(c), c.reason()));
      }
    }
    List<Level> ls = new ArrayList<>();
    for (Level l : levels) {
      ls.add(l.withUrls(urls).withTimeout(timeout != null ? timeout : l.timeout()).withLine(0).withRequest(request));
    }
    return new Plan(name, target, BASELINE, all, ls, REPETITIONS, Plan.Order.INTERLEAVED, COOLDOWN, null);
  }
}
