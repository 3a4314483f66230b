package io.jtune.common.jvm;

import io.jtune.common.units.ByteSize;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The HotSpot options jtune reads or writes: each one's name, the kind of value it takes, how it
 * is written on a command line ({@code -XX:+Name}, {@code -XX:Name=value}, or a short form such
 * as {@code -Xmx}) and the JDKs that have it. An option without a JDK span exists in every JDK
 * jtune targets (6 to {@link #LATEST_JDK}).
 */
public enum JvmOption {
  // the collector choices, in the order JvmFlags#chosenCollector looks for them
  USE_G1_GC("UseG1GC", Kind.SWITCH, null, Span.G1),
  USE_CONC_MARK_SWEEP_GC("UseConcMarkSweepGC", Kind.SWITCH, null, Span.CMS),
  USE_PARALLEL_GC("UseParallelGC", Kind.SWITCH, null, null),
  USE_PARALLEL_OLD_GC("UseParallelOldGC", Kind.SWITCH, null,
      new Span(5, 14, "UseParallelOldGC was removed in JDK 15 (UseParallelGC implies it)")),
  USE_SERIAL_GC("UseSerialGC", Kind.SWITCH, null, null),
  USE_ZGC("UseZGC", Kind.SWITCH, null, new Span(11, Span.LATEST, "ZGC exists from JDK 11")),
  USE_SHENANDOAH_GC("UseShenandoahGC", Kind.SWITCH, null,
      new Span(12, Span.LATEST, "Shenandoah is in OpenJDK from 12 (only some vendors' 8 and 11 builds)")),
  USE_PAR_NEW_GC("UseParNewGC", Kind.SWITCH, null, new Span(5, 9, "-XX:+UseParNewGC was removed in JDK 10")),
  USE_EPSILON_GC("UseEpsilonGC", Kind.SWITCH, null, new Span(11, Span.LATEST, "Epsilon exists from JDK 11")),

  // heap and generations
  MAX_HEAP_SIZE("MaxHeapSize", Kind.SIZE, "-Xmx", null),
  INITIAL_HEAP_SIZE("InitialHeapSize", Kind.SIZE, "-Xms", null),
  /** {@code -Xmn}: sets NewSize and MaxNewSize together; a configuration keeps it as one option. */
  XMN("Xmn", Kind.SIZE, "-Xmn", null),
  NEW_SIZE("NewSize", Kind.SIZE, null, null),
  MAX_NEW_SIZE("MaxNewSize", Kind.SIZE, null, null),
  NEW_RATIO("NewRatio", Kind.NUMBER, null, null),
  SURVIVOR_RATIO("SurvivorRatio", Kind.NUMBER, null, null),
  TARGET_SURVIVOR_RATIO("TargetSurvivorRatio", Kind.NUMBER, null, null),
  MAX_TENURING_THRESHOLD("MaxTenuringThreshold", Kind.NUMBER, null, null),
  INITIAL_TENURING_THRESHOLD("InitialTenuringThreshold", Kind.NUMBER, null, null),
  USE_ADAPTIVE_SIZE_POLICY("UseAdaptiveSizePolicy", Kind.SWITCH, null, null),
  THREAD_STACK_SIZE("ThreadStackSize", Kind.SIZE, "-Xss", null),
  METASPACE_SIZE("MetaspaceSize", Kind.SIZE, null, new Span(8, Span.LATEST, "Metaspace exists from JDK 8 (PermSize before)")),
  MAX_METASPACE_SIZE("MaxMetaspaceSize", Kind.SIZE, null,
      new Span(8, Span.LATEST, "Metaspace exists from JDK 8 (MaxPermSize before)")),
  PERM_SIZE("PermSize", Kind.SIZE, null, Span.PERM_GEN),
  MAX_PERM_SIZE("MaxPermSize", Kind.SIZE, null, Span.PERM_GEN),
  MAX_DIRECT_MEMORY_SIZE("MaxDirectMemorySize", Kind.SIZE, null, null),
  SOFT_REF_LRU_POLICY_MS_PER_MB("SoftRefLRUPolicyMSPerMB", Kind.NUMBER, null, null),

  // the collectors' own tuning
  MAX_GC_PAUSE_MILLIS("MaxGCPauseMillis", Kind.NUMBER, null, null),
  GC_TIME_RATIO("GCTimeRatio", Kind.NUMBER, null, null),
  PARALLEL_GC_THREADS("ParallelGCThreads", Kind.NUMBER, null, null),
  CONC_GC_THREADS("ConcGCThreads", Kind.NUMBER, null, null),
  /** The CPUs the JVM sizes its thread pools and chooses its collector by, whatever the container gives. */
  ACTIVE_PROCESSOR_COUNT("ActiveProcessorCount", Kind.NUMBER, null,
      new Span(10, Span.LATEST, "-XX:ActiveProcessorCount exists from JDK 10 (and 8u191)")),
  INITIATING_HEAP_OCCUPANCY_PERCENT("InitiatingHeapOccupancyPercent", Kind.NUMBER, null, null),
  G1_RESERVE_PERCENT("G1ReservePercent", Kind.NUMBER, null, null),
  G1_HEAP_REGION_SIZE("G1HeapRegionSize", Kind.SIZE, null, Span.G1),
  Z_GENERATIONAL("ZGenerational", Kind.SWITCH, null,
      new Span(21, 23, "generational ZGC is chosen by -XX:+ZGenerational only in JDK 21-23")),
  SHENANDOAH_GC_MODE("ShenandoahGCMode", Kind.TEXT, null, null),
  SHENANDOAH_PACING("ShenandoahPacing", Kind.SWITCH, null,
      new Span(12, 25, "ShenandoahPacing is obsolete from JDK 26 (deprecated in 25)"), 25),
  CMS_INITIATING_OCCUPANCY_FRACTION("CMSInitiatingOccupancyFraction", Kind.NUMBER, null, Span.CMS),
  USE_CMS_INITIATING_OCCUPANCY_ONLY("UseCMSInitiatingOccupancyOnly", Kind.SWITCH, null, Span.CMS),
  CMS_SCAVENGE_BEFORE_REMARK("CMSScavengeBeforeRemark", Kind.SWITCH, null, Span.CMS),
  CMS_CLASS_UNLOADING_ENABLED("CMSClassUnloadingEnabled", Kind.SWITCH, null, Span.CMS),
  CMS_PARALLEL_REMARK_ENABLED("CMSParallelRemarkEnabled", Kind.SWITCH, null, Span.CMS),
  CMS_INCREMENTAL_MODE("CMSIncrementalMode", Kind.SWITCH, null, new Span(5, 8, "incremental CMS was removed in JDK 9")),
  PAR_GC_CARDS_PER_STRIDE_CHUNK("ParGCCardsPerStrideChunk", Kind.NUMBER, null,
      new Span(5, 13, "ParNew was removed with CMS in JDK 14")),
  /** On by default where it helps (G1 since JDK 10 ergonomics); deprecated in JDK 26. */
  PARALLEL_REF_PROC_ENABLED("ParallelRefProcEnabled", Kind.SWITCH, null, null, 26),
  SCAVENGE_BEFORE_FULL_GC("ScavengeBeforeFullGC", Kind.SWITCH, null, null),
  DISABLE_EXPLICIT_GC("DisableExplicitGC", Kind.SWITCH, null, null),
  EXPLICIT_GC_INVOKES_CONCURRENT("ExplicitGCInvokesConcurrent", Kind.SWITCH, null, null),
  USE_STRING_DEDUPLICATION("UseStringDeduplication", Kind.SWITCH, null,
      new Span(8, Span.LATEST, "string deduplication exists from JDK 8u20")),
  /** Compact object headers (8-byte headers instead of 12-16): experimental in 24, a product option from 25. */
  USE_COMPACT_OBJECT_HEADERS("UseCompactObjectHeaders", Kind.SWITCH, null,
      new Span(25, Span.LATEST, "compact object headers are a product option from JDK 25 (experimental in 24)")),

  /** Deprecated in JDK 25, obsolete from 26: class pointers are always compressed there. */
  USE_COMPRESSED_CLASS_POINTERS("UseCompressedClassPointers", Kind.SWITCH, null,
      new Span(6, 25, "UseCompressedClassPointers is obsolete from JDK 26 (class pointers are always compressed)"), 25),
  /** Chooses the locking implementation in JDK 21-25; deprecated in 24, obsolete from 26. */
  LOCKING_MODE("LockingMode", Kind.NUMBER, null,
      new Span(21, 25, "LockingMode exists in JDK 21-25 (obsolete from 26, lightweight locking only)"), 24),

  // the operating system's memory
  ALWAYS_PRE_TOUCH("AlwaysPreTouch", Kind.SWITCH, null, null),
  USE_LARGE_PAGES("UseLargePages", Kind.SWITCH, null, null),
  USE_TRANSPARENT_HUGE_PAGES("UseTransparentHugePages", Kind.SWITCH, null, null),

  UNLOCK_EXPERIMENTAL_VM_OPTIONS("UnlockExperimentalVMOptions", Kind.SWITCH, null, null),
  UNLOCK_DIAGNOSTIC_VM_OPTIONS("UnlockDiagnosticVMOptions", Kind.SWITCH, null, null);

  /** The newest JDK the catalogue knows; a range "N or later" ends here. */
  public static final int LATEST_JDK = Span.LATEST;

  /** The options that choose a collector, in the order a configuration is searched for its choice. */
  public static final List<JvmOption> COLLECTOR_CHOICES = List.of(USE_G1_GC, USE_CONC_MARK_SWEEP_GC, USE_PARALLEL_GC,
      USE_PARALLEL_OLD_GC, USE_SERIAL_GC, USE_ZGC, USE_SHENANDOAH_GC, USE_PAR_NEW_GC, USE_EPSILON_GC);

  /** What an option's value is: on/off, a size in bytes (k, m, g suffixes), a number, or text. */
  public enum Kind { SWITCH, SIZE, NUMBER, TEXT }

  /**
   * The JDKs that have an option: {@code since} to {@code until} inclusive ({@code until} =
   * {@link #LATEST_JDK} while it is still there), and why it is missing elsewhere.
   */
  public record Span(int since, int until, String why) {
    /*
     * Sources: JEP 122 (PermGen removed, Metaspace in 8), JEP 214 (iCMS and DefNew+CMS combinations
     * removed in 9), JEP 291/363 (CMS deprecated in 9, removed in 14, ParNew with it: -XX:+UseParNewGC
     * alone was removed in 10), JEP 333/377 (ZGC experimental in 11, product in 15), JEP 439/474/490
     * (generational ZGC by -XX:+ZGenerational in 21-23; the flag is obsolete from 24, where ZGC is
     * always generational), JEP 189/379 (Shenandoah in OpenJDK 12, product in 15; some vendors'
     * 8 and 11 builds have it, Oracle's builds never do: the catalogue does not assume it there),
     * JDK-8229492 (UseParallelOldGC deprecated in 14, gone from 15), JEP 450/519 (compact object
     * headers experimental in 24, product in 25), and for JDK 24-26 the special-flags table of
     * HotSpot's arguments.cpp: LockingMode deprecated in 24, UseCompressedClassPointers and
     * ShenandoahPacing deprecated in 25, all three obsolete in 26, ParallelRefProcEnabled deprecated
     * in 26. The JDK 17 and 25 rows (deprecation warnings included) are checked against real JVMs by
     * JvmOptionJdkTest (experiment module).
     */
    static final int LATEST = 26;
    static final Span CMS = new Span(5, 13, "CMS was removed in JDK 14");
    static final Span G1 = new Span(7, LATEST, "G1 exists from JDK 7");
    static final Span PERM_GEN = new Span(5, 7, "the permanent generation was replaced by Metaspace in JDK 8");

    public boolean covers(int major) {
      return major >= since && major <= until;
    }
  }

  private static final Map<String, JvmOption> BY_NAME = new HashMap<>();

  static {
    for (JvmOption o : values()) {
      BY_NAME.put(o.option, o);
    }
  }

  private final String option;
  private final Kind kind;
  private final String shortForm;
  private final Span span;
  private final int deprecatedIn;

  JvmOption(String option, Kind kind, String shortForm, Span span) {
    this(option, kind, shortForm, span, 0);
  }

  JvmOption(String option, Kind kind, String shortForm, Span span, int deprecatedIn) {
    this.option = option;
    this.kind = kind;
    this.shortForm = shortForm;
    this.span = span;
    this.deprecatedIn = deprecatedIn;
  }

  /**
   * The JDK that deprecated the option (it still works there, with a warning, until it becomes
   * obsolete), or 0 when it is not deprecated in any JDK the catalogue knows.
   */
  public int deprecatedIn() {
    return deprecatedIn;
  }

  /** Whether some JDK of {@code jdk} warns that the option is deprecated. */
  public boolean deprecatedInSome(JdkRange jdk) {
    return deprecatedIn > 0 && jdk.max() >= deprecatedIn && existsIn(Math.max(jdk.min(), deprecatedIn));
  }

  /** The option by its HotSpot name ("MaxHeapSize", "UseG1GC", "Xmn"), if the catalogue has it. */
  public static Optional<JvmOption> named(String option) {
    return Optional.ofNullable(BY_NAME.get(option));
  }

  /** The option of a short form's letters ("mx" for -Xmx), if one has them. */
  public static Optional<JvmOption> byShortForm(String letters) {
    for (JvmOption o : values()) {
      if (o.shortForm != null && o.shortForm.equals("-X" + letters)) {
        return Optional.of(o);
      }
    }
    return Optional.empty();
  }

  /** The HotSpot name, as in {@code -XX:+PrintFlagsFinal}. */
  public String option() {
    return option;
  }

  public Kind kind() {
    return kind;
  }

  /** The short form ({@code -Xmx}, {@code -Xms}, {@code -Xmn}, {@code -Xss}), or null when there is none. */
  public String shortForm() {
    return shortForm;
  }

  /** The JDKs that have the option, or empty when every targeted JDK has it. */
  public Optional<Span> span() {
    return Optional.ofNullable(span);
  }

  /** Whether JDK {@code major} has the option. */
  public boolean existsIn(int major) {
    return span == null || span.covers(major);
  }

  /** Whether every JDK of {@code jdk} has the option. */
  public boolean existsInAll(JdkRange jdk) {
    return span == null || span.since() <= jdk.min() && span.until() >= jdk.max();
  }

  /** Whether the option chooses a collector. */
  public boolean choosesCollector() {
    return COLLECTOR_CHOICES.contains(this);
  }

  /** {@code -XX:+Name}. */
  public String on() {
    return "-XX:+" + switchName();
  }

  /** {@code -XX:-Name}. */
  public String off() {
    return "-XX:-" + switchName();
  }

  private String switchName() {
    if (kind != Kind.SWITCH) {
      throw new IllegalStateException(option + " is not a switch");
    }
    return option;
  }

  /** The option set to {@code value}: its short form followed by the value, else {@code -XX:Name=value}. */
  public String set(String value) {
    if (kind == Kind.SWITCH) {
      throw new IllegalStateException(option + " is a switch");
    }
    return shortForm != null ? shortForm + value : "-XX:" + option + "=" + value;
  }

  /** The option set to a number. */
  public String set(long value) {
    return set(String.valueOf(value));
  }

  /** A size option set to {@code bytes}, written as the JVM reads it ("2g", "640m", "1536k"). */
  public String size(long bytes) {
    if (kind != Kind.SIZE) {
      throw new IllegalStateException(option + " is not a size");
    }
    return set(ByteSize.flagValue(bytes));
  }
}
