package io.jtune.experiment.plan;

import java.nio.file.Path;
import java.util.List;

/**
 * One JVM configuration to try.
 *
 * @param name unique within the plan; used in directory names and reports
 * @param flags JVM flags added to the target's own (a lab scenario's flags come first, so a
 *     candidate's flag wins over the scenario's for the same option)
 * @param reason why it is worth trying (written by {@code jtune suggest}), or empty
 * @param javaHome the JDK to run it under, or null for the plan's
 * @param line the plan line where it starts, 0 if made in code
 */
public record Candidate(String name, List<String> flags, String reason, Path javaHome, int line) {
  public Candidate {
    flags = List.copyOf(flags);
    reason = reason == null ? "" : reason;
  }

  public static Candidate of(String name, List<String> flags, String reason) {
    return new Candidate(name, flags, reason, null, 0);
  }
}
