package io.jtune.experiment.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The options a running JVM was started with, as its launcher and the VM read them: its command
 * line ({@code /proc/PID/cmdline}, with {@code @argfiles} expanded against its working directory)
 * and the variables the JVM reads options from ({@code JDK_JAVA_OPTIONS}, {@code JAVA_TOOL_OPTIONS},
 * {@code _JAVA_OPTIONS}, from {@code /proc/PID/environ}).
 */
final class JvmArguments {
  private static final List<String> OPTION_VARIABLES = List.of("JDK_JAVA_OPTIONS", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS");
  /** Launcher options whose value is the next argument. */
  private static final Set<String> WITH_VALUE = Set.of("-cp", "-classpath", "--class-path", "-p", "--module-path",
      "--upgrade-module-path", "--add-modules", "--add-opens", "--add-exports", "--add-reads", "--patch-module",
      "--limit-modules", "--enable-native-access");

  private final long pid;
  private final List<String> commandLine;
  private final List<String> options;

  private JvmArguments(long pid, List<String> commandLine, List<String> options) {
    this.pid = pid;
    this.commandLine = commandLine;
    this.options = options;
  }

  /** The JVM's arguments, or empty when the system does not tell them (no /proc). */
  static Optional<JvmArguments> of(long pid) {
    Path proc = Path.of("/proc", Long.toString(pid));
    List<String> cmd;
    try {
      cmd = split0(Files.readAllBytes(proc.resolve("cmdline")));
    } catch (IOException | SecurityException e) {
      return Optional.empty();
    }
    if (cmd.isEmpty()) {
      return Optional.empty();
    }
    List<String> all = new ArrayList<>();
    try {
      for (String v : split0(Files.readAllBytes(proc.resolve("environ")))) {
        int eq = v.indexOf('=');
        if (eq > 0 && OPTION_VARIABLES.contains(v.substring(0, eq))) {
          all.addAll(words(v.substring(eq + 1)));
        }
      }
    } catch (IOException | SecurityException e) {
      // the variables are a second way in; the command line is the first
    }
    for (String a : cmd.subList(1, cmd.size())) {
      if (a.startsWith("@") && a.length() > 1) {
        all.addAll(argFile(proc, a.substring(1)));
      }
      all.add(a);
    }
    return Optional.of(new JvmArguments(pid, cmd, all));
  }

  long pid() {
    return pid;
  }

  /** Every option the JVM got, from its command line and its option variables. */
  List<String> options() {
    return options;
  }

  /** The first of {@code flags} the JVM did not get, or null when it got them all. */
  String firstMissing(List<String> flags) {
    return flags.stream().filter(f -> !options.contains(f)).findFirst().orElse(null);
  }

  /** Whether some option mentions {@code text} (a path given inside a logging option). */
  boolean mentions(String text) {
    return options.stream().anyMatch(o -> o.contains(text));
  }

  /**
   * "java ... app.Main worker" or "java ... -jar app.jar serve": the program and its first
   * argument, without the JVM's options.
   */
  String describe() {
    String exe = Path.of(commandLine.get(0)).getFileName().toString();
    for (int i = 1; i < commandLine.size(); i++) {
      String a = commandLine.get(i);
      if ((a.equals("-jar") || a.equals("-m") || a.equals("--module")) && i + 1 < commandLine.size()) {
        return exe + " ... " + a + " " + commandLine.get(i + 1) + firstArgument(i + 2);
      }
      if (WITH_VALUE.contains(a)) {
        i++;
      } else if (!a.startsWith("-") && !a.startsWith("@")) {
        return exe + " ... " + a + firstArgument(i + 1);
      }
    }
    return exe;
  }

  private String firstArgument(int i) {
    return i < commandLine.size() ? " " + commandLine.get(i) : "";
  }

  private static List<String> argFile(Path proc, String name) {
    try {
      Path f = proc.resolve("cwd").resolve(name);
      return words(Files.readString(f, StandardCharsets.UTF_8));
    } catch (IOException | RuntimeException e) {
      return List.of();
    }
  }

  private static List<String> split0(byte[] bytes) {
    String s = new String(bytes, StandardCharsets.UTF_8);
    return Arrays.stream(s.split("\0")).filter(x -> !x.isEmpty()).toList();
  }

  /** Words split at white space, quotes ('...' or "...") keeping theirs together, as the JVM reads option variables. */
  static List<String> words(String s) {
    List<String> out = new ArrayList<>();
    StringBuilder w = new StringBuilder();
    boolean inWord = false;
    char quote = 0;
    for (char ch : s.toCharArray()) {
      if (quote != 0) {
        if (ch == quote) {
          quote = 0;
        } else {
          w.append(ch);
        }
      } else if (ch == '\'' || ch == '"') {
        quote = ch;
        inWord = true;
      } else if (Character.isWhitespace(ch)) {
        if (inWord) {
          out.add(w.toString());
          w.setLength(0);
          inWord = false;
        }
      } else {
        w.append(ch);
        inWord = true;
      }
    }
    if (inWord) {
      out.add(w.toString());
    }
    return out;
  }
}
