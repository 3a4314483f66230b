package io.jtune.runtime.process;

import io.jtune.common.JtuneException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Asks a running JVM a diagnostic command through the JDK's {@code jcmd} (no agent, no restart):
 * {@code VM.flags}, {@code VM.info}, {@code Thread.print}. The JVM must run as the same user.
 */
public final class Jcmd {
  private Jcmd() {}

  /** The output lines of {@code jcmd PID COMMAND}; a one-line {@link JtuneException} when it fails. */
  public static List<String> run(long pid, String command, Duration timeout) {
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    if (!Files.isExecutable(jcmd)) {
      throw new JtuneException("asking JVM " + pid + " needs jcmd, which this Java (" + System.getProperty("java.home")
          + ") does not have: run jtune on a JDK");
    }
    ChildProcess.Finished f = ChildProcess.run(ProcessSpec.of("jcmd " + pid + " " + command,
        List.of(jcmd.toString(), Long.toString(pid), command)).withTimeout(timeout));
    List<String> lines = f.allLines();
    if (f.exitCode() != 0) {
      throw new JtuneException("jcmd " + pid + " " + command + " failed: " + firstLine(lines));
    }
    return lines;
  }

  private static String firstLine(List<String> lines) {
    for (String l : lines) {
      if (!l.isBlank()) {
        return l.strip();
      }
    }
    return "no output";
  }
}
