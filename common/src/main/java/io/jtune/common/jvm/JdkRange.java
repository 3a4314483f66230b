package io.jtune.common.jvm;


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
