package io.jtune.core.finding;

import io.jtune.core.aggregate.Example;
import io.jtune.core.aggregate.ExampleList;
import io.jtune.core.analysis.GcFacts;
import io.jtune.core.event.Anomaly;
import io.jtune.core.units.ByteSize;
import java.util.List;
import java.util.Locale;

/**
 * Collections triggered by "Metadata GC Threshold": metaspace starts small
 * (~21 MB) and each time it grows past the threshold a GC, often a Full GC, runs. Fix: set
 * MetaspaceSize = MaxMetaspaceSize from the observed peak with headroom.
 */
final class MetadataThresholdRule implements FindingRule {
  private static final String CAUSE = "Metadata GC Threshold";

  @Override
  public void evaluate(GcFacts a, List<Finding> out) {
    ExampleList hits = a.anomalies().of(Anomaly.METADATA_THRESHOLD);
    long count = Math.max(hits.count(), a.collectionsWithCause(CAUSE));
    if (count == 0) {
      return;
    }
    // ZGC's and Shenandoah's concurrent collections add no anomaly: their collections are the evidence
    List<Example> evidence = hits.count() > 0 ? hits.examples() : a.concurrent().collections().of(CAUSE).examples().examples();
    long peak = a.memory().metaspace().peak();
    long sizeMb = MetaspaceSizing.recommendedMb(a, 256);
    String basis = peak > 0
        ? String.format(Locale.US, "observed metaspace peak %s + 50%% headroom, rounded up to 64 MB", ByteSize.human(peak))
        : "metaspace use not logged: size it from `jstat -gc` MU x 1.5";
    int major = a.javaMajor();
    boolean perm = major > 0 && major < 8;
    String v = ByteSize.flagValue(ByteSize.MB * sizeMb);
    List<String> flags = perm
        ? List.of("-XX:PermSize=" + v, "-XX:MaxPermSize=" + v)
        : List.of("-XX:MetaspaceSize=" + v, "-XX:MaxMetaspaceSize=" + v);
    out.add(new Finding("metadata-gc-threshold", Severity.WARNING,
        count + " GC(s) triggered by Metadata GC Threshold",
        evidence, count,
        "Metaspace grows from its small initial threshold and every crossing triggers a collection"
            + " (a Full GC on many collectors), typically during start-up and deploys. Set the initial"
            + " and maximum size equal, from the peak (" + basis + ").",
        flags));
  }
}
