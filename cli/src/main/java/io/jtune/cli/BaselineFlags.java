package io.jtune.cli;

import io.jtune.common.JtuneException;
import io.jtune.common.jvm.JvmFlags;
import io.jtune.experiment.suggest.RunningJvmFlags;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The baseline's JVM flags as {@code suggest} and {@code tune} take them: written out with
 * {@code --flags}, or read from the running service with {@code --pid} (jcmd VM.flags); one of
 * the two at most. Without either the command falls back to what it knows (the log header, the
 * lab scenario, the JVM's defaults).
 */
final class BaselineFlags {
  private static final Duration JCMD_TIMEOUT = Duration.ofSeconds(30);

  @Option(names = "--flags", paramLabel = "\"FLAGS\"", parameterConsumer = LiteralValue.class,
      description = "the service's JVM flags now (the baseline); default: what the GC log header states, the lab"
          + " scenario's, or the JVM's defaults")
  String flags;

  @Option(names = "--pid", paramLabel = "PID",
      description = "the running service's JVM: its heap, generation and GC flags (jcmd PID VM.flags) are the baseline")
  Long pid;

  /** Refuses both at once. */
  void validate() {
    if (flags != null && pid != null) {
      throw new JtuneException("--pid and --flags both give the baseline's flags: use one");
    }
  }

  /** Whether the user gave the flags either way. */
  boolean given() {
    return flags != null || pid != null;
  }

  /** The flags as one line: --flags as written, or the running JVM's; null when neither was given. */
  String text() {
    return flags != null ? flags : pid != null ? String.join(" ", RunningJvmFlags.of(pid, JCMD_TIMEOUT)) : null;
  }

  /** The flags one by one: --flags split as a shell would, or the running JVM's; null when neither was given. */
  List<String> list() {
    return flags != null ? JvmFlags.split(flags) : pid != null ? RunningJvmFlags.of(pid, JCMD_TIMEOUT) : null;
  }
}
