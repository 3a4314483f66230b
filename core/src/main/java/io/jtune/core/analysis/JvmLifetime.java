package io.jtune.core.analysis;

import java.util.List;

/**
 * One JVM lifetime found in the input: from a JVM's start (or its first logged event) to its
 * last event, analyzed on its own.
 *
 * @param number 1-based position in the input's timeline order
 * @param inputs the inputs (file names) its events came from, in reading order
 * @param startReason why it is a lifetime of its own (null for the first)
 * @param analysis its own analysis (facts and findings)
 */
public record JvmLifetime(int number, List<String> inputs, String startReason, Analysis analysis) {
  public JvmLifetime {
    inputs = List.copyOf(inputs);
  }
}
