package io.jtune.gc.fleet;

import io.jtune.gc.input.RotationStem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * What {@code --each} analyzes one by one: every file named, and every file in a directory
 * named and the directories below it (a tree of hosts' log folders), in path order; the files of one rotated set (same directory, same
 * {@link RotationStem}) stay one unit, read as one timeline. A unit may still hold several JVM
 * lifetimes (a restart inside one log); each becomes a row.
 */
public final class FleetUnits {
  private FleetUnits() {}

  /** The units of the arguments, in the order named (a directory's files in path order). */
  public static List<List<String>> of(List<String> args) {
    Map<String, List<String>> units = new LinkedHashMap<>();
    for (String arg : args) {
      Path p = Path.of(arg);
      if (arg.equals("-") || !Files.isDirectory(p)) {
        add(units, p, arg);
        continue;
      }
      try (Stream<Path> s = Files.walk(p)) {
        for (Path f : s.filter(Files::isRegularFile).filter(f -> !hidden(p.relativize(f))).sorted().toList()) {
          add(units, f, f.toString());
        }
      } catch (IOException e) {
        add(units, p, arg); // the analysis names the problem
      }
    }
    return List.copyOf(units.values());
  }

  /** Whether a file or a directory on its way is hidden (a dot file, such as .git). */
  private static boolean hidden(Path relative) {
    for (Path part : relative) {
      if (part.toString().startsWith(".")) {
        return true;
      }
    }
    return false;
  }

  private static void add(Map<String, List<String>> units, Path p, String name) {
    Path dir = p.toAbsolutePath().getParent();
    String key = (dir == null ? "" : dir.toString()) + '/' + RotationStem.of(name);
    List<String> unit = units.computeIfAbsent(key, k -> new ArrayList<>());
    if (!unit.contains(name)) {
      unit.add(name);
    }
  }
}
