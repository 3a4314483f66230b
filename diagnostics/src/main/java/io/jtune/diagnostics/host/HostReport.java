package io.jtune.diagnostics.host;

import io.jtune.common.finding.TextFinding;
import java.util.List;
import java.util.Map;

/**
 * The host as read: the facts at the end of the sample window, the counters' changes over it, the
 * JVM process when one was named, and the findings.
 *
 * @param root the root the kernel files were read under ("/" on the machine itself)
 * @param sampleS the sample window in seconds; 0 when the counters were read once
 * @param host the facts at the end of the window
 * @param deltas the /proc/vmstat counters' and the cgroup's throttling changes over the window;
 *     empty when there was no window
 * @param process the JVM named with --pid, or null
 * @param findings most severe first
 */
public record HostReport(String root, double sampleS, HostSnapshot host, Map<String, Long> deltas,
    JvmProcess process, List<TextFinding> findings) {
  public HostReport {
    deltas = Map.copyOf(deltas);
    findings = List.copyOf(findings);
  }

  /** Schema name of the JSON document. */
  public static final String SCHEMA = "jtune.host/1";
}
