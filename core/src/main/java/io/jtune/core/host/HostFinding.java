package io.jtune.core.host;

import io.jtune.core.finding.Severity;
import java.util.List;

/**
 * Something about the host that stalls or endangers a JVM, with the figures it rests on and
 * what to do.
 *
 * @param id stable identifier, such as "thp-defrag-always"
 * @param severity how much it matters
 * @param title one line with its key number
 * @param evidence the files and values read
 * @param recommendation what to do, in words
 */
public record HostFinding(String id, Severity severity, String title, List<String> evidence, String recommendation) {
  public HostFinding {
    evidence = List.copyOf(evidence);
  }
}
