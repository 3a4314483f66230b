package io.jtune.runtime.container;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * cgroup v1: the memory and cpu controllers each have their own hierarchy. A group is a
 * directory of the same name in each hierarchy the limits need: memory gets
 * {@code memory.limit_in_bytes}, the same for memory plus swap ({@code memory.memsw.limit_in_bytes},
 * when the kernel accounts swap) and {@code memory.swappiness} 0, so the limit is not stretched
 * by swapping; cpu gets a quota of {@code cpu.cfs_quota_us} per {@code cpu.cfs_period_us} of 100 ms.
 *
 * @param memoryRoot the memory hierarchy's directory new groups are made in, or null when not mounted
 * <p>{@code limitHits} counts the failed charges of memory and of memory plus swap, whichever
 * is larger.
 *
 * @param cpuRoot the cpu hierarchy's directory, or null when not mounted
 */
public record CgroupV1(Path memoryRoot, Path cpuRoot) implements CgroupLayout {
  /** The CFS period, as Kubernetes and Docker set it. */
  public static final long PERIOD_MICROS = 100_000;

  @Override
  public int version() {
    return 1;
  }

  @Override
  public List<Path> parents() {
    List<Path> parents = new ArrayList<>();
    if (memoryRoot != null) {
      parents.add(memoryRoot);
    }
    if (cpuRoot != null) {
      parents.add(cpuRoot);
    }
    return parents;
  }

  @Override
  public List<Path> create(String name, ContainerLimits limits) throws IOException {
    if (limits.memory() != null && memoryRoot == null) {
      throw new CgroupProblem("a memory limit needs the cgroup memory controller, which is not mounted");
    }
    if (limits.cpus() != null && cpuRoot == null) {
      throw new CgroupProblem("a CPU limit needs the cgroup cpu controller, which is not mounted");
    }
    List<Path> made = new ArrayList<>();
    try {
      if (limits.memory() != null) {
        Path dir = GroupDirs.make(memoryRoot.resolve(name), made);
        String bytes = Long.toString(limits.memory().bytes());
        CgroupFiles.write(dir.resolve("memory.limit_in_bytes"), bytes);
        CgroupFiles.writeIfPresent(dir.resolve("memory.memsw.limit_in_bytes"), bytes);
        CgroupFiles.writeIfPresent(dir.resolve("memory.swappiness"), "0");
      }
      if (limits.cpus() != null) {
        Path dir = GroupDirs.make(cpuRoot.resolve(name), made);
        CgroupFiles.write(dir.resolve("cpu.cfs_period_us"), Long.toString(PERIOD_MICROS));
        CgroupFiles.write(dir.resolve("cpu.cfs_quota_us"), Long.toString(limits.cpus().quotaMicros(PERIOD_MICROS)));
      }
      return made;
    } catch (IOException e) {
      GroupDirs.removeQuietly(made);
      throw e;
    }
  }

  @Override
  public ContainerStats stats(List<Path> dirs) {
    long limit = -1;
    long peak = -1;
    long ooms = -1;
    long hits = -1;
    long periods = -1;
    long throttled = -1;
    long throttledMicros = -1;
    for (Path dir : dirs) {
      if (Files.exists(dir.resolve("memory.limit_in_bytes"))) {
        limit = CgroupFiles.number(dir.resolve("memory.limit_in_bytes"));
        peak = CgroupFiles.number(dir.resolve("memory.max_usage_in_bytes"));
        ooms = CgroupFiles.keyValues(dir.resolve("memory.oom_control")).getOrDefault("oom_kill", -1L);
        // with swap accounted, a charge fails at the memory+swap counter first (its limit is the same)
        hits = Math.max(CgroupFiles.number(dir.resolve("memory.failcnt")),
            CgroupFiles.number(dir.resolve("memory.memsw.failcnt")));
      }
      if (Files.exists(dir.resolve("cpu.cfs_quota_us"))) {
        Map<String, Long> stat = CgroupFiles.keyValues(dir.resolve("cpu.stat"));
        periods = stat.getOrDefault("nr_periods", -1L);
        throttled = stat.getOrDefault("nr_throttled", -1L);
        long nanos = stat.getOrDefault("throttled_time", -1L);
        throttledMicros = nanos < 0 ? -1 : nanos / 1000;
      }
    }
    return new ContainerStats(limit, peak, ooms, hits, periods, throttled, throttledMicros);
  }
}
