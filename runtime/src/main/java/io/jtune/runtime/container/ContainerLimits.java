package io.jtune.runtime.container;

import io.jtune.common.units.CpuQuantity;
import io.jtune.common.units.MemoryQuantity;
import java.util.ArrayList;
import java.util.List;

/**
 * The limits of the container a service runs in, as a Kubernetes pod's {@code resources.limits}
 * give them: memory (swap off) and CPUs (a CFS quota per 100 ms period). Either may be absent.
 *
 * @param memory the memory limit, or null for none
 * @param cpus the CPU limit, or null for none
 */
public record ContainerLimits(MemoryQuantity memory, CpuQuantity cpus) {
  private static final ContainerLimits NONE = new ContainerLimits(null, null);

  /** No limit: the service runs with the host's memory and cores. */
  public static ContainerLimits none() {
    return NONE;
  }

  /** Limits from the user's words (either may be null): {@code 512Mi}, {@code 0.5}. */
  public static ContainerLimits of(String memory, String cpus) {
    return new ContainerLimits(memory == null ? null : MemoryQuantity.parse(memory),
        cpus == null ? null : CpuQuantity.parse(cpus));
  }

  /** Whether any limit is set. */
  public boolean any() {
    return memory != null || cpus != null;
  }

  /** Whether {@code other} sets the same limits, however written ({@code 0.5} and {@code 500m} are the same). */
  public boolean sameAs(ContainerLimits other) {
    return (memory == null ? other.memory == null : other.memory != null && memory.bytes() == other.memory.bytes())
        && (cpus == null ? other.cpus == null : other.cpus != null && cpus.millis() == other.cpus.millis());
  }

  /** The limits in words: {@code memory 512Mi, 0.5 CPUs}; {@code no limits} when none. */
  public String describe() {
    List<String> parts = new ArrayList<>();
    if (memory != null) {
      parts.add("memory " + memory);
    }
    if (cpus != null) {
      parts.add(cpus + (cpus.millis() == 1000 ? " CPU" : " CPUs"));
    }
    return parts.isEmpty() ? "no limits" : String.join(", ", parts);
  }
}
