package io.jtune.gc.crosscheck;

import io.jtune.gc.event.Collector;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One cell of the cross-check matrix: which JDK runs the workload, with which collector, and
 * which {@code -Xlog} output (decorators, level, rotation).
 */
record CrossCheckCase(Jdk jdk, Gc gc, LogSpec log) {

  /**
   * Heap of the child: small, so collections come often, and fixed (-Xms = -Xmx)
   * so no collection also resizes the heap (Serial times a resize inside the logged
   * pause but outside JFR's; measured +15 ms after a System.gc() on a 128 MB heap).
   */
  static final List<String> HEAP = List.of("-Xms128m", "-Xmx128m");
  /** Workload rounds, retained megabytes and time cap in ms (see {@link ChurnWorkload}). */
  static final String ROUNDS = "8000";
  static final String RETAINED_MB = "48";
  static final String MAX_MS = "20000";

  /** A JDK on this machine; the home can be overridden with -Djtune.crosscheck.jdkNN=PATH. */
  enum Jdk {
    JDK17(17, "/usr/lib/jvm/java-17-openjdk-amd64"),
    JDK25(25, "/usr/lib/jvm/temurin-25-jdk-amd64");

    final int feature;
    private final String defaultHome;

    Jdk(int feature, String defaultHome) {
      this.feature = feature;
      this.defaultHome = defaultHome;
    }

    Path home() {
      return Path.of(System.getProperty("jtune.crosscheck.jdk" + feature, defaultHome));
    }

    Path java() {
      return home().resolve("bin").resolve("java");
    }

    boolean present() {
      return Files.isExecutable(java());
    }
  }

  /** A collector and the flags selecting it. */
  enum Gc {
    SERIAL(List.of("-XX:+UseSerialGC")),
    PARALLEL(List.of("-XX:+UseParallelGC")),
    G1(List.of("-XX:+UseG1GC")),
    /** Single-generation ZGC on 17; on 25 generational ZGC is the only ZGC. */
    ZGC(List.of("-XX:+UseZGC")),
    SHENANDOAH(List.of("-XX:+UseShenandoahGC")),
    SHENANDOAH_GENERATIONAL(List.of("-XX:+UseShenandoahGC", "-XX:+UnlockExperimentalVMOptions",
        "-XX:ShenandoahGCMode=generational"));

    final List<String> flags;

    Gc(List<String> flags) {
      this.flags = flags;
    }

    /** What the log should be recognised as, on this JDK. */
    Collector expected(Jdk jdk) {
      return switch (this) {
        case SERIAL -> Collector.SERIAL;
        case PARALLEL -> Collector.PARALLEL;
        case G1 -> Collector.G1;
        case ZGC -> jdk.feature >= 23 ? Collector.ZGC_GENERATIONAL : Collector.ZGC;
        case SHENANDOAH -> Collector.SHENANDOAH;
        case SHENANDOAH_GENERATIONAL -> Collector.SHENANDOAH_GENERATIONAL;
      };
    }
  }

  /** The -Xlog output written to {@code log/gc.log} of the run directory. */
  enum LogSpec {
    /** Details, default decorators (uptime, level, tags). */
    DETAILS("gc*", ""),
    /** Details with every decorator that carries a time or an id. */
    ALL_DECORATORS("gc*", ":time,uptimemillis,pid,tid,level,tags"),
    /** UTC wall clock and uptime in nanoseconds. */
    UTC_NANOS("gc*", ":utctime,uptimenanos,tags"),
    /** Local wall clock only: the timeline must come from the wall clock. */
    WALL_CLOCK_ONLY("gc*", ":time,level,tags"),
    /** `-Xlog:gc`: one line per collection, no details. */
    GC_ONLY("gc", ""),
    /** Details at debug level (G1 phases, ...). */
    DEBUG("gc*=debug", ""),
    /**
     * Details rotated over several small files, read back as one set from the directory. Sized
     * so a run rotates a few times but never wraps (a wrapped set has lost its first GCs).
     */
    ROTATED("gc*", "::filecount=" + LogSpec.ROTATED_FILES + ",filesize=8k");

    static final int ROTATED_FILES = 200;

    private final String selection;
    private final String tail;

    LogSpec(String selection, String tail) {
      this.selection = selection;
      this.tail = tail;
    }

    String option(Path file) {
      return "-Xlog:" + selection + ":file=" + file + tail;
    }
  }

  /** A name usable as a directory and test display name, e.g. "jdk17-g1-debug". */
  String id() {
    return ("jdk" + jdk.feature + "-" + gc + "-" + log).toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }

  @Override
  public String toString() {
    return id();
  }

  /**
   * The child's command line, in a fixed order: java, heap, collector, GC log, JFR, class path,
   * workload and its arguments.
   */
  List<String> command(Path runDir, Path classPath) {
    List<String> c = new ArrayList<>();
    c.add(jdk.java().toString());
    c.addAll(HEAP);
    c.add("-XX:-UsePerfData");
    c.addAll(gc.flags);
    c.add(log.option(runDir.resolve("log").resolve("gc.log")));
    c.add("-XX:StartFlightRecording=filename=" + runDir.resolve("recording.jfr")
        + ",settings=default,dumponexit=true");
    c.add("-cp");
    c.add(classPath.toString());
    c.add(ChurnWorkload.class.getName());
    c.add(ROUNDS);
    c.add(RETAINED_MB);
    c.add(MAX_MS);
    return c;
  }
}
