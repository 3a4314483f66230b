package io.jtune.experiment.suggest;

import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.event.Collector;
import io.jtune.gc.parser.LogFormat;
import io.jtune.gc.parser.ParseReport;

/**
 * The JDK the suggested flags must run on: one major version, or a range when the log does not
 * say which (a unified log without a version line is "9 or later"). A flag is suggested only
 * when every JDK of the range has it.
 *
 * @param min the oldest major version
 * @param max the newest major version ({@link FlagAvailability#LATEST} for "or later")
 * @param source where it comes from, in words ("from the log", "--jdk")
 */
public record JdkRange(int min, int max, String source) {

  public JdkRange {
    if (min < 1 || max < min) {
      throw new IllegalArgumentException("bad JDK range " + min + ".." + max);
    }
  }

  public static JdkRange exactly(int major, String source) {
    return new JdkRange(major, major, source);
  }

  /**
   * The JDK the log was written by: its version line, else what its format and collector imply
   * (unified logging is JDK 9 or later, with CMS 9-13; the older format is taken as JDK 8, its
   * last and most common JDK).
   */
  public static JdkRange of(Analysis a) {
    int major = a.javaMajor();
    if (major > 0) {
      return exactly(major, "from the log");
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
        return new JdkRange(21, FlagAvailability.LATEST, "a generational ZGC log without a version line; give --jdk N");
      }
      if (c == Collector.ZGC) {
        return new JdkRange(11, FlagAvailability.LATEST, "a ZGC log without a version line; give --jdk N");
      }
      return new JdkRange(9, FlagAvailability.LATEST, "a unified log without a version line; give --jdk N");
    }
    return exactly(8, "assumed for a JDK 8-style log without a version line; give --jdk N");
  }

  public boolean isExact() {
    return min == max;
  }

  /** Whether every JDK of the range is at least {@code major}. */
  public boolean atLeast(int major) {
    return min >= major;
  }

  /** "JDK 17", "JDK 9 or later" or "JDK 9-13". */
  public String shortName() {
    return isExact() ? "JDK " + min
        : max >= FlagAvailability.LATEST ? "JDK " + min + " or later" : "JDK " + min + "-" + max;
  }

  /** "JDK 17 (from the log)" or "JDK 9 or later (...)". */
  public String describe() {
    return shortName() + " (" + source + ")";
  }
}
