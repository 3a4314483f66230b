package io.jtune.experiment.suggest;

import io.jtune.common.JtuneException;
import io.jtune.common.jvm.FlagSet;
import io.jtune.runtime.process.Jcmd;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The configuration of a running JVM, read without an agent through {@code jcmd PID VM.flags}:
 * the values the JVM runs with, its ergonomic choices included (heap bounds, young size, the
 * collector), as the heap, generation and GC options a baseline runs ({@link FlagSet#tuning}).
 */
public final class RunningJvmFlags {
  private RunningJvmFlags() {}

  /** The tuning options of JVM {@code pid}; a one-line {@link JtuneException} when it cannot be asked. */
  public static List<String> of(long pid, Duration timeout) {
    List<String> flags = new ArrayList<>();
    for (String line : Jcmd.run(pid, "VM.flags", timeout)) {
      for (String token : line.trim().split("\\s+")) {
        if (token.startsWith("-X")) {
          flags.add(token);
        }
      }
    }
    if (flags.isEmpty()) {
      throw new JtuneException("jcmd " + pid + " VM.flags gave no flags");
    }
    return FlagSet.tuning(flags);
  }
}
