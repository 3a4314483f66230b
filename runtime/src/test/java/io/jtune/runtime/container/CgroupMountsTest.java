package io.jtune.runtime.container;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which cgroup hierarchies a host has, from /proc/self/mountinfo lines of real hosts. */
class CgroupMountsTest {
  @Test
  void aHybridHostWithV1ControllersUsesV1() {
    // this build host: v1 controllers, and an empty v2 tree beside them
    List<String> lines = List.of(
        "31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755",
        "32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu",
        "33 31 0:30 / /sys/fs/cgroup/cpuacct rw,relatime - cgroup cgroup rw,cpuacct",
        "35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory",
        "41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw");
    assertThat(CgroupMounts.detect(lines))
        .contains(new CgroupV1(Path.of("/sys/fs/cgroup/memory"), Path.of("/sys/fs/cgroup/cpu")));
  }

  @Test
  void aSystemdV1HostMountsCpuWithCpuacct() {
    List<String> lines = List.of(
        "30 25 0:26 / /sys/fs/cgroup/cpu,cpuacct rw,nosuid,nodev,noexec,relatime shared:11 - cgroup cgroup"
            + " rw,cpu,cpuacct",
        "33 25 0:29 / /sys/fs/cgroup/memory rw,nosuid,nodev,noexec,relatime shared:14 - cgroup cgroup rw,memory");
    assertThat(CgroupMounts.detect(lines))
        .contains(new CgroupV1(Path.of("/sys/fs/cgroup/memory"), Path.of("/sys/fs/cgroup/cpu,cpuacct")));
  }

  @Test
  void aCurrentDistributionHasOnlyTheUnifiedHierarchy() {
    List<String> lines = List.of(
        "22 26 0:21 / /proc rw,nosuid,nodev,noexec,relatime shared:13 - proc proc rw",
        "25 21 0:23 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:4 - cgroup2 cgroup2"
            + " rw,nsdelegate,memory_recursiveprot");
    assertThat(CgroupMounts.detect(lines)).contains(new CgroupV2(Path.of("/sys/fs/cgroup")));
  }

  @Test
  void aSpaceInAMountPointIsUnescaped() {
    assertThat(CgroupMounts.detect(List.of("25 21 0:23 / /mnt/my\\040cgroups rw - cgroup2 cgroup2 rw")))
        .contains(new CgroupV2(Path.of("/mnt/my cgroups")));
  }

  @Test
  void noCgroupFileSystemIsNoLayout() {
    assertThat(CgroupMounts.detect(List.of("22 26 0:21 / /proc rw - proc proc rw"))).isEmpty();
  }
}
