package io.jtune.common.finding;

import java.util.List;

/**
 * A finding of a diagnostic other than the GC log's (the host, a JFR recording): what was found,
 * with the figures it rests on in words, and what to do.
 *
 * @param id stable identifier, such as "thp-defrag-always"
 * @param severity how much it matters
 * @param title one line with its key number
 * @param evidence the files and values read
 * @param recommendation what to do, in words
 */
public record TextFinding(String id, Severity severity, String title, List<String> evidence, String recommendation) {
  public TextFinding {
    evidence = List.copyOf(evidence);
  }
}
