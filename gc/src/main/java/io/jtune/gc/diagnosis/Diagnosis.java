package io.jtune.gc.diagnosis;

import java.util.List;

/**
 * What the log says is wrong, as one primary problem, the others seen beside it, and the
 * evidence (numbers from the log) the judgement rests on.
 *
 * @param primary the problem to fix first
 * @param secondary other problems present, most important first (never the primary)
 * @param evidence one line per fact the judgement rests on
 * @param advice what to do about the primary problem, in words (may be empty)
 */
public record Diagnosis(Problem primary, List<Problem> secondary, List<String> evidence, String advice) {
  public Diagnosis {
    secondary = List.copyOf(secondary);
    evidence = List.copyOf(evidence);
    advice = advice == null ? "" : advice;
  }

  /** The diagnosis of a log with nothing to say. */
  public static final Diagnosis NONE = new Diagnosis(Problem.HEALTHY, List.of(), List.of(), "");

  /** Whether {@code p} is the primary or a secondary problem. */
  public boolean has(Problem p) {
    return primary == p || secondary.contains(p);
  }

  /** One line: the primary code, the secondary ones in brackets. */
  public String line() {
    return primary.code() + (secondary.isEmpty() ? ""
        : " (also: " + String.join(", ", secondary.stream().map(Problem::code).toList()) + ")");
  }
}
