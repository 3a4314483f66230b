package io.jtune.runtime.container;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The groups a jtune left behind when it was killed (SIGKILL gives no shutdown hook a chance):
 * named {@code jtune-<pid>-<n>} with a pid that no longer runs. Their processes are killed and
 * the groups removed.
 */
final class StaleGroups {
  private static final Pattern NAME = Pattern.compile("jtune-(\\d+)-\\d+");

  private StaleGroups() {}

  /** Removes the stale groups in {@code layout}'s hierarchies; returns how many directories it removed. */
  static int remove(CgroupLayout layout) {
    int removed = 0;
    for (Path parent : layout.parents()) {
      for (Path dir : list(parent)) {
        Matcher m = NAME.matcher(dir.getFileName().toString());
        if (m.matches() && !running(Long.parseLong(m.group(1)))) {
          GroupDirs.empty(layout, List.of(dir), 0);
          removed += GroupDirs.remove(dir) ? 1 : 0;
        }
      }
    }
    return removed;
  }

  private static boolean running(long pid) {
    return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }

  private static List<Path> list(Path parent) {
    try (Stream<Path> dirs = Files.list(parent)) {
      return dirs.filter(Files::isDirectory).toList();
    } catch (IOException e) {
      return List.of();
    }
  }
}
