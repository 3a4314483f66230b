package io.jtune.runtime.process;

import io.jtune.common.JtuneException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What to run in a child JVM: {@code java <jvmFlags> -jar <jar> <args>} with a chosen JDK.
 *
 * <p>The command is built in this fixed order, so that a later flag never hides an earlier
 * one by accident:
 * <ol>
 *   <li>{@code <javaHome>/bin/java}</li>
 *   <li>the JVM flags, in the given order (when a flag repeats, the JVM keeps the last)</li>
 *   <li>{@code -jar <jar>}</li>
 *   <li>the application arguments, in the given order</li>
 *   <li>{@code <parentPidOption> <jtune's pid>}, when a parent-pid option is named, so the
 *       child can exit by itself if jtune dies without a chance to stop it</li>
 * </ol>
 *
 * @param javaHome the JDK or JRE home whose {@code bin/java} runs the child
 * @param jvmFlags flags for the child JVM, such as {@code -Xmx256m}
 * @param jar the runnable jar
 * @param args arguments for the jar's main class
 * @param parentPidOption option that passes jtune's pid to the child, or {@code null}
 * @param workDir the child's working directory
 */
public record ChildJvmSpec(
    Path javaHome, List<String> jvmFlags, Path jar, List<String> args, String parentPidOption, Path workDir) {

  public ChildJvmSpec {
    Objects.requireNonNull(javaHome, "javaHome");
    Objects.requireNonNull(jar, "jar");
    Objects.requireNonNull(workDir, "workDir");
    jvmFlags = List.copyOf(jvmFlags);
    args = List.copyOf(args);
  }

  /** The JDK running jtune now. */
  public static Path currentJavaHome() {
    return Path.of(System.getProperty("java.home"));
  }

  /**
   * How to run it as a {@link ChildProcess} with jtune as the parent; throws
   * {@link JtuneException} if there is no java executable in the JDK home.
   */
  public ProcessSpec processSpec() {
    Path java = javaHome.resolve("bin").resolve("java");
    if (!Files.isExecutable(java)) {
      throw new JtuneException("no java executable at " + java + " (check the JDK home)");
    }
    return ProcessSpec.of("child JVM", command(ProcessHandle.current().pid())).in(workDir);
  }

  /** The command line, in the documented order, for a parent with the given pid. */
  public List<String> command(long parentPid) {
    List<String> command = new ArrayList<>();
    command.add(javaHome.resolve("bin").resolve("java").toString());
    command.addAll(jvmFlags);
    command.add("-jar");
    command.add(jar.toString());
    command.addAll(args);
    if (parentPidOption != null) {
      command.add(parentPidOption);
      command.add(Long.toString(parentPid));
    }
    return command;
  }
}
