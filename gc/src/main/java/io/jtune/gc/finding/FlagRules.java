package io.jtune.gc.finding;

import io.jtune.common.jvm.JvmOption;
import io.jtune.common.finding.Severity;
import io.jtune.gc.aggregate.Example;
import io.jtune.gc.facts.GcFacts;
import io.jtune.common.jvm.JvmFlags;
import io.jtune.gc.event.Collector;
import io.jtune.gc.model.MemoryModel;
import io.jtune.common.units.ByteSize;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * Problems in the JVM flags (from the log header or `--flags`): no collector on
 * JDK 8, PermSize ignored since JDK 8, metaspace unset, -Xms != -Xmx, a young generation below a
 * quarter of the heap for a request/response service.
 */
final class FlagRules implements FindingRule {
  @Override
  public void evaluate(GcFacts a, MemoryModel model, List<Finding> out) {
    JvmFlags f = a.flags();
    int major = a.javaMajor();
    Collector c = a.jvm().collector();
    if (!f.isEmpty()) {
      flagOnly(a, model, f, major, c, out);
    }
    youngShare(a, model, c, out);
  }

  private void flagOnly(GcFacts a, MemoryModel model, JvmFlags f, int major, Collector c, List<Finding> out) {
    if (major == 8 && c == Collector.PARALLEL || major == 8 && c == Collector.UNKNOWN && f.chosenCollector() == null) {
      // JDK 8 prints its ergonomic choice (-XX:+UseParallelGC) among the command-line flags, so
      // the log cannot tell a chosen Parallel from the default one; user-given flags can.
      boolean userChoseNone = a.options().flags() != null
          && JvmFlags.of(JvmFlags.split(a.options().flags())).chosenCollector() == null;
      out.add(new Finding("no-collector-chosen", userChoseNone ? Severity.WARNING : Severity.INFO,
          userChoseNone
              ? "No collector chosen: JDK 8 defaults to Parallel, which favours throughput over pause time"
              : "Parallel collector (JDK 8's default) in use: throughput first, long Full GC pauses",
          List.of(), 1,
          "Parallel's Full GCs stop the application for the whole old generation. For a latency-sensitive"
              + " service choose a low-pause collector: G1 (JDK 8u40+) with a pause goal, or ParNew+CMS on"
              + " small heaps.",
          List.of(JvmOption.USE_G1_GC.on(), JvmOption.MAX_GC_PAUSE_MILLIS.set((long) a.pauses().pauseTargetMs()))));
    }
    if ((f.has(JvmOption.PERM_SIZE) || f.has(JvmOption.MAX_PERM_SIZE)) && major >= 8) {
      out.add(new Finding("permsize-ignored", Severity.WARNING,
          "-XX:PermSize/-XX:MaxPermSize are ignored since JDK 8 (the permanent generation became Metaspace)",
          List.of(), 1,
          "Replace them with MetaspaceSize/MaxMetaspaceSize; as they stand, metaspace is unbounded and starts"
              + " with a ~21 MB threshold that triggers Metadata GC Threshold collections.",
          List.of(JvmOption.METASPACE_SIZE.set(permValue(a, f)), JvmOption.MAX_METASPACE_SIZE.set(permValue(a, f)))));
    }
    boolean metadataGcs = a.collectionsWithCause("Metadata GC Threshold") > 0
        || a.anomalies().of(io.jtune.gc.event.Anomaly.METADATA_THRESHOLD).count() > 0;
    if (major >= 8 && !f.has(JvmOption.METASPACE_SIZE) && !metadataGcs) {
      long peak = a.memory().metaspace().peak();
      long mb = MetaspaceSizing.recommendedMb(a, 256);
      long capMb = MetaspaceSizing.capMb(a, 256);
      out.add(new Finding("metaspace-unset", Severity.INFO,
          "MetaspaceSize is not set: the first metaspace-triggered GC comes at ~21 MB",
          List.of(), 1,
          "Set MetaspaceSize (and MaxMetaspaceSize to bound it) from the observed peak"
              + (peak > 0 ? " (" + ByteSize.human(peak) + ")" : "") + " with headroom, so start-up and deploys do"
              + " not trigger collections for metadata.",
          List.of(JvmOption.METASPACE_SIZE.size(ByteSize.MB * mb), JvmOption.MAX_METASPACE_SIZE.size(ByteSize.MB * capMb))));
    }
    OptionalLong xms = f.bytes(JvmOption.INITIAL_HEAP_SIZE);
    OptionalLong xmx = f.bytes(JvmOption.MAX_HEAP_SIZE);
    if (xms.isPresent() && xmx.isPresent() && xms.getAsLong() != xmx.getAsLong()) {
      // the one heap size every proposal uses: the model's (sized from the live set when it does not fit)
      long h = model.targetHeap() > 0 ? model.targetHeap() : xmx.getAsLong();
      out.add(new Finding("xms-not-xmx", Severity.INFO,
          String.format(Locale.US, "Initial heap %s differs from maximum %s", ByteSize.human(xms.getAsLong()), ByteSize.human(xmx.getAsLong())),
          List.of(), 1,
          "Growing and shrinking the heap costs Full GCs and makes behaviour depend on history; on a server"
              + " give the heap its size up front (and pre-touch it).",
          List.of(JvmOption.INITIAL_HEAP_SIZE.size(MemoryModel.wholeMb(h)), JvmOption.MAX_HEAP_SIZE.size(MemoryModel.wholeMb(h)))));
    }
  }

  /** The observed-peak size when the log shows metaspace use, else the budget the perm flags gave. */
  private static String permValue(GcFacts a, JvmFlags f) {
    if (a.memory().metaspace().peak() > 0) {
      return ByteSize.flagValue(ByteSize.MB * MetaspaceSizing.recommendedMb(a, 256));
    }
    String v = f.value(JvmOption.MAX_PERM_SIZE) != null ? f.value(JvmOption.MAX_PERM_SIZE) : f.value(JvmOption.PERM_SIZE);
    return v.toLowerCase(Locale.ROOT);
  }

  /**
   * Young at a quarter of the heap or less on a collector with a fixed young generation, when the
   * memory model lets it grow (young GCs frequent or long enough to matter, no leak, no cache
   * churn); the size is the model's, which keeps old at 1.5x the live set.
   */
  private void youngShare(GcFacts a, MemoryModel m, Collector c, List<Finding> out) {
    long heap = m.capacities().heapMax();
    long young = m.capacities().young();
    if (!m.fixedYoung() || young <= 0 || heap <= 0 || young * 4 > heap || m.youngGrowthRefused() != null) {
      return;
    }
    List<Example> ev = new ArrayList<>(List.of(new Example(-1, a.span().startS(), String.format(Locale.US,
        "young %s (%s) of heap %s (%s): %.0f%%", ByteSize.human(young), m.capacities().youngSource(), ByteSize.human(heap),
        m.capacities().heapSource(), 100.0 * young / heap))));
    if (m.live().known()) {
      ev.add(new Example(-1, a.span().startS(), String.format(Locale.US, "live set %s (%s): old needs %.1fx it",
          ByteSize.human(m.live().bytes()), m.live().source(), MemoryModel.OLD_HEADROOM)));
    }
    List<String> flags = new ArrayList<>();
    String advice;
    if (m.youngChanges()) {
      flags.add(JvmOption.XMN.size(m.targetYoung()));
      advice = String.format(Locale.US, "Grow young to %s: about 3/8 of the %sheap of %s (more than a quarter), within"
          + " what leaves old %.1fx the live set.", ByteSize.human(m.targetYoung()), m.heapGrows() ? "advised " : "", ByteSize.human(m.targetHeap()),
          MemoryModel.OLD_HEADROOM);
    } else {
      advice = String.format(Locale.US, "The heap has no room for a bigger young generation next to a live set of %s"
          + " (old needs %.1fx it): grow the heap before the young generation.", ByteSize.human(m.live().bytes()),
          MemoryModel.OLD_HEADROOM);
    }
    out.add(new Finding("young-too-small", Severity.WARNING,
        String.format(Locale.US, "Young generation is %.0f%% of the heap (1/4 or less)", 100.0 * young / heap),
        ev, 1,
        "In a request/response service most objects die young; a small young generation means frequent"
            + " young GCs and objects promoted before they die (then Full GCs). " + advice,
        flags));
  }
}
