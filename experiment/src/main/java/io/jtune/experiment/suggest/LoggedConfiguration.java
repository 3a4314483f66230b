package io.jtune.experiment.suggest;

import io.jtune.gc.analysis.Analysis;
import io.jtune.common.jvm.JvmFlags;
import io.jtune.gc.event.Collector;
import io.jtune.gc.event.JvmInfo;
import io.jtune.common.units.ByteSize;
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
    if (!given.has("InitialHeapSize") && info.heapInitialBytes() != null && info.heapInitialBytes() > 0) {
      heap.add("-Xms" + ByteSize.flagValue(info.heapInitialBytes()));
    }
    if (!given.has("MaxHeapSize") && info.heapMaxBytes() != null && info.heapMaxBytes() > 0) {
      heap.add("-Xmx" + ByteSize.flagValue(info.heapMaxBytes()));
    }
    if (!heap.isEmpty()) {
      flags.addAll(0, heap);
      sources.add(String.join(" ", heap) + ": the log's heap capacities");
    }
    JvmFlags all = JvmFlags.of(flags);
    if (!all.has("MaxHeapSize")) {
      unknown.add("the maximum heap size: the JVM's default (a quarter of the memory it sees)");
    }
    if (!all.has("InitialHeapSize")) {
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
      case SERIAL -> List.of("-XX:+UseSerialGC");
      case PARALLEL -> List.of("-XX:+UseParallelGC");
      case G1 -> List.of("-XX:+UseG1GC");
      case PARNEW_CMS -> List.of("-XX:+UseConcMarkSweepGC");
      case DEFNEW_CMS -> List.of("-XX:+UseConcMarkSweepGC", "-XX:-UseParNewGC");
      case PARNEW_SERIAL_OLD -> List.of("-XX:+UseParNewGC");
      // JDK 21 and 22 default to single-generation ZGC, 23 to generational, 24 has only generational
      case ZGC -> major == 23 ? List.of("-XX:+UseZGC", "-XX:-ZGenerational") : List.of("-XX:+UseZGC");
      case ZGC_GENERATIONAL -> major == 21 || major == 22 ? List.of("-XX:+UseZGC", "-XX:+ZGenerational") : List.of("-XX:+UseZGC");
      case SHENANDOAH -> List.of("-XX:+UseShenandoahGC");
      // generational Shenandoah is a product mode from JDK 25, experimental in 24
      case SHENANDOAH_GENERATIONAL -> major >= 25 || major < 0
          ? List.of("-XX:+UseShenandoahGC", "-XX:ShenandoahGCMode=generational")
          : List.of("-XX:+UnlockExperimentalVMOptions", "-XX:+UseShenandoahGC", "-XX:ShenandoahGCMode=generational");
      case EPSILON -> List.of("-XX:+UnlockExperimentalVMOptions", "-XX:+UseEpsilonGC");
      default -> List.of();
    };
  }
}
