package io.jtune.gc.analysis;

import io.jtune.gc.finding.Finding;
import io.jtune.gc.diagnosis.Diagnosis;
import io.jtune.gc.model.MemoryModel;
import java.util.List;

/**
 * One JVM lifetime found in the input: from a JVM's start (or its first logged event) to its
 * last event, analyzed on its own. Only its headline figures and findings are kept (the latest
 * lifetime's full analysis is the top-level {@link Analysis}), so memory does not grow with the
 * number of lifetimes beyond these.
 *
 * @param number 1-based position in the input's timeline order
 * @param inputs the inputs (file names) its events came from, in reading order
 * @param startReason why it is a lifetime of its own (null for the first)
 * @param collector the collector's name
 * @param version the JVM version when logged, else null
 * @param summary its headline figures
 * @param findings its findings, most severe first
 * @param memoryModel its memory model
 * @param diagnosis its diagnosis
 */
public record JvmLifetime(int number, List<String> inputs, String startReason, String collector, String version,
    LifetimeSummary summary, List<Finding> findings, MemoryModel memoryModel, Diagnosis diagnosis) {
  public JvmLifetime {
    inputs = List.copyOf(inputs);
    findings = List.copyOf(findings);
  }

  /** The lifetime whose analysis is {@code a}. */
  public static JvmLifetime of(int number, List<String> inputs, String startReason, Analysis a) {
    return new JvmLifetime(number, inputs, startReason, a.jvm().collector().displayName(), a.jvm().info().version(),
        LifetimeSummary.of(a), a.findings(), a.memoryModel(), a.diagnosis());
  }

  /** The lifetimes of an analysis; one made of the analysis itself when it lists none (the analysis of one lifetime). */
  public static List<JvmLifetime> all(Analysis a) {
    return a.jvms().isEmpty() ? List.of(of(1, List.of(), null, a)) : a.jvms();
  }
}
