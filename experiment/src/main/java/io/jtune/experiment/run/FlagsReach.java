package io.jtune.experiment.run;

import io.jtune.common.JtuneException;
import java.util.List;
import java.util.Optional;

/**
 * Whether the JVM jtune measures is the one that received {@code {jvmFlags}}. A service that
 * starts its worker in a JVM of its own (a watchdog parent and a child with options of its own)
 * gives jtune's flags and GC log to the parent while the child does the work: the runs would
 * measure one JVM and read the log of another, and end in an empty GC log. Checked on the
 * JVM's own command line and option variables ({@link JvmArguments}).
 */
final class FlagsReach {
  private FlagsReach() {}

  /** The measured JVM did not get jtune's flags: one line that says where they went and what to do. */
  static final class NotReceived extends JtuneException {
    NotReceived(String message) {
      super(message);
    }
  }

  /**
   * Checks that the JVM {@code measured} received every flag of {@code flags} (what went into
   * {@code {jvmFlags}}) and, when {@code gcLog} is not null (the command logs to {@code {gcLog}}
   * itself), an option naming that path; {@code javas} are every java process the command runs.
   * Does nothing when the system does not show a JVM's arguments.
   *
   * @throws NotReceived when the measured JVM lacks one
   */
  static void check(long measured, List<Long> javas, List<String> flags, String gcLog) {
    Optional<JvmArguments> m = JvmArguments.of(measured);
    if (m.isEmpty() || (flags.isEmpty() && gcLog == null)) {
      return;
    }
    String missing = missing(m.get(), flags, gcLog);
    if (missing == null) {
      return;
    }
    String what = gcLog != null && flags.isEmpty() ? "the GC logging to {gcLog}" : "{jvmFlags}";
    JvmArguments got = javas.stream().filter(p -> p != measured).map(JvmArguments::of).flatMap(Optional::stream)
        .filter(a -> missing(a, flags, gcLog) == null).findFirst().orElse(null);
    String measuredText = "the JVM jtune measures (pid " + measured + ", " + m.get().describe()
        + ", the deepest java process of the command)";
    if (got != null) {
      throw new NotReceived(measuredText + " did not receive " + what + " (" + missing + "): pid " + got.pid() + " ("
          + got.describe() + ") did, and starts that JVM with options of its own; pass " + what + " through the"
          + " service's own option for its child JVM's arguments (and not to the parent)");
    }
    throw new NotReceived(measuredText + " did not receive " + what + " (" + missing + "); put " + what
        + " where the command gives that JVM its options (for a service that starts its worker JVM itself, its own"
        + " option for the child JVM's arguments)");
  }

  /** The first expected option the JVM lacks (the GC log's path as "-Xlog...PATH"), or null. */
  private static String missing(JvmArguments a, List<String> flags, String gcLog) {
    String flag = a.firstMissing(flags);
    if (flag != null) {
      return flag;
    }
    return gcLog != null && !a.mentions(gcLog) ? "an option naming " + gcLog : null;
  }
}
