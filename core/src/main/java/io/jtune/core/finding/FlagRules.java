package io.jtune.core.finding;

import io.jtune.core.aggregate.Example;
import io.jtune.core.analysis.Analysis;
import io.jtune.core.analysis.JvmFlags;
import io.jtune.core.event.Collector;
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
  public void evaluate(Analysis a, List<Finding> out) {
    JvmFlags f = a.flags();
    int major = a.javaMajor();
    Collector c = a.jvm().collector();
    if (!f.isEmpty()) {
      flagOnly(a, f, major, c, out);
    }
    youngShare(a, f, c, out);
  }

  private void flagOnly(Analysis a, JvmFlags f, int major, Collector c, List<Finding> out) {
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
          List.of("-XX:+UseG1GC", "-XX:MaxGCPauseMillis=" + (long) a.pauses().pauseTargetMs())));
    }
    if ((f.has("PermSize") || f.has("MaxPermSize")) && major >= 8) {
      out.add(new Finding("permsize-ignored", Severity.WARNING,
          "-XX:PermSize/-XX:MaxPermSize are ignored since JDK 8 (the permanent generation became Metaspace)",
          List.of(), 1,
          "Replace them with MetaspaceSize/MaxMetaspaceSize; as they stand, metaspace is unbounded and starts"
              + " with a ~21 MB threshold that triggers Metadata GC Threshold collections.",
          List.of("-XX:MetaspaceSize=" + permValue(a, f), "-XX:MaxMetaspaceSize=" + permValue(a, f))));
    }
    boolean metadataGcs = a.pauses().causeCount("Metadata GC Threshold") > 0
        || a.anomalies().of(io.jtune.core.event.Anomaly.METADATA_THRESHOLD).count() > 0;
    if (major >= 8 && !f.has("MetaspaceSize") && !metadataGcs) {
      long peak = a.memory().metaspace().peak();
      long mb = MetaspaceSizing.recommendedMb(a, 256);
      out.add(new Finding("metaspace-unset", Severity.INFO,
          "MetaspaceSize is not set: the first metaspace-triggered GC comes at ~21 MB",
          List.of(), 1,
          "Set MetaspaceSize (and MaxMetaspaceSize to bound it) from the observed peak"
              + (peak > 0 ? " (" + Sizes.mb(peak) + ")" : "") + " with headroom, so start-up and deploys do"
              + " not trigger collections for metadata.",
          List.of("-XX:MetaspaceSize=" + Sizes.flagValue(mb), "-XX:MaxMetaspaceSize=" + Sizes.flagValue(mb))));
    }
    OptionalLong xms = f.bytes("InitialHeapSize");
    OptionalLong xmx = f.bytes("MaxHeapSize");
    if (xms.isPresent() && xmx.isPresent() && xms.getAsLong() != xmx.getAsLong()) {
      out.add(new Finding("xms-not-xmx", Severity.INFO,
          String.format(Locale.US, "Initial heap %s differs from maximum %s", Sizes.mb(xms.getAsLong()), Sizes.mb(xmx.getAsLong())),
          List.of(), 1,
          "Growing and shrinking the heap costs Full GCs and makes behaviour depend on history; on a server"
              + " give the heap its size up front (and pre-touch it).",
          List.of("-Xms" + Sizes.flagValue(xmx.getAsLong() >> 20), "-Xmx" + Sizes.flagValue(xmx.getAsLong() >> 20))));
    }
  }

  /** The observed-peak size when the log shows metaspace use, else the budget the perm flags gave. */
  private static String permValue(Analysis a, JvmFlags f) {
    if (a.memory().metaspace().peak() > 0) {
      return Sizes.flagValue(MetaspaceSizing.recommendedMb(a, 256));
    }
    String v = f.value("MaxPermSize") != null ? f.value("MaxPermSize") : f.value("PermSize");
    return v.toLowerCase(Locale.ROOT);
  }

  /** Young below a quarter of the heap, from flags or, for fixed-generation collectors, the log. */
  private void youngShare(Analysis a, JvmFlags f, Collector c, List<Finding> out) {
    if (c == Collector.G1 || c == Collector.ZGC || c == Collector.ZGC_GENERATIONAL
        || c == Collector.SHENANDOAH || c == Collector.SHENANDOAH_GENERATIONAL) {
      return; // these size young adaptively (or have no fixed young generation)
    }
    long heap = f.bytes("MaxHeapSize").orElse(-1);
    long young = f.bytes("MaxNewSize").orElse(f.bytes("NewSize").orElse(-1));
    String source = "flags";
    if (young < 0 && f.value("NewRatio") != null && heap > 0) {
      try {
        young = heap / (Long.parseLong(f.value("NewRatio")) + 1);
      } catch (NumberFormatException e) {
        young = -1;
      }
    }
    if (young < 0 || heap < 0) {
      long y = a.memory().young().allocated();
      long h = a.memory().heap().allocated();
      if (y > 0 && h > 0) {
        young = y;
        heap = h;
        source = "log (largest capacities)";
      }
    }
    if (young <= 0 || heap <= 0 || young * 4 > heap) {
      return;
    }
    // 3/8 of the heap (1536 MB of 4 GB, which won a published comparison of young sizes for an API
    // service) leaves old well above a typical live set
    long suggested = Sizes.roundUpMb(heap * 3.0 / 8, 64);
    List<Example> ev = new ArrayList<>(List.of(new Example(-1, a.span().startS(), String.format(Locale.US,
        "young %s of heap %s (%.0f%%) from the %s", Sizes.mb(young), Sizes.mb(heap), 100.0 * young / heap, source))));
    String advice = "Give young about 3/8 of the heap (more than a quarter), keeping old comfortably above its"
        + " occupancy after Full GC.";
    // the old generation must keep room for its live set, or a bigger young generation trades
    // young GCs for Full GCs of a full old generation
    long roomMb = Sizes.youngRoomMb(a);
    if (roomMb >= 0 && roomMb < suggested) {
      String live = String.format(Locale.US, "live set %s (old after the last Full GC): old needs %.1fx it,"
          + " leaving young at most %d MB", Sizes.mb(Sizes.liveSet(a)), Sizes.OLD_HEADROOM, roomMb);
      ev.add(new Example(-1, a.span().startS(), live));
      if (roomMb >= (young >> 20) + 16) {
        suggested = roomMb;
        advice = String.format(Locale.US, "Grow young to %d MB: 3/8 of the heap would leave old less than"
            + " %.1fx its live set of %s.", roomMb, Sizes.OLD_HEADROOM, Sizes.mb(Sizes.liveSet(a)));
      } else {
        suggested = -1;
        advice = String.format(Locale.US, "The heap has no room for a bigger young generation next to a live"
            + " set of %s (old needs %.1fx it): grow the heap before the young generation.",
            Sizes.mb(Sizes.liveSet(a)), Sizes.OLD_HEADROOM);
      }
    }
    List<String> flags = new ArrayList<>();
    if (suggested > 0) {
      flags.add("-Xmn" + Sizes.flagValue(suggested));
    }
    out.add(new Finding("young-too-small", Severity.WARNING,
        String.format(Locale.US, "Young generation is %.0f%% of the heap (1/4 or less)", 100.0 * young / heap),
        ev, 1,
        "In a request/response service most objects die young; a small young generation means frequent"
            + " young GCs and objects promoted before they die (then Full GCs). " + advice,
        flags));
  }
}
