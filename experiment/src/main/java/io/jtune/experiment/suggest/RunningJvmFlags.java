package io.jtune.experiment.suggest;

import io.jtune.core.JtuneException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The configuration of a running JVM, read without an agent through {@code jcmd PID VM.flags}:
 * the values the JVM runs with, its ergonomic choices included (heap bounds, young size, the
 * collector), as the heap, generation and GC options a baseline runs ({@link FlagSet#tuning}).
 */
public final class RunningJvmFlags {
  private RunningJvmFlags() {}

  /** The tuning options of JVM {@code pid}; a one-line {@link JtuneException} when it cannot be asked. */
  public static List<String> of(long pid, Duration timeout) {
    String out = jcmd(pid, "VM.flags", timeout);
    List<String> flags = new ArrayList<>();
    for (String line : out.lines().toList()) {
      for (String token : line.trim().split("\\s+")) {
        if (token.startsWith("-XX:") || token.startsWith("-X")) {
          flags.add(token);
        }
      }
    }
    if (flags.isEmpty()) {
      throw new JtuneException("jcmd " + pid + " VM.flags gave no flags: " + firstLine(out));
    }
    return FlagSet.tuning(flags);
  }

  private static String jcmd(long pid, String command, Duration timeout) {
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    if (!Files.isExecutable(jcmd)) {
      throw new JtuneException("reading JVM " + pid + "'s flags needs jcmd, which this Java (" + System.getProperty("java.home")
          + ") does not have: run jtune on a JDK");
    }
    try {
      Path out = Files.createTempFile("jtune-jcmd", ".txt");
      try {
        Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), command)
            .redirectErrorStream(true).redirectOutput(out.toFile()).start();
        try {
          if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new JtuneException("jcmd " + pid + " " + command + " did not answer within " + timeout.toSeconds() + " s");
          }
        } finally {
          p.destroyForcibly();
        }
        String text = Files.readString(out, StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
          throw new JtuneException("jcmd " + pid + " " + command + " failed: " + firstLine(text));
        }
        return text;
      } finally {
        Files.deleteIfExists(out);
      }
    } catch (IOException e) {
      throw new JtuneException("cannot run jcmd for JVM " + pid + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new JtuneException("interrupted while asking JVM " + pid + " for its flags");
    }
  }

  private static String firstLine(String text) {
    String t = text.strip();
    int nl = t.indexOf('\n');
    return nl < 0 ? t : t.substring(0, nl).strip();
  }
}
