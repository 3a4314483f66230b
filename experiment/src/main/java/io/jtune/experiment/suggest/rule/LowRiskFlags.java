package io.jtune.experiment.suggest.rule;

import io.jtune.common.jvm.JvmFlags;
import io.jtune.common.jvm.JvmOption;
import io.jtune.gc.event.Collector;
import io.jtune.gc.model.MemoryModel;
import java.util.ArrayList;
import java.util.List;

/**
 * The low-risk fixes worth having in any complete configuration, each with its reason: metaspace
 * sized from its peak (MetaspaceSize = MaxMetaspaceSize), the heap fixed and touched at start
 * (-Xms = -Xmx, AlwaysPreTouch), and the System.gc() remedy for the collector run.
 */
final class LowRiskFlags {
  private static final long MB = 1L << 20;

  private LowRiskFlags() {}

  /** The low-risk part of a complete configuration for {@code to}: metaspace, fixed heap, System.gc(). */
  static List<String> forCollector(Draft d, Collector to, List<String> why) {
    List<String> out = new ArrayList<>(metaspace(d, why));
    out.addAll(heap(d, why));
    // under ZGC and Shenandoah System.gc() runs a concurrent cycle: nothing to change for the switch
    d.context().finding("system-gc").filter(f -> !to.collectsConcurrently()).ifPresent(f -> {
      boolean concurrent = to == Collector.G1 || to.isCms();
      if (concurrent && d.context().flags().isOn(JvmOption.EXPLICIT_GC_INVOKES_CONCURRENT)) {
        return; // already set: the baseline's flags carry it into the configuration
      }
      out.add(concurrent ? JvmOption.EXPLICIT_GC_INVOKES_CONCURRENT.on() : JvmOption.DISABLE_EXPLICIT_GC.on());
      why.add(AdviceText.explicitGc(f.title(), concurrent));
    });
    return out;
  }

  /**
   * MetaspaceSize from the peak and MaxMetaspaceSize with room to grow (PermSize = MaxPermSize
   * before JDK 8), unless set without trouble.
   */
  static List<String> metaspace(Draft d, List<String> why) {
    AdviceContext c = d.context();
    boolean problem = c.hasFinding("metadata-gc-threshold");
    if (c.jdk().atLeast(8)) {
      if (c.flags().has(JvmOption.METASPACE_SIZE) && !problem) {
        return List.of();
      }
      long mb = c.metaspaceMb();
      long cap = c.metaspaceCapMb();
      why.add(AdviceText.metaspace(mb, cap, c.metaspacePeak(), c.metaspaceCommitted(), c.metaspaceSource(), problem));
      return List.of(JvmOption.METASPACE_SIZE.size(mb * MB), JvmOption.MAX_METASPACE_SIZE.size(cap * MB));
    }
    if (c.jdk().max() <= 7 && problem && !c.flags().has(JvmOption.PERM_SIZE)) {
      long mb = c.metaspaceMb();
      why.add(AdviceText.permGen(mb));
      return List.of(JvmOption.PERM_SIZE.size(mb * MB), JvmOption.MAX_PERM_SIZE.size(mb * MB));
    }
    return List.of();
  }

  /** -Xms = -Xmx = the heap, with -XX:+AlwaysPreTouch, unless already so. */
  static List<String> heap(Draft d, List<String> why) {
    AdviceContext c = d.context();
    long heap = c.heap();
    if (heap <= 0) {
      return List.of();
    }
    MemoryModel model = c.model();
    if (model.heapGrows() && !c.leak()) {
      long h = MemoryModel.wholeMb(model.targetHeap());
      why.add(AdviceText.heapFromLiveSet(model, heap));
      return fixed(h);
    }
    long host = model.capacities().hostMemory();
    if (!c.heapChosen() && host > 0 && heap >= 0.2 * host) {
      // the JVM's default largest heap (a quarter of memory): fixing and touching it commits memory the service never chose
      d.noteOnce(AdviceText.defaultHeapNotFixed(model, heap, host));
      return List.of();
    }
    JvmFlags flags = c.flags();
    long xms = flags.bytes(JvmOption.INITIAL_HEAP_SIZE).orElse(-1);
    boolean fixedAlready = xms == heap && flags.bytes(JvmOption.MAX_HEAP_SIZE).orElse(-1) == heap;
    if (fixedAlready && flags.isOn(JvmOption.ALWAYS_PRE_TOUCH)) {
      return List.of();
    }
    if (fixedAlready) {
      why.add(AdviceText.pretouchFixedHeap(heap));
      return List.of(JvmOption.ALWAYS_PRE_TOUCH.on());
    }
    why.add(AdviceText.fixHeap(heap, xms));
    return fixed(MemoryModel.wholeMb(heap));
  }

  private static List<String> fixed(long heap) {
    return List.of(JvmOption.INITIAL_HEAP_SIZE.size(heap), JvmOption.MAX_HEAP_SIZE.size(heap), JvmOption.ALWAYS_PRE_TOUCH.on());
  }
}
