package io.jtune.experiment.suggest.rule;

import io.jtune.common.jvm.FlagSet;
import io.jtune.common.jvm.JvmFlags;
import io.jtune.common.jvm.JvmOption;
import io.jtune.experiment.plan.Candidate;
import io.jtune.gc.event.Collector;
import io.jtune.gc.model.ContainerBudget;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Inside a container's memory limit every candidate states its heap and its collector: a
 * configuration that leaves them to the JVM's ergonomics gets a different heap and collector in a
 * pod of another size. A candidate without -Xmx (nor -XX:MaxRAMPercentage) of its own or the
 * baseline's gets the heap the memory model proposes within the budget; one without a collector,
 * the collector the service runs.
 */
public final class ContainerExplicit {
  private ContainerExplicit() {}

  /** The candidates, each stating heap and collector where a container's memory limit is known. */
  public static List<Candidate> of(AdviceContext ctx, List<Candidate> proposed) {
    ContainerBudget b = ctx.model().container();
    if (b == null || b.heapBytes() <= 0) {
      return proposed;
    }
    List<Candidate> out = new ArrayList<>();
    for (Candidate c : proposed) {
      List<String> whole = FlagSet.merge(ctx.baseline(), c.flags());
      JvmFlags flags = JvmFlags.of(whole);
      List<String> added = new ArrayList<>();
      if (flags.bytes(JvmOption.MAX_HEAP_SIZE).isEmpty() && flags.value("MaxRAMPercentage") == null) {
        long heap = ctx.model().targetHeap() > 0 ? Math.min(ctx.model().targetHeap(), b.heapBytes()) : b.heapBytes();
        added.add(JvmOption.MAX_HEAP_SIZE.size(heap));
      }
      if (flags.chosenCollectorOption().isEmpty() || !ctx.collectorChosen()
          && JvmFlags.of(c.flags()).chosenCollectorOption().isEmpty()) {
        collectorFlag(ctx.collector()).ifPresent(added::add);
      }
      if (added.isEmpty()) {
        out.add(c);
        continue;
      }
      List<String> all = new ArrayList<>(c.flags());
      all.addAll(added);
      out.add(Candidate.of(c.name(), all, c.reason() + " Inside the container's memory limit the heap and the"
          + " collector are stated (" + String.join(" ", added) + "), not left to the JVM's ergonomics."));
    }
    return out;
  }

  /** The option that chooses {@code c}, or empty for a collector without one of its own. */
  public static Optional<String> collectorFlag(Collector c) {
    return Optional.ofNullable(switch (c) {
      case SERIAL -> JvmOption.USE_SERIAL_GC.on();
      case PARALLEL -> JvmOption.USE_PARALLEL_GC.on();
      case G1 -> JvmOption.USE_G1_GC.on();
      case ZGC, ZGC_GENERATIONAL -> JvmOption.USE_ZGC.on();
      case SHENANDOAH, SHENANDOAH_GENERATIONAL -> JvmOption.USE_SHENANDOAH_GC.on();
      default -> null;
    });
  }
}
