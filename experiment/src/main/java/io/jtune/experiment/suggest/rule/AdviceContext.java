package io.jtune.experiment.suggest.rule;

import io.jtune.common.finding.Severity;
import io.jtune.common.jvm.JdkRange;
import io.jtune.common.jvm.JvmFlags;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.diagnosis.Diagnosis;
import io.jtune.gc.diagnosis.Problem;
import io.jtune.gc.event.Collector;
import io.jtune.gc.finding.Finding;
import io.jtune.gc.model.MemoryModel;
import io.jtune.gc.finding.MetaspaceSizing;
import java.util.List;
import java.util.Optional;

/**
 * What the candidate rules read, gathered once from an analyzed GC log and what the user knows
 * besides (flags, QPS, concurrency, jstat samples, a pause goal, the target JDK): the logged
 * configuration, the JDK, the collector, the sizes and rates with where each came from, the
 * memory model and the diagnosis. Immutable; sizes are -1 and sources empty when not known.
 *
 * @param analysis the analyzed log
 * @param jdk the JDK the candidates must run on
 * @param baseline the flags the baseline runs (those the target JDK lacks left out)
 * @param flags the flags in effect: the log's command line, then the baseline's
 * @param heapChosen whether someone chose the largest heap (flags given or logged), rather than the JVM's default
 * @param collector the collector the service runs with
 * @param collectorSource where the collector is known from, in words
 * @param pauseTargetMs the pause goal, else the analysis's pause target
 * @param pauseGoal whether a pause goal was given
 * @param heap the largest heap in bytes
 * @param heapSource where the heap size comes from
 * @param young the young generation's size in bytes
 * @param youngSource where the young size comes from
 * @param survivorDemand bytes that survive a young GC
 * @param survivorSource where the survivor demand comes from
 * @param liveRequestData request data alive at a young GC (memory per request x requests in flight)
 * @param metaspacePeak the metaspace peak in bytes
 * @param metaspaceSource where the metaspace peak comes from ("log" or "jstat MU")
 * @param fullGcs Full GCs in the log
 * @param fullMaxMs the longest Full GC, ms
 * @param fullMaxUnderLoadMs the longest Full GC after the service started (start-up's left out when
 *     it is known when the load began), ms
 * @param youngP99Ms the 99th percentile of young pauses, ms
 * @param startupFullGcs whether a Full GC came within the first minute of a log that starts at the JVM's start
 * @param model the memory model, with the capacities jstat knew and the log did not
 * @param gcNotTheProblem whether GC costs too little for flags to matter
 * @param qps requests per second while logging, or NaN
 * @param concurrency requests in flight while logging, or 0
 * @param evidence what the suggestion rests on, in sentences, in order
 * @param notes what the gathering could not know or left out, in order
 * @param collectorChosen whether someone chose the collector (flags given or logged), rather than the JVM's ergonomics
 * @param container the container limits the service runs in ({@link ContainerLimit#NONE} without);
 *     the heap budget of its memory limit is the model's ({@link MemoryModel#container()})
 */
public record AdviceContext(
    Analysis analysis,
    JdkRange jdk,
    List<String> baseline,
    JvmFlags flags,
    boolean heapChosen,
    Collector collector,
    String collectorSource,
    double pauseTargetMs,
    boolean pauseGoal,
    long heap,
    String heapSource,
    long young,
    String youngSource,
    long survivorDemand,
    String survivorSource,
    long liveRequestData,
    long metaspacePeak,
    String metaspaceSource,
    long fullGcs,
    double fullMaxMs,
    double fullMaxUnderLoadMs,
    double youngP99Ms,
    boolean startupFullGcs,
    MemoryModel model,
    boolean gcNotTheProblem,
    double qps,
    int concurrency,
    List<String> evidence,
    List<String> notes,
    boolean collectorChosen,
    ContainerLimit container) {

  /** HotSpot's TargetSurvivorRatio default: survivors are meant to be at most half full after a young GC. */
  public static final double SURVIVOR_TARGET = 0.5;

  public AdviceContext {
    baseline = List.copyOf(baseline);
    evidence = List.copyOf(evidence);
    notes = List.copyOf(notes);
    container = container == null ? ContainerLimit.NONE : container;
  }

  /** This context with its evidence and notes. */
  public AdviceContext withProse(List<String> evidence, List<String> notes) {
    return new AdviceContext(analysis, jdk, baseline, flags, heapChosen, collector, collectorSource, pauseTargetMs,
        pauseGoal, heap, heapSource, young, youngSource, survivorDemand, survivorSource, liveRequestData, metaspacePeak,
        metaspaceSource, fullGcs, fullMaxMs, fullMaxUnderLoadMs, youngP99Ms, startupFullGcs, model, gcNotTheProblem, qps, concurrency,
        evidence, notes, collectorChosen, container);
  }

  public Diagnosis diagnosis() {
    return analysis.diagnosis();
  }

  /** Whether the diagnosis is a memory leak (flags do not fix it). */
  public boolean leak() {
    return diagnosis().primary() == Problem.MEMORY_LEAK;
  }

  /** The first finding with {@code id}, if the analysis has one. */
  public Optional<Finding> finding(String id) {
    return analysis.findings().stream().filter(f -> f.id().equals(id)).findFirst();
  }

  /** Whether the analysis has a finding {@code id}. */
  public boolean hasFinding(String id) {
    return finding(id).isPresent();
  }

  /** The first finding with {@code id} above info level, if any. */
  public Optional<Finding> seriousFinding(String id) {
    return analysis.findings().stream().filter(f -> f.id().equals(id) && f.severity() != Severity.INFO).findFirst();
  }

  /** The survivor demand known: the request data alive at a young GC or the logged demand, or -1. */
  public long survivorNeed() {
    return Math.max(liveRequestData, survivorDemand);
  }

  /** The survivor ratio for the model's young generation and {@link #survivorNeed()} (3 to 8), or -1. */
  public int survivorRatio() {
    long need = survivorNeed();
    long y = model.targetYoung() > 0 ? model.targetYoung() : young;
    if (need <= 0 || y <= 0) {
      return -1;
    }
    int raw = (int) Math.floor(y / (need / SURVIVOR_TARGET)) - 2;
    return Math.max(3, Math.min(8, raw));
  }

  /** MetaspaceSize, the threshold of metaspace collections, in MB: one rule with the findings' ({@link MetaspaceSizing}). */
  public long metaspaceMb() {
    return MetaspaceSizing.thresholdMb(metaspacePeak, metaspaceCommitted(), 256);
  }

  /** MaxMetaspaceSize in MB, a bound against a class-loader leak, not a size ({@link MetaspaceSizing}). */
  public long metaspaceCapMb() {
    return MetaspaceSizing.capMb(metaspacePeak, metaspaceCommitted(), 256);
  }

  /** The metaspace the logged JVM had committed at most, or -1 ({@link MetaspaceSizing#committed}). */
  public long metaspaceCommitted() {
    return MetaspaceSizing.committed(analysis.facts());
  }

  /** The CPUs the logged JVM saw, or -1. */
  public int cpus() {
    Integer c = analysis.jvm().info().cpus();
    return c == null ? -1 : c;
  }

  /** Collectors with a young generation of fixed size (-Xmn and SurvivorRatio apply as given). */
  public static boolean fixedYoung(Collector c) {
    return switch (c) {
      case SERIAL, PARALLEL, PARNEW_CMS, DEFNEW_CMS, PARNEW_SERIAL_OLD -> true;
      default -> false;
    };
  }
}
