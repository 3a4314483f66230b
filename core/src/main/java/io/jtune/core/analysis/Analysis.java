package io.jtune.core.analysis;

import io.jtune.core.aggregate.AnomalyAggregator;
import io.jtune.core.aggregate.ConcurrentAggregator;
import io.jtune.core.aggregate.JvmInfoAggregator;
import io.jtune.core.aggregate.MemoryAggregator;
import io.jtune.core.aggregate.PauseAggregator;
import io.jtune.core.aggregate.PhaseAggregator;
import io.jtune.core.aggregate.Span;
import io.jtune.core.aggregate.WindowAggregator;
import io.jtune.core.finding.Finding;
import io.jtune.core.finding.FindingEngine;
import io.jtune.core.model.Diagnosis;
import io.jtune.core.model.MemoryModel;
import io.jtune.core.parser.ParseReport;
import java.util.List;

/**
 * The result of analyzing GC logs: the finished {@link GcFacts} and the findings the rules drew
 * from them. Renderers read it; nothing here is recomputed.
 *
 * @param facts what the logs showed, finished before the findings were drawn
 * @param findings the findings, most severe first
 * @param diagnosis the primary problem and the others, with evidence, drawn from the findings and the memory model
 * @param jvms the JVM lifetimes in the input, each analyzed on its own; with several, the facts
 *     and findings here are those of the latest one. Empty for the analysis of one lifetime.
 */
public record Analysis(GcFacts facts, List<Finding> findings, Diagnosis diagnosis, List<JvmLifetime> jvms) {

  public Analysis {
    findings = List.copyOf(findings);
    jvms = List.copyOf(jvms);
  }

  /** The analysis of finished facts: the finding rules run once, reading the facts only. */
  public static Analysis of(GcFacts facts) {
    List<Finding> findings = FindingEngine.evaluate(facts);
    Diagnosis d = Diagnoser.diagnose(facts, findings);
    return new Analysis(facts, LeakConsequences.apply(findings, d), d, List.of());
  }

  /** The analysis of an input with these lifetimes: {@code latest} (the last one's), listing them all. */
  public static Analysis ofLifetimes(Analysis latest, List<JvmLifetime> jvms) {
    return new Analysis(latest.facts(), latest.findings(), latest.diagnosis(), jvms);
  }

  /** How many JVM lifetimes the input holds (at least 1). */
  public int jvmCount() {
    return Math.max(1, jvms.size());
  }

  /** The memory model every sizing finding and candidate derives from. */
  public MemoryModel memoryModel() {
    return facts.model();
  }

  public AnalysisOptions options() {
    return facts.options();
  }

  public ParseReport input() {
    return facts.input();
  }

  public JvmInfoAggregator jvm() {
    return facts.jvm();
  }

  public JvmFlags flags() {
    return facts.flags();
  }

  public Span span() {
    return facts.span();
  }

  public PauseAggregator pauses() {
    return facts.pauses();
  }

  public WindowAggregator windows() {
    return facts.windows();
  }

  public MemoryAggregator memory() {
    return facts.memory();
  }

  public ConcurrentAggregator concurrent() {
    return facts.concurrent();
  }

  public PhaseAggregator phases() {
    return facts.phases();
  }

  public AnomalyAggregator anomalies() {
    return facts.anomalies();
  }

  /** Share of the span the application ran (not in a stop-the-world GC pause), percent. */
  public double throughputPct() {
    return facts.throughputPct();
  }

  /** Why there is no throughput, or null. */
  public String throughputNotApplicable() {
    return facts.throughputNotApplicable();
  }

  /** The major Java version of the logged JVM, or -1 when unknown. */
  public int javaMajor() {
    return facts.javaMajor();
  }

  /** The GC-per-window table (counts and pause time per window, peak and mean) over this log's span. */
  public WindowAggregator.WindowTable windowTable() {
    return facts.windowTable();
  }
}
