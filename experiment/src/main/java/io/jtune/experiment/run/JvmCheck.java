package io.jtune.experiment.run;

import io.jtune.common.JtuneException;
import io.jtune.runtime.process.ChildProcess;
import io.jtune.runtime.process.ProcessSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Asks a JDK whether it accepts a set of flags ({@code java FLAGS -version}), and which major
 * version it is — before any long run starts.
 */
public final class JvmCheck {
  private static final Pattern VERSION = Pattern.compile("version \"(1\\.)?(\\d+)");
  /** HotSpot's warning for an option it knows is gone: "Ignoring option ZGenerational; support was removed in 24.0". */
  private static final Pattern IGNORED = Pattern.compile("warning: Ignoring option (\\w+);(.*)");
  /** "Option UseCompressedClassPointers was deprecated in version 25.0 and will likely be removed in a future release." */
  private static final Pattern DEPRECATED = Pattern.compile("warning: (Option \\w+ was deprecated in version [\\d.]+.*)");

  private JvmCheck() {}

  /**
   * The result: the major version, or the JVM's complaint; and the options the JVM warns are
   * deprecated (they still work: the user is told, the candidate runs).
   */
  public record Result(int major, boolean accepted, String complaint, List<String> deprecations) {
    public Result {
      deprecations = List.copyOf(deprecations);
    }
  }

  public static Result check(Path javaHome, List<String> flags) {
    Path java = javaHome.resolve("bin").resolve("java");
    if (!Files.isExecutable(java)) {
      throw new JtuneException("no java executable at " + java);
    }
    List<String> cmd = new ArrayList<>();
    cmd.add(java.toString());
    cmd.addAll(flags);
    cmd.add("-version");
    ChildProcess.Finished f = ChildProcess.run(ProcessSpec.of(java + " -version", cmd).withTimeout(Duration.ofSeconds(60)));
    List<String> lines = f.allLines().stream().map(String::trim).filter(l -> !l.isEmpty()).toList();
    Matcher m = VERSION.matcher(String.join("\n", lines));
    int major = m.find() ? Integer.parseInt(m.group(2)) : -1;
    if (f.exitCode() != 0) {
      // the JVM's generic lines frame the real complaint: skip them
      String why = lines.stream()
          .filter(l -> !l.startsWith("Error occurred during initialization of VM")
              && !l.startsWith("Error: Could not create the Java Virtual Machine")
              && !l.startsWith("Error: A fatal exception has occurred"))
          .findFirst().orElse(lines.isEmpty() ? "exit code " + f.exitCode() : lines.get(0));
      return new Result(major, false, why, List.of());
    }
    // an option the JVM no longer has but still parses is ignored with a warning and exit code 0:
    // the candidate would run without what it claims to change
    List<String> deprecations = new ArrayList<>();
    for (String l : lines) {
      Matcher ignored = IGNORED.matcher(l);
      if (ignored.find()) {
        return new Result(major, false, "the JVM ignores -XX:" + ignored.group(1) + " (" + ignored.group(2).trim()
            + "): it would run without it", List.of());
      }
      Matcher deprecated = DEPRECATED.matcher(l);
      if (deprecated.find()) {
        deprecations.add(deprecated.group(1));
      }
    }
    return new Result(major, true, "", deprecations);
  }

  /** The JVM flags that make a JDK of {@code major} write a GC log jtune reads, with wall-clock stamps. */
  public static List<String> gcLogFlags(int major, Path gcLog) {
    if (major >= 9 || major < 0) {
      return List.of("-Xlog:gc*,gc+age=trace:file=" + gcLog + ":time,uptime,level,tags");
    }
    return List.of("-Xloggc:" + gcLog, "-XX:+PrintGCDetails", "-XX:+PrintGCDateStamps", "-XX:+PrintGCTimeStamps",
        "-XX:+PrintTenuringDistribution");
  }
}
