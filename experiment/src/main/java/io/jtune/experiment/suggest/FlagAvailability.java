package io.jtune.experiment.suggest;

import java.util.Map;
import java.util.Optional;

/**
 * Which HotSpot JDKs have an option the advisor may suggest: a small table of the options whose
 * presence changed between JDK 6 and 25. An option not in the table exists in every JDK the
 * advisor targets (-Xmn, SurvivorRatio, AlwaysPreTouch, MaxGCPauseMillis, ...).
 */
public final class FlagAvailability {
  /** The newest JDK the table knows; a range "N or later" ends here. */
  public static final int LATEST = 25;

  /**
   * The JDKs that have an option: {@code since} to {@code until} inclusive ({@code until} =
   * {@link #LATEST} while it is still there), and why it is missing elsewhere.
   */
  public record Span(int since, int until, String why) {
    public boolean covers(int major) {
      return major >= since && major <= until;
    }
  }

  /*
   * Sources: JEP 122 (PermGen removed, Metaspace in 8), JEP 214 (iCMS and DefNew+CMS combinations
   * removed in 9), JEP 291/363 (CMS deprecated in 9, removed in 14, ParNew with it: -XX:+UseParNewGC
   * alone was removed in 10), JEP 333/377 (ZGC experimental in 11, product in 15), JEP 439/474/490
   * (generational ZGC by -XX:+ZGenerational in 21-23; the flag is obsolete from 24, where ZGC is
   * always generational), JEP 189/379 (Shenandoah in OpenJDK 12, product in 15; some vendors'
   * 8 and 11 builds have it, Oracle's builds never do: the table does not assume it there),
   * JDK-8229492 (UseParallelOldGC deprecated in 14, gone from 15). The JDK 17 and 25 rows are
   * checked against real JVMs' -XX:+PrintFlagsFinal by FlagAvailabilityTest.
   */
  private static final Span CMS = new Span(5, 13, "CMS was removed in JDK 14");
  private static final Map<String, Span> TABLE = Map.ofEntries(
      Map.entry("UseConcMarkSweepGC", CMS),
      Map.entry("CMSInitiatingOccupancyFraction", CMS),
      Map.entry("UseCMSInitiatingOccupancyOnly", CMS),
      Map.entry("CMSScavengeBeforeRemark", CMS),
      Map.entry("CMSClassUnloadingEnabled", CMS),
      Map.entry("CMSParallelRemarkEnabled", CMS),
      Map.entry("ParGCCardsPerStrideChunk", new Span(5, 13, "ParNew was removed with CMS in JDK 14")),
      Map.entry("CMSIncrementalMode", new Span(5, 8, "incremental CMS was removed in JDK 9")),
      Map.entry("UseParNewGC", new Span(5, 9, "-XX:+UseParNewGC was removed in JDK 10")),
      Map.entry("UseParallelOldGC", new Span(5, 14, "UseParallelOldGC was removed in JDK 15 (UseParallelGC implies it)")),
      Map.entry("PermSize", new Span(5, 7, "the permanent generation was replaced by Metaspace in JDK 8")),
      Map.entry("MaxPermSize", new Span(5, 7, "the permanent generation was replaced by Metaspace in JDK 8")),
      Map.entry("MetaspaceSize", new Span(8, LATEST, "Metaspace exists from JDK 8 (PermSize before)")),
      Map.entry("MaxMetaspaceSize", new Span(8, LATEST, "Metaspace exists from JDK 8 (MaxPermSize before)")),
      Map.entry("UseG1GC", new Span(7, LATEST, "G1 exists from JDK 7")),
      Map.entry("G1HeapRegionSize", new Span(7, LATEST, "G1 exists from JDK 7")),
      Map.entry("UseStringDeduplication", new Span(8, LATEST, "string deduplication exists from JDK 8u20")),
      Map.entry("UseZGC", new Span(11, LATEST, "ZGC exists from JDK 11")),
      Map.entry("ZGenerational", new Span(21, 23, "generational ZGC is chosen by -XX:+ZGenerational only in JDK 21-23")),
      Map.entry("UseShenandoahGC", new Span(12, LATEST, "Shenandoah is in OpenJDK from 12 (only some vendors' 8 and 11 builds)")),
      Map.entry("UseEpsilonGC", new Span(11, LATEST, "Epsilon exists from JDK 11")));

  private FlagAvailability() {}

  /** The JDKs that have the option of {@code flag}, or empty when every targeted JDK has it. */
  public static Optional<Span> span(String flag) {
    return Optional.ofNullable(TABLE.get(FlagSet.option(flag)));
  }

  /** Whether JDK {@code major} has the option of {@code flag}. */
  public static boolean available(String flag, int major) {
    return span(flag).map(s -> s.covers(major)).orElse(true);
  }

  /** Whether every JDK of the target has the option of {@code flag}. */
  public static boolean available(String flag, JdkRange jdk) {
    return span(flag).map(s -> s.since() <= jdk.min() && s.until() >= jdk.max()).orElse(true);
  }

  /** Why the target lacks the option, such as "CMS was removed in JDK 14"; empty when it has it. */
  public static String whyMissing(String flag, JdkRange jdk) {
    return available(flag, jdk) ? "" : span(flag).map(Span::why).orElse("");
  }

  /** The options the table knows, for tests. */
  static Map<String, Span> table() {
    return TABLE;
  }
}
