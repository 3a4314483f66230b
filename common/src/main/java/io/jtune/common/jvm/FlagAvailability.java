package io.jtune.common.jvm;

import java.util.Optional;

/**
 * Which HotSpot JDKs have the option of a flag, as {@link JvmOption} records it: an option the
 * catalogue gives no JDK span (or does not know) exists in every JDK the advisor targets (-Xmn,
 * SurvivorRatio, AlwaysPreTouch, MaxGCPauseMillis, ...).
 */
public final class FlagAvailability {
  /** The newest JDK the catalogue knows; a range "N or later" ends here. */
  public static final int LATEST = JvmOption.LATEST_JDK;

  private FlagAvailability() {}

  /** The JDKs that have the option of {@code flag}, or empty when every targeted JDK has it. */
  public static Optional<JvmOption.Span> span(String flag) {
    return JvmOption.named(FlagSet.option(flag)).flatMap(JvmOption::span);
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
    return available(flag, jdk) ? "" : span(flag).map(JvmOption.Span::why).orElse("");
  }
}
