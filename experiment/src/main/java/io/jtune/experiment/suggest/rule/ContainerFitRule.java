package io.jtune.experiment.suggest.rule;

import io.jtune.common.jvm.JvmOption;
import io.jtune.gc.event.Collector;
import io.jtune.gc.model.ContainerBudget;
import io.jtune.gc.model.MemoryModel;
import java.util.ArrayList;
import java.util.List;

/**
 * Candidate {@code container-fit}: inside a container's limits, the configuration the container
 * asks for. The heap the memory limit allows (limit less non-heap less headroom, {@link
 * ContainerBudget}) where the heap is more than that, or where the JVM's default heap (a share of
 * the limit) runs Full GCs the application did not ask for; the collector named (G1 with the pause
 * goal where the JVM's ergonomics picked Serial for a latency-sensitive service because the
 * container gives it under 2 CPUs); GC worker threads for the CPU limit where its quota throttles
 * or the JVM sees more CPUs than the limit gives.
 */
public final class ContainerFitRule implements CandidateRule {
  @Override
  public Proposal propose(AdviceContext ctx) {
    Draft d = new Draft(ctx);
    ContainerLimit lim = ctx.container();
    MemoryModel model = ctx.model();
    ContainerBudget b = model.container();
    List<String> flags = new ArrayList<>();
    List<String> why = new ArrayList<>();
    if (b != null && b.heapBytes() <= 0) {
      d.note(ContainerText.noRoom(b));
    } else if (b != null) {
      long heap = heapFor(ctx, b, why);
      if (heap > 0) {
        flags.add(JvmOption.INITIAL_HEAP_SIZE.size(heap));
        flags.add(JvmOption.MAX_HEAP_SIZE.size(heap));
        why.add(ContainerText.budget(b));
        long live = model.live().bytes();
        long wanted = model.heapForLiveSet();
        if (live > 0 && !model.leak() && wanted > b.heapBytes()) {
          d.note(ContainerText.limitTooSmall(live, wanted, b));
        }
      }
    }
    boolean chosen = ctx.collectorChosen();
    boolean underTwoCpus = lim.hasCpuLimit() ? lim.cpus() < 2 : ctx.cpus() == 1;
    Collector target = ctx.collector();
    if (!chosen && ctx.collector() == Collector.SERIAL && underTwoCpus && ctx.pauseGoal()) {
      target = Collector.G1;
      flags.add(JvmOption.USE_G1_GC.on());
      flags.add(JvmOption.MAX_GC_PAUSE_MILLIS.set(Math.round(ctx.pauseTargetMs())));
      why.add(ContainerText.serialByErgonomics(lim.hasCpuLimit() ? "a CPU limit of " + lim.cpus() : "one CPU",
          ctx.pauseTargetMs()));
    }
    if (lim.hasCpuLimit()) {
      int n = lim.wholeCpus();
      boolean throttled = lim.throttledPeriodsPct() >= ContainerLimit.THROTTLED_PCT;
      if (throttled || ctx.cpus() > n) {
        flags.add(JvmOption.ACTIVE_PROCESSOR_COUNT.set(n));
        flags.add(JvmOption.PARALLEL_GC_THREADS.set(n));
        if (target == Collector.G1 || target == Collector.ZGC || target == Collector.SHENANDOAH) {
          flags.add(JvmOption.CONC_GC_THREADS.set(Math.max(1, (n + 3) / 4)));
        }
        why.add(ContainerText.quota(lim.cpus(), n, ctx.cpus(), throttled ? lim.throttledPeriodsPct() : -1));
      }
    }
    if (flags.isEmpty()) {
      return d.none();
    }
    String named = target == ctx.collector() && !chosen ? ContainerExplicit.collectorFlag(target).orElse(null) : null;
    if (named != null) {
      flags.add(0, named);
      why.add(ContainerText.collectorNamed(target.displayName()));
    }
    return d.candidate("container-fit", flags, why);
  }

  /**
   * The heap the container asks for, with why added to {@code why}; -1 when the heap can stay: the
   * budget where the heap is more than it; where the JVM's default heap runs Full GCs, the heap the
   * live set asks for within the budget (the whole budget when the live set fills the heap, since
   * how large it wants to be shows only in a heap that holds it).
   */
  private static long heapFor(AdviceContext ctx, ContainerBudget b, List<String> why) {
    MemoryModel m = ctx.model();
    long heap = ctx.heap();
    if (heap > b.heapBytes()) {
      why.add(ContainerText.heapOverLimit(heap, ctx.heapSource(), b));
      return b.heapBytes();
    }
    boolean thrashing = ctx.fullGcs() > 0 && (m.live().saturates() || !m.liveSetFits() || m.leak()
        || m.forcedFullGcs() > 0);
    if (ctx.heapChosen() || !thrashing) {
      return -1;
    }
    why.add(ContainerText.defaultHeap(heap, b.limitBytes(), ctx.fullGcs(), m.live().saturates()));
    long fromLive = m.heapForLiveSet();
    if (m.live().saturates() || m.leak() || fromLive <= 0) {
      return b.heapBytes();
    }
    return Math.min(Math.max(fromLive, heap), b.heapBytes());
  }
}
