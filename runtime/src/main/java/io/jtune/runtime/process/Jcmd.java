package io.jtune.runtime.process;

import io.jtune.common.JtuneException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Asks a running JVM a diagnostic command through the JDK's {@code jcmd} (no agent, no restart):
 * {@code VM.flags}, {@code VM.info}, {@code Thread.print}. The JVM must run as the same user.
 */
public final class Jcmd {
  private Jcmd() {}

  /** The output lines of {@code jcmd PID COMMAND}; a one-line {@link JtuneException} when it fails. */
  public static List<String> run(long pid, String command, Duration timeout) {
    ChildProcess.Finished f = ChildProcess.run(spec(pid, command).withTimeout(timeout));
    return checked(pid, command, f.exitCode(), f.allLines());
  }

  /**
   * The whole output of {@code jcmd PID COMMAND}, however long (an NMT detail report, thousands of
   * lines: {@link #run} keeps the last {@value ChildProcess#TAIL_LINES} only), through a temporary
   * file; a one-line {@link JtuneException} when it fails.
   */
  public static List<String> runWhole(long pid, String command, Duration timeout) {
    Path out = null;
    Path err = null;
    try {
      out = Files.createTempFile("jtune-jcmd-", ".out");
      err = Files.createTempFile("jtune-jcmd-", ".err");
      ChildProcess.Finished f = ChildProcess.run(spec(pid, command).outputTo(out, err).withTimeout(timeout));
      List<String> lines = new ArrayList<>(Files.readAllLines(out, StandardCharsets.UTF_8));
      lines.addAll(Files.readAllLines(err, StandardCharsets.UTF_8));
      return checked(pid, command, f.exitCode(), lines);
    } catch (IOException e) {
      throw new JtuneException("jcmd " + pid + " " + command + ": " + e.getMessage());
    } finally {
      delete(out);
      delete(err);
    }
  }

  private static void delete(Path p) {
    try {
      if (p != null) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      // a temporary file left behind is harmless
    }
  }

  private static ProcessSpec spec(long pid, String command) {
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    if (!Files.isExecutable(jcmd)) {
      throw new JtuneException("asking JVM " + pid + " needs jcmd, which this Java (" + System.getProperty("java.home")
          + ") does not have: run jtune on a JDK");
    }
    return ProcessSpec.of("jcmd " + pid + " " + command, List.of(jcmd.toString(), Long.toString(pid), command));
  }

  private static List<String> checked(long pid, String command, int exitCode, List<String> lines) {
    if (exitCode != 0) {
      throw new JtuneException("jcmd " + pid + " " + command + " failed: " + firstLine(lines));
    }
    return lines;
  }

  private static String firstLine(List<String> lines) {
    for (String l : lines) {
      // jcmd's own "PID:" line says nothing of what failed
      if (!l.isBlank() && !l.strip().matches("\\d+:")) {
        return l.strip();
      }
    }
    return "no output";
  }
}
