package io.jtune.runtime.container;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Finds the cgroup hierarchies in {@code /proc/self/mountinfo}: v1 when the memory or cpu
 * controller has its own v1 hierarchy (hosts in "hybrid" mode mount an empty v2 tree beside
 * them), else v2 when a cgroup2 file system offers the controllers.
 */
public final class CgroupMounts {
  private CgroupMounts() {}

  /** The layout of this host, if it has cgroups mounted. */
  public static Optional<CgroupLayout> detect() {
    return detect(CgroupFiles.lines(Path.of("/proc/self/mountinfo")));
  }

  /** The layout described by mountinfo {@code lines}. */
  public static Optional<CgroupLayout> detect(List<String> lines) {
    Path memory = null;
    Path cpu = null;
    Path unified = null;
    for (String line : lines) {
      int dash = line.indexOf(" - ");
      if (dash < 0) {
        continue;
      }
      String[] before = line.substring(0, dash).split(" ");
      String[] after = line.substring(dash + 3).split(" ");
      if (before.length < 5 || after.length < 3) {
        continue;
      }
      Path mountPoint = Path.of(unescape(before[4]));
      String type = after[0];
      if (type.equals("cgroup")) {
        List<String> options = List.of(after[2].split(","));
        if (options.contains("memory") && memory == null) {
          memory = mountPoint;
        }
        if (options.contains("cpu") && cpu == null) {
          cpu = mountPoint;
        }
      } else if (type.equals("cgroup2") && unified == null) {
        unified = mountPoint;
      }
    }
    if (memory != null || cpu != null) {
      return Optional.of(new CgroupV1(memory, cpu));
    }
    return Optional.ofNullable(unified).map(CgroupV2::new);
  }

  /** mountinfo writes a space, tab, newline or backslash in a path as an octal escape ({@code \040}). */
  private static String unescape(String s) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' && i + 3 < s.length() && s.substring(i + 1, i + 4).matches("[0-7]{3}")) {
        out.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
        i += 3;
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }
}
