package io.jtune.gc.finding;

import io.jtune.common.finding.Severity;
import io.jtune.gc.aggregate.Example;
import java.util.List;

/**
 * A diagnosis drawn from the analysis, with the evidence it rests on and what to do.
 *
 * @param id stable identifier, e.g. "metadata-gc-threshold"
 * @param severity how much it matters
 * @param title one line saying what was found, with its key number
 * @param evidence the GCs (ids, times, numbers) it rests on; the first few of {@code occurrences}
 * @param occurrences how many times the condition was seen (>= evidence size)
 * @param recommendation what to do, in words
 * @param flags JVM flags to try, with values computed from the data (may be empty)
 */
public record Finding(
    String id,
    Severity severity,
    String title,
    List<Example> evidence,
    long occurrences,
    String recommendation,
    List<String> flags) {

  public Finding {
    evidence = List.copyOf(evidence);
    flags = List.copyOf(flags);
  }
}
