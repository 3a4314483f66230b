package io.jtune.diagnostics.threads.analysis;

import io.jtune.common.finding.Severity;
import java.util.List;

/**
 * What a thread dump shows that needs attention.
 *
 * @param id a stable identifier: lock-contention, deadlock, exhausted-pool, cpu-hot-thread
 * @param severity how serious
 * @param title one line saying what and where
 * @param evidence the threads, locks and frames that show it
 */
public record ThreadFinding(String id, Severity severity, String title, List<String> evidence) {
  public ThreadFinding {
    evidence = List.copyOf(evidence);
  }
}
