package io.jtune.experiment.run;

import io.jtune.common.JtuneException;
import io.jtune.diagnostics.host.JvmProcess;
import io.jtune.runtime.process.ChildProcess;
import io.jtune.runtime.process.ProcessSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a running JVM's ergonomics chose, asked of the JVM itself: the collector, MaxHeapSize, GC
 * and compiler threads from {@code jcmd PID VM.flags -all} (every flag with its final value), the
 * active processor count from {@code VM.info} (its container section, where the JVM states the
 * count it derived from the CPU quota).
 */
final class JvmErgonomics {
  /** "     uint ParallelGCThreads                        = 0          {product} {default}" ({@code :=} when set). */
  private static final Pattern FLAG = Pattern.compile("^\\s*\\S+\\s+(\\w+)\\s+:?=\\s*(\\S*)");
  private static final List<String> COLLECTORS = List.of("Serial", "Parallel", "G1", "Z", "Shenandoah", "Epsilon");
  private static final Duration TIMEOUT = Duration.ofSeconds(30);
  /** Where a run keeps {@code jcmd VM.flags -all}'s output. */
  static final String FLAGS_FILE = "jvm-flags.txt";

  private JvmErgonomics() {}

  /**
   * The JVM's choices, or null when it cannot be asked (attach disabled, it exited, no jcmd); the
   * flags' whole list is kept in {@code dir} ({@value #FLAGS_FILE}).
   */
  static RunResult.Ergonomics read(long pid, Path dir) {
    try {
      List<String> flags = jcmd(pid, "VM.flags -all", dir.resolve(FLAGS_FILE));
      // VM.info lists the service's environment variables, which may hold secrets: read, never kept
      Path info = Files.createTempFile(dir, "vm-info", ".txt");
      List<String> infoLines;
      try {
        infoLines = jcmd(pid, "VM.info", info);
      } finally {
        Files.deleteIfExists(info);
      }
      return flags.isEmpty() ? null : parse(flags, infoLines);
    } catch (JtuneException | IOException e) {
      return null;
    }
  }

  /** {@code jcmd PID COMMAND} with its whole output in {@code file} (hundreds of lines: more than a process tail keeps). */
  private static List<String> jcmd(long pid, String command, Path file) throws IOException {
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    if (!Files.isExecutable(jcmd)) {
      return List.of();
    }
    ChildProcess.Finished f = ChildProcess.run(ProcessSpec.of("jcmd " + pid + " " + command,
        List.of(jcmd.toString(), Long.toString(pid), command)).outputTo(file, file.resolveSibling(file.getFileName()
        + ".err")).withTimeout(TIMEOUT));
    Files.deleteIfExists(file.resolveSibling(file.getFileName() + ".err"));
    return f.exitCode() == 0 ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
  }

  /** The choices from the two commands' output. */
  static RunResult.Ergonomics parse(List<String> flagsAll, List<String> vmInfo) {
    Map<String, String> flags = new HashMap<>();
    for (String line : flagsAll) {
      Matcher m = FLAG.matcher(line);
      if (m.find()) {
        flags.put(m.group(1), m.group(2));
      }
    }
    String collector = null;
    for (String c : COLLECTORS) {
      if ("true".equals(flags.get("Use" + c + "GC"))) {
        collector = c.equals("Z") ? "ZGC" : c;
        break;
      }
    }
    Long cpus = number(flags.get("ActiveProcessorCount"));
    Integer active = cpus != null && cpus > 0 ? Integer.valueOf(cpus.intValue()) : JvmProcess.activeProcessors(vmInfo);
    return new RunResult.Ergonomics(collector, number(flags.get("MaxHeapSize")), active,
        small(flags.get("ParallelGCThreads")), small(flags.get("ConcGCThreads")), small(flags.get("CICompilerCount")));
  }

  private static Integer small(String v) {
    Long n = number(v);
    return n == null ? null : Integer.valueOf(n.intValue());
  }

  private static Long number(String v) {
    try {
      return v == null ? null : Long.valueOf(v);
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
