package io.jtune.gc.analysis;

import io.jtune.gc.diagnosis.LeakConsequences;
import io.jtune.gc.diagnosis.Diagnoser;
import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.gc.facts.GcFacts;
import io.jtune.gc.model.MemoryModelBuilder;
import io.jtune.common.jvm.JvmFlags;
import io.jtune.gc.aggregate.AnomalyAggregator;
import io.jtune.gc.aggregate.ConcurrentAggregator;
import io.jtune.gc.aggregate.JvmInfoAggregator;
import io.jtune.gc.aggregate.MemoryAggregator;
import io.jtune.gc.aggregate.PauseAggregator;
import io.jtune.gc.aggregate.PhaseAggregator;
import io.jtune.gc.aggregate.Span;
import io.jtune.gc.aggregate.WindowAggregator;
import io.jtune.gc.finding.Finding;
import io.jtune.gc.finding.FindingEngine;
import io.jtune.gc.diagnosis.Diagnosis;
import io.jtune.gc.event.PauseKind;
import io.jtune.gc.model.MemoryModel;
import io.jtune.gc.parser.ParseReport;
import java.util.List;

/**
 * The result of analyzing GC logs: the finished {@link GcFacts} and the findings the rules drew
 * from them. Renderers read it; nothing here is recomputed.
 *
 * @param facts what the logs showed, finished before the findings were drawn
 * @param model the memory model built from the facts (live set, rates, capacities, limits): every sizing finding and candidate derives from it
 * @param findings the findings, most severe first
 * @param diagnosis the primary problem and the others, with evidence, drawn from the findings and the memory model
 * @param jvms the JVM lifetimes in the input, each analyzed on its own; with several, the facts
 *     and findings here are those of the latest one. Empty for the analysis of one lifetime.
 */
public record Analysis(GcFacts facts, MemoryModel model, List<Finding> findings, Diagnosis diagnosis, List<JvmLifetime> jvms) {

  public Analysis {
    findings = List.copyOf(findings);
    jvms = List.copyOf(jvms);
  }

  /**
   * The analysis of finished facts: the memory model is built from them once, the finding rules run
   * once reading the facts and the model, and the diagnosis is drawn from the findings and the model.
   */
  public static Analysis of(GcFacts facts) {
    MemoryModel model = MemoryModelBuilder.of(facts);
    List<Finding> findings = FindingEngine.evaluate(facts, model);
    Diagnosis d = Diagnoser.diagnose(facts, model, findings);
    return new Analysis(facts, model, LeakConsequences.apply(findings, d), d, List.of());
  }

  /**
   * This analysis inside a container's memory limit: the memory model gets the heap budget the
   * limit allows ({@link MemoryModel#withContainer}) and the findings and the diagnosis are drawn
   * again from it, so no heap they propose passes the budget.
   */
  public Analysis inContainer(io.jtune.gc.model.ContainerBudget budget) {
    MemoryModel m = model.withContainer(budget);
    List<Finding> f = FindingEngine.evaluate(facts, m);
    Diagnosis d = Diagnoser.diagnose(facts, m, f);
    return new Analysis(facts, m, LeakConsequences.apply(f, d), d, jvms);
  }

  /**
   * This analysis inside a container's memory limit of {@code limitBytes} (given by
   * {@code source}), its non-heap memory estimated from the log ({@link
   * io.jtune.gc.model.ContainerBudget#estimated}): see {@link #inContainer(io.jtune.gc.model.ContainerBudget)}.
   */
  public Analysis inContainer(long limitBytes, String source) {
    return inContainer(io.jtune.gc.model.ContainerBudget.estimated(limitBytes, source,
        model.capacities().metaspacePeak()));
  }

  /** The analysis of an input with these lifetimes: {@code latest} (the last one's), listing them all. */
  public static Analysis ofLifetimes(Analysis latest, List<JvmLifetime> jvms) {
    return new Analysis(latest.facts(), latest.model(), latest.findings(), latest.diagnosis(), jvms);
  }

  /** How many JVM lifetimes the input holds (at least 1). */
  public int jvmCount() {
    return Math.max(1, jvms.size());
  }

  /** The memory model every sizing finding and candidate derives from. */
  public MemoryModel memoryModel() {
    return model;
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
  /** How many young (minor) pauses the logs show. */
  public long youngPauses() {
    return facts.pauses().kind(PauseKind.YOUNG).count();
  }

  /** How many full (stop-the-world whole-heap) pauses the logs show. */
  public long fullPauses() {
    return facts.pauses().kind(PauseKind.FULL).count();
  }

  /** The time spent in pauses of every kind, in milliseconds. */
  public double pausedMs() {
    return facts.pauses().all().totalMs();
  }

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
