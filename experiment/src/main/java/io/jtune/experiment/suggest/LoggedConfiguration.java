package io.jtune.experiment.suggest;

import io.jtune.common.jvm.FlagSet;
import io.jtune.common.jvm.JdkRange;
import io.jtune.common.jvm.JvmOption;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.parser.LogFormat;
import io.jtune.gc.parser.ParseReport;
import io.jtune.common.jvm.JvmFlags;
import io.jtune.gc.event.Collector;
import io.jtune.gc.event.JvmInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * The configuration a GC log says its JVM ran with, as JVM options a baseline can run: the JDK 8
 * "CommandLine flags:" line (its heap, generation and GC options), else what a unified log's
 * header states (the collector of its "Using ..." line or of its events' shapes, the heap's
 * initial and maximum capacity); and what the log does not say, so that a report can name the
 * parts a baseline runs at the JVM's defaults. Every baseline built from a log thus keeps the
 * heap bounds and the collector explicit: a candidate that changes one option changes nothing
 * else by accident (such as the heap falling back to a quarter of the host's memory).
 *
 * @param flags the options, heap bounds and collector first where the log gives them
 * @param sources where each part came from, in words ("-Xms96m -Xmx96m: the log's heap capacities")
 * @param unknown what the log does not state and the baseline leaves to the JVM's defaults
 */
public record LoggedConfiguration(List<String> flags, List<String> sources, List<String> unknown) {
  public LoggedConfiguration {
    flags = List.copyOf(flags);
    sources = List.copyOf(sources);
    unknown = List.copyOf(unknown);
  }

  /** What {@code a}'s log states about its JVM's configuration. */
  public static LoggedConfiguration of(Analysis a) {
    return of(a.jvm().info(), a.jvm().collector(), a.jvm().info().version());
  }

  /**
   * The JDK the log was written by: its version line, else what its format and collector imply
   * (unified logging is JDK 9 or later, with CMS 9-13; the older format is taken as JDK 8, its
   * last and most common JDK).
   */
  public static JdkRange jdk(Analysis a) {
    int major = a.javaMajor();
    if (major > 0) {
      return JdkRange.exactly(major, "from the log");
    }
    boolean unified = a.input().sources().stream()
        .map(ParseReport.SourceSummary::format).anyMatch(f -> f == LogFormat.UNIFIED);
    if (unified) {
      // the collector narrows it: CMS left in 14, ZGC came in 11, generational ZGC in 21
      Collector c = a.jvm().collector();
      if (c != null && c.isCms()) {
        return new JdkRange(9, 13, "a unified CMS log without a version line; give --jdk N");
      }
      if (c == Collector.ZGC_GENERATIONAL) {
        return new JdkRange(21, JvmOption.LATEST_JDK, "a generational ZGC log without a version line; give --jdk N");
      }
      if (c == Collector.ZGC) {
        return new JdkRange(11, JvmOption.LATEST_JDK, "a ZGC log without a version line; give --jdk N");
      }
      return new JdkRange(9, JvmOption.LATEST_JDK, "a unified log without a version line; give --jdk N");
    }
    return JdkRange.exactly(8, "assumed for a JDK 8-style log without a version line; give --jdk N");
  }

  static LoggedConfiguration of(JvmInfo info, Collector collector, String version) {
    List<String> logged = info.commandLineFlags() == null ? List.of() : info.commandLineFlags();
    List<String> flags = new ArrayList<>(FlagSet.tuning(logged));
    List<String> sources = new ArrayList<>();
    List<String> unknown = new ArrayList<>();
    if (!flags.isEmpty()) {
      sources.add(String.join(" ", flags) + ": the log's command line");
    }
    JvmFlags given = JvmFlags.of(flags);
    if (given.chosenCollector() == null) {
      List<String> choose = collectorFlags(collector, JvmFlags.javaMajor(version));
      if (choose.isEmpty()) {
        unknown.add("the collector (the log does not name it): the JVM's default");
      } else {
        flags.addAll(0, choose);
        sources.add(String.join(" ", choose) + ": the log's collector (" + collector.displayName() + ")");
      }
    }
    List<String> heap = new ArrayList<>();
    if (!given.has(JvmOption.INITIAL_HEAP_SIZE) && info.heapInitialBytes() != null && info.heapInitialBytes() > 0) {
      heap.add(JvmOption.INITIAL_HEAP_SIZE.size(info.heapInitialBytes()));
    }
    if (!given.has(JvmOption.MAX_HEAP_SIZE) && info.heapMaxBytes() != null && info.heapMaxBytes() > 0) {
      heap.add(JvmOption.MAX_HEAP_SIZE.size(info.heapMaxBytes()));
    }
    if (!heap.isEmpty()) {
      flags.addAll(0, heap);
      sources.add(String.join(" ", heap) + ": the log's heap capacities");
    }
    JvmFlags all = JvmFlags.of(flags);
    if (!all.has(JvmOption.MAX_HEAP_SIZE)) {
      unknown.add("the maximum heap size: the JVM's default (a quarter of the memory it sees)");
    }
    if (!all.has(JvmOption.INITIAL_HEAP_SIZE)) {
      unknown.add("the initial heap size");
    }
    if (info.commandLineFlags() == null) {
      unknown.add("the young generation's size, survivor ratio and tenuring threshold, pause goal and metaspace"
          + " sizes (a unified log's header does not state them): the JVM's defaults, as the logged JVM had"
          + " unless it set them; give the JVM's options with --flags or --pid when it did");
    }
    return new LoggedConfiguration(flags, sources, unknown);
  }

  /**
   * The options that choose {@code c} on a JVM of {@code major} (-1 when not known); empty when
   * the collector is not known.
   */
  static List<String> collectorFlags(Collector c, int major) {
    return switch (c) {
      case SERIAL -> List.of(JvmOption.USE_SERIAL_GC.on());
      case PARALLEL -> List.of(JvmOption.USE_PARALLEL_GC.on());
      case G1 -> List.of(JvmOption.USE_G1_GC.on());
      case PARNEW_CMS -> List.of(JvmOption.USE_CONC_MARK_SWEEP_GC.on());
      case DEFNEW_CMS -> List.of(JvmOption.USE_CONC_MARK_SWEEP_GC.on(), JvmOption.USE_PAR_NEW_GC.off());
      case PARNEW_SERIAL_OLD -> List.of(JvmOption.USE_PAR_NEW_GC.on());
      // JDK 21 and 22 default to single-generation ZGC, 23 to generational, 24 has only generational
      case ZGC -> major == 23 ? List.of(JvmOption.USE_ZGC.on(), JvmOption.Z_GENERATIONAL.off()) : List.of(JvmOption.USE_ZGC.on());
      case ZGC_GENERATIONAL -> major == 21 || major == 22 ? List.of(JvmOption.USE_ZGC.on(), JvmOption.Z_GENERATIONAL.on()) : List.of(JvmOption.USE_ZGC.on());
      case SHENANDOAH -> List.of(JvmOption.USE_SHENANDOAH_GC.on());
      // generational Shenandoah is a product mode from JDK 25, experimental in 24
      case SHENANDOAH_GENERATIONAL -> major >= 25 || major < 0
          ? List.of(JvmOption.USE_SHENANDOAH_GC.on(), JvmOption.SHENANDOAH_GC_MODE.set("generational"))
          : List.of(JvmOption.UNLOCK_EXPERIMENTAL_VM_OPTIONS.on(), JvmOption.USE_SHENANDOAH_GC.on(), JvmOption.SHENANDOAH_GC_MODE.set("generational"));
      case EPSILON -> List.of(JvmOption.UNLOCK_EXPERIMENTAL_VM_OPTIONS.on(), JvmOption.USE_EPSILON_GC.on());
      default -> List.of();
    };
  }
}
