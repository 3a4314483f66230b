package io.jtune.experiment.plan;

import io.jtune.common.JtuneException;
import io.jtune.common.units.CpuQuantity;
import io.jtune.common.units.MemoryQuantity;
import io.jtune.runtime.container.ContainerLimits;

/**
 * Reads a plan's or a level's {@code limits:}, the container limits the service runs under, as a
 * Kubernetes container's {@code resources.limits} gives them: {@code memory} (a Kubernetes
 * quantity such as {@code 512Mi} or a JVM size such as {@code 512m}) and {@code cpu} ({@code 1},
 * {@code 0.5}, {@code 500m}).
 */
final class LimitsReader {
  private LimitsReader() {}

  /** The limits under {@code key} of {@code o}; {@link ContainerLimits#none()} when it has none. */
  static ContainerLimits read(PlanSyntax syntax, PlanObject o, String key) {
    if (!o.has(key)) {
      return ContainerLimits.none();
    }
    YamlTree.Node n = o.get(key);
    PlanObject l = syntax.obj(n, "limits");
    MemoryQuantity memory = null;
    CpuQuantity cpus = null;
    try {
      if (l.has("memory")) {
        memory = MemoryQuantity.parse(syntax.scalarString(l.get("memory"), "memory"));
      }
    } catch (JtuneException e) {
      throw syntax.error(l.get("memory"), "limits: memory " + e.getMessage());
    }
    try {
      if (l.has("cpu")) {
        cpus = CpuQuantity.parse(syntax.scalarString(l.get("cpu"), "cpu"));
      }
    } catch (JtuneException e) {
      throw syntax.error(l.get("cpu"), "limits: cpu " + e.getMessage());
    }
    l.finish();
    if (memory == null && cpus == null) {
      throw syntax.error(n, "limits needs 'memory: SIZE' (such as 512Mi) or 'cpu: N' (such as 1 or 500m), or both");
    }
    return new ContainerLimits(memory, cpus);
  }
}
