package io.jtune.runtime.container;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * cgroup v2: one hierarchy for every controller. A group is one directory under {@code root}
 * (whose {@code cgroup.subtree_control} must enable memory and cpu for its children) with
 * {@code memory.max}, {@code memory.swap.max} 0 (when the kernel accounts swap) and
 * {@code cpu.max} ({@code "QUOTA PERIOD"} in microseconds, period 100 ms).
 *
 * @param root the directory new groups are made in
 */
public record CgroupV2(Path root) implements CgroupLayout {
  @Override
  public int version() {
    return 2;
  }

  @Override
  public List<Path> parents() {
    return List.of(root);
  }

  @Override
  public List<Path> create(String name, ContainerLimits limits) throws IOException {
    List<String> needed = new ArrayList<>();
    if (limits.memory() != null) {
      needed.add("memory");
    }
    if (limits.cpus() != null) {
      needed.add("cpu");
    }
    List<String> available = words(root.resolve("cgroup.controllers"));
    List<String> enabled = words(root.resolve("cgroup.subtree_control"));
    List<String> enable = new ArrayList<>();
    for (String controller : needed) {
      if (!available.contains(controller)) {
        throw new CgroupProblem("a " + (controller.equals("cpu") ? "CPU" : controller) + " limit needs the cgroup v2 "
            + controller + " controller, which " + root + " does not offer (cgroup.controllers)");
      }
      if (!enabled.contains(controller)) {
        enable.add("+" + controller);
      }
    }
    if (!enable.isEmpty()) {
      CgroupFiles.write(root.resolve("cgroup.subtree_control"), String.join(" ", enable));
    }
    List<Path> made = new ArrayList<>();
    try {
      Path dir = GroupDirs.make(root.resolve(name), made);
      if (limits.memory() != null) {
        CgroupFiles.write(dir.resolve("memory.max"), Long.toString(limits.memory().bytes()));
        CgroupFiles.writeIfPresent(dir.resolve("memory.swap.max"), "0");
      }
      if (limits.cpus() != null) {
        long period = CgroupV1.PERIOD_MICROS;
        CgroupFiles.write(dir.resolve("cpu.max"), limits.cpus().quotaMicros(period) + " " + period);
      }
      return made;
    } catch (IOException e) {
      GroupDirs.removeQuietly(made);
      throw e;
    }
  }

  @Override
  public ContainerStats stats(List<Path> dirs) {
    Path dir = dirs.get(0);
    long limit = CgroupFiles.number(dir.resolve("memory.max"));
    Map<String, Long> events = CgroupFiles.keyValues(dir.resolve("memory.events"));
    Map<String, Long> cpu = CgroupFiles.keyValues(dir.resolve("cpu.stat"));
    return new ContainerStats(limit == Long.MAX_VALUE ? -1 : limit, CgroupFiles.number(dir.resolve("memory.peak")),
        events.getOrDefault("oom_kill", -1L), events.getOrDefault("max", -1L),
        cpu.getOrDefault("nr_periods", -1L), cpu.getOrDefault("nr_throttled", -1L),
        cpu.getOrDefault("throttled_usec", -1L));
  }

  @Override
  public void killAll(Path dir) {
    Path kill = dir.resolve("cgroup.kill");
    if (Files.exists(kill)) {
      try {
        CgroupFiles.write(kill, "1");
      } catch (IOException e) {
        // the tasks are killed one by one instead
      }
    }
  }

  private static List<String> words(Path file) {
    return CgroupFiles.lines(file).stream().flatMap(l -> List.of(l.trim().split("\\s+")).stream())
        .filter(w -> !w.isEmpty()).toList();
  }
}
