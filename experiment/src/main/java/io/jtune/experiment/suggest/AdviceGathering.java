package io.jtune.experiment.suggest;

import io.jtune.common.finding.Severity;
import io.jtune.common.jvm.JdkRange;
import io.jtune.common.jvm.JvmFlags;
import io.jtune.common.jvm.JvmOption;
import io.jtune.experiment.suggest.rule.AdviceContext;
import io.jtune.experiment.suggest.rule.AdviceText;
import io.jtune.experiment.suggest.rule.ContainerLimit;
import io.jtune.experiment.suggest.rule.ContainerText;
import io.jtune.experiment.suggest.rule.UsableFlags;
import io.jtune.gc.aggregate.MemoryAggregator;
import io.jtune.gc.aggregate.Series;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.event.Collector;
import io.jtune.gc.event.PauseKind;
import io.jtune.gc.model.MemoryModel;
import java.util.ArrayList;
import java.util.List;

/**
 * The input gathering of the advisor: from an analyzed GC log and what the user knows besides,
 * the one {@link AdviceContext} the candidate rules read. The baseline, the JDK and the collector
 * come from the given flags, else the log; heap, young, survivor demand, request data and
 * metaspace from the flags, the log, jstat and the inputs, each with its source.
 */
final class AdviceGathering {
  private final Analysis a;
  private final Advisor.Inputs in;
  private final List<String> evidence = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();

  private AdviceGathering(Analysis a, Advisor.Inputs in) {
    this.a = a;
    this.in = in;
  }

  /** The context of {@code a} with {@code in}. */
  static AdviceContext of(Analysis a, Advisor.Inputs in) {
    return new AdviceGathering(a, in).gather();
  }

  private AdviceContext gather() {
    JdkRange jdk = in.jdk() > 0 ? JdkRange.exactly(in.jdk(), "--jdk") : LoggedConfiguration.jdk(a);
    // the baseline runs exactly what the service runs: the given flags, else what the log states
    // (its command line, or its collector and heap capacities), heap bounds and collector explicit
    LoggedConfiguration logged = LoggedConfiguration.of(a);
    List<String> given = in.flags() != null ? in.flags() : logged.flags();
    if (in.flags() == null && !logged.unknown().isEmpty()) {
      notes.add(AdviceText.loggedBaseline(logged.sources(), logged.unknown()));
    }
    JvmFlags flags = a.flags().with(given);
    // the largest heap as someone chose it (the flags given, or the log's command line), not the JVM's default
    boolean heapChosen = a.flags().bytes(JvmOption.MAX_HEAP_SIZE).isPresent()
        || in.flags() != null && JvmFlags.of(in.flags()).bytes(JvmOption.MAX_HEAP_SIZE).isPresent();
    // a baseline the target JDK cannot start compares nothing: it runs without those flags
    List<String> baseline = UsableFlags.of(given, "baseline", jdk, notes);
    boolean pauseGoal = in.pauseTargetMs() > 0;
    double pauseTargetMs = pauseGoal ? in.pauseTargetMs() : a.pauses().pauseTargetMs();
    Collector collector = a.jvm().collector();
    String collectorSource = "from the log";
    if (collector == null || collector == Collector.UNKNOWN) {
      collector = fromFlags(flags);
      collectorSource = "from the flags";
      if (collector == Collector.UNKNOWN) {
        collector = jdk.atLeast(9) ? Collector.G1 : jdk.max() <= 8 ? Collector.PARALLEL : Collector.UNKNOWN;
        collectorSource = collector == Collector.UNKNOWN ? "unknown" : "the JDK's default";
      }
    }
    long fullGcs = a.pauses().kind(PauseKind.FULL).count();

    MemoryAggregator m = a.memory();
    JstatGc js = in.jstat();
    MemoryModel model = a.memoryModel();
    MemoryModel.Capacities caps = model.capacities();
    long heap = -1;
    String heapSource = "";
    if (flags.bytes(JvmOption.MAX_HEAP_SIZE).isPresent()) {
      heap = flags.bytes(JvmOption.MAX_HEAP_SIZE).getAsLong();
      heapSource = JvmOption.MAX_HEAP_SIZE.shortForm();
    } else if (caps.heapMax() > 0) {
      heap = caps.heapMax();
      heapSource = caps.heapSource();
    } else if (js != null && js.heapCapacityBytes() > 0) {
      heap = js.heapCapacityBytes();
      heapSource = "jstat S0C+S1C+EC+OC";
    }
    long young = -1;
    String youngSource = "";
    if (flags.bytes(JvmOption.MAX_NEW_SIZE).isPresent()) {
      young = flags.bytes(JvmOption.MAX_NEW_SIZE).getAsLong();
      youngSource = JvmOption.XMN.shortForm();
    } else if (caps.young() > 0) {
      young = caps.young();
      youngSource = caps.youngSource();
    } else if (js != null && js.youngCapacityBytes() > 0) {
      young = js.youngCapacityBytes();
      youngSource = "jstat S0C+S1C+EC";
    }
    long survivorDemand = -1;
    String survivorSource = "";
    if (model.survivorDemandBytes() > 0) {
      survivorDemand = model.survivorDemandBytes();
      survivorSource = model.survivorDemandSource() + " in the log";
    } else if (js != null && js.survivorUsedPeakBytes() > 0) {
      survivorDemand = js.survivorUsedPeakBytes();
      survivorSource = "peak survivor use in jstat (S0U/S1U)";
    }
    long metaspacePeak = m.metaspace().peak();
    String metaspaceSource = "log";
    if (js != null && js.metaspaceUsedPeakBytes() > metaspacePeak) {
      metaspacePeak = js.metaspaceUsedPeakBytes();
      metaspaceSource = "jstat MU";
    }
    if (js != null) {
      model = model.withCapacities(new MemoryModel.Capacities(js.heapCapacityBytes(), "jstat S0C+S1C+EC+OC", -1,
          js.youngCapacityBytes(), "jstat S0C+S1C+EC", js.oldCapacityBytes(), js.survivorCapacityBytes(),
          js.metaspaceUsedPeakBytes(), -1, -1));
    }
    long liveRequestData = requestData(m, js);
    boolean collectorChosen = a.flags().chosenCollectorOption().isPresent()
        || in.flags() != null && JvmFlags.of(in.flags()).chosenCollectorOption().isPresent();
    ContainerLimit container = in.container() == null ? ContainerLimit.NONE : in.container();
    if (container.hasMemoryLimit()) {
      // the heap every candidate proposes stays within the limit less the JVM's non-heap memory less headroom
      model = model.withContainer(container.budget(metaspacePeak));
      evidence.add(ContainerText.budget(model.container()));
    }

    boolean verdictRule = a.findings().stream().anyMatch(f -> f.id().equals("gc-not-the-problem"));
    boolean seriousFlags = a.findings().stream().anyMatch(f -> f.severity() != Severity.INFO && !f.flags().isEmpty());
    boolean gcNotTheProblem = verdictRule || (!seriousFlags && a.throughputPct() > 98 && fullGcs == 0
        && a.pauses().all().maxMs() <= pauseTargetMs && a.pauses().all().count() > 0);
    AdviceContext facts = new AdviceContext(a, jdk, baseline, flags, heapChosen, collector, collectorSource,
        pauseTargetMs, pauseGoal, heap, heapSource, young, youngSource, survivorDemand, survivorSource, liveRequestData,
        metaspacePeak, metaspaceSource, fullGcs, a.pauses().kind(PauseKind.FULL).maxMs(),
        fullMaxAfter(a, in.startupEndS()), a.pauses().kind(PauseKind.YOUNG).percentileMs(99), startupFullGcs(a), model, gcNotTheProblem, in.qps(),
        in.concurrency(), List.of(), List.of(), collectorChosen, container);
    // the request data line (when computed) comes after the collector and memory lines, before the pauses
    evidence.add(0, AdviceText.collector(facts));
    String mem = AdviceText.memory(facts);
    if (mem != null) {
      evidence.add(1, mem);
    }
    evidence.add(AdviceText.pauses(facts));
    evidence.add(AdviceText.collections(facts));
    if (survivorDemand > 0) {
      evidence.add(AdviceText.survivorDemand(survivorDemand, survivorSource));
    }
    return facts.withProse(evidence, notes);
  }

  private static Collector fromFlags(JvmFlags flags) {
    JvmOption chosen = flags.chosenCollectorOption().orElse(null);
    if (chosen == null) {
      return Collector.UNKNOWN;
    }
    return switch (chosen) {
      case USE_G1_GC -> Collector.G1;
      case USE_CONC_MARK_SWEEP_GC, USE_PAR_NEW_GC -> Collector.PARNEW_CMS;
      case USE_PARALLEL_GC, USE_PARALLEL_OLD_GC -> Collector.PARALLEL;
      case USE_SERIAL_GC -> Collector.SERIAL;
      case USE_ZGC -> Collector.ZGC;
      case USE_SHENANDOAH_GC -> Collector.SHENANDOAH;
      case USE_EPSILON_GC -> Collector.EPSILON;
      default -> Collector.UNKNOWN;
    };
  }

  /**
   * The longest Full GC from {@code startupEndS} (seconds since the JVM started) on: those of the
   * start-up, which the diagnosis of a service under load leaves out, are no reason for a pause
   * goal. All of them when the start-up's end is not known.
   */
  private static double fullMaxAfter(Analysis a, double startupEndS) {
    double all = a.pauses().kind(PauseKind.FULL).maxMs();
    Series full = a.pauses().timeline().get(PauseKind.FULL);
    if (Double.isNaN(startupEndS) || full == null) {
      return all;
    }
    return full.points().stream().filter(p -> p.maxAtS() >= startupEndS).mapToDouble(Series.Point::max).max()
        .orElse(0);
  }

  /** A Full GC in the first minute of a log that starts at the JVM's start (a Full GC on every deploy). */
  private static boolean startupFullGcs(Analysis a) {
    Series full = a.pauses().timeline().get(PauseKind.FULL);
    if (full == null || full.points().isEmpty()) {
      return false;
    }
    return a.span().startS() <= 60 && full.points().get(0).startS() <= 60;
  }

  /**
   * Memory per request = Eden / (QPS x mean young-GC interval); alive at a young GC = that x
   * requests in flight, returned (-1 when not known), with its evidence line or a note.
   */
  private long requestData(MemoryAggregator m, JstatGc js) {
    double qps = in.qps();
    if (!(qps > 0)) {
      return -1;
    }
    long eden = m.meanAllocationPerIntervalBytes();
    String edenSource = "eden filled between young GCs in the log";
    double interval = m.meanYoungIntervalS();
    if (eden <= 0 && js != null && js.edenCapacityBytes() > 0) {
      eden = js.edenCapacityBytes();
      edenSource = "jstat EC";
    }
    if (!(interval > 0) && js != null) {
      interval = js.meanYoungIntervalS();
    }
    if (eden <= 0 || !(interval > 0)) {
      notes.add(AdviceText.memoryPerRequestUnknown(eden <= 0, js == null));
      return -1;
    }
    double perRequest = eden / (qps * interval);
    long alive = in.concurrency() > 0 ? Math.round(perRequest * in.concurrency()) : -1;
    evidence.add(AdviceText.memoryPerRequest(perRequest, eden, edenSource, qps, interval, in.concurrency(), alive));
    return alive;
  }
}
