package io.jtune.runtime.container;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jtune.common.JtuneException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * cgroup v2 groups against a directory laid out as the kernel documents the unified hierarchy
 * (Documentation/admin-guide/cgroup-v2.rst): this host runs v1, where v2 groups cannot be made.
 */
class CgroupV2Test {
  @TempDir Path root;

  private void kernelRoot(String subtreeControl) throws Exception {
    Files.writeString(root.resolve("cgroup.controllers"), "cpuset cpu io memory hugetlb pids rdma misc\n");
    Files.writeString(root.resolve("cgroup.subtree_control"), subtreeControl);
  }

  @Test
  void aGroupGetsMemoryMaxSwapOffAndACpuQuotaPer100Ms() throws Exception {
    kernelRoot("");
    ContainerGroup group = ContainerGroup.create(ContainerLimits.of("512Mi", "1.5"), new CgroupV2(root));
    Path dir = root.resolve(group.name());
    assertThat(group.version()).isEqualTo(2);
    assertThat(group.directories()).containsExactly(dir);
    assertThat(group.name()).matches("jtune-" + ProcessHandle.current().pid() + "-\\d+");
    assertThat(Files.readString(root.resolve("cgroup.subtree_control"))).isEqualTo("+memory +cpu\n");
    assertThat(Files.readString(dir.resolve("memory.max"))).isEqualTo("536870912\n");
    assertThat(Files.readString(dir.resolve("memory.swap.max"))).isEqualTo("0\n");
    assertThat(Files.readString(dir.resolve("cpu.max"))).isEqualTo("150000 100000\n");
    assertThat(group.wrap(List.of("java", "-version"))).containsExactly("/bin/sh", "-c",
        "echo $$ > '" + dir.resolve("cgroup.procs") + "' && exec \"$@\"", group.name(), "java", "-version");

    // the counters as the kernel writes them after a run that was throttled and OOM-killed
    Files.writeString(dir.resolve("memory.peak"), "536866816\n");
    Files.writeString(dir.resolve("memory.events"), "low 0\nhigh 0\nmax 37\noom 1\noom_kill 1\noom_group_kill 0\n");
    Files.writeString(dir.resolve("cpu.stat"), "usage_usec 2871000\nuser_usec 2500000\nsystem_usec 371000\n"
        + "nr_periods 412\nnr_throttled 103\nthrottled_usec 1530000\nnr_bursts 0\nburst_usec 0\n");
    ContainerStats stats = group.stats();
    assertThat(stats).isEqualTo(new ContainerStats(536870912, 536866816, 1, 37, 412, 103, 1530000));
    assertThat(stats.throttledPercent()).isEqualTo(25.0);
    assertThat(stats.oomKilled()).isTrue();

    // the kernel removes a group's files with it; this directory needs them removed first
    try (Stream<Path> files = Files.list(dir)) {
      for (Path f : files.toList()) {
        Files.delete(f);
      }
    }
    group.close();
    assertThat(dir).doesNotExist();
    assertThat(group.problem()).isEmpty();
    assertThat(group.stats()).isEqualTo(new ContainerStats(-1, -1, -1, -1, -1, -1, -1));
  }

  @Test
  void controllersAlreadyEnabledAreLeftAsTheyAreAndOnlyTheNeededFilesAreWritten() throws Exception {
    kernelRoot("cpu memory pids\n");
    try (ContainerGroup group = ContainerGroup.create(ContainerLimits.of("1G", null), new CgroupV2(root))) {
      Path dir = root.resolve(group.name());
      assertThat(Files.readString(root.resolve("cgroup.subtree_control"))).isEqualTo("cpu memory pids\n");
      assertThat(Files.readString(dir.resolve("memory.max"))).isEqualTo("1000000000\n");
      assertThat(dir.resolve("cpu.max")).doesNotExist();
      Files.delete(dir.resolve("memory.max"));
      Files.delete(dir.resolve("memory.swap.max"));
    }
  }

  @Test
  void aMissingControllerIsOneLineAndNothingIsMade() throws Exception {
    Files.writeString(root.resolve("cgroup.controllers"), "cpuset io memory pids\n");
    Files.writeString(root.resolve("cgroup.subtree_control"), "");
    assertThatThrownBy(() -> ContainerGroup.create(ContainerLimits.of("512Mi", "500m"), new CgroupV2(root)))
        .isInstanceOf(JtuneException.class)
        .hasMessage("cannot run under container limits (memory 512Mi, 500m CPUs): a CPU limit needs the cgroup v2 cpu"
            + " controller, which " + root + " does not offer (cgroup.controllers); jtune needs to create cgroups:"
            + " run it as root, or in a cgroup delegated to its user");
    try (Stream<Path> files = Files.list(root)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsOnly("cgroup.controllers", "cgroup.subtree_control");
    }
  }

  @Test
  void theGroupsOfAJtuneThatNoLongerRunsAreRemovedWhenTheNextGroupIsMade() throws Exception {
    kernelRoot("cpu memory\n");
    Process gone = new ProcessBuilder("true").start();
    gone.waitFor();
    Path stale = Files.createDirectory(root.resolve("jtune-" + gone.pid() + "-1"));
    Path live = Files.createDirectory(root.resolve("jtune-" + ProcessHandle.current().pid() + "-999999"));
    Path other = Files.createDirectory(root.resolve("jtune-someone-else"));
    try (ContainerGroup group = ContainerGroup.create(ContainerLimits.of("512Mi", null), new CgroupV2(root))) {
      assertThat(stale).doesNotExist();
      assertThat(live).exists();
      assertThat(other).exists();
      Files.delete(root.resolve(group.name()).resolve("memory.max"));
      Files.delete(root.resolve(group.name()).resolve("memory.swap.max"));
    }
  }
}
