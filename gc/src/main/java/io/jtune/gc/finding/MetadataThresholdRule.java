package io.jtune.gc.finding;

import io.jtune.common.jvm.JvmOption;
import io.jtune.common.finding.Severity;
import io.jtune.gc.aggregate.Example;
import io.jtune.gc.aggregate.ExampleList;
import io.jtune.gc.facts.GcFacts;
import io.jtune.gc.model.MemoryModel;
import io.jtune.gc.event.Anomaly;
import io.jtune.gc.event.PauseKind;
import io.jtune.common.units.ByteSize;
import java.util.List;
import java.util.Locale;

/**
 * Collections triggered by "Metadata GC Threshold": metaspace starts small
 * (~21 MB) and each time it grows past the threshold a GC runs. When any of them is a Full GC
 * (Serial, Parallel, CMS), a warning with the fix: MetaspaceSize = MaxMetaspaceSize from the
 * observed peak with headroom; when none is (G1's young pause starting a concurrent cycle, ZGC's
 * and Shenandoah's concurrent collections), information only.
 */
final class MetadataThresholdRule implements FindingRule {
  private static final String CAUSE = "Metadata GC Threshold";

  @Override
  public void evaluate(GcFacts a, MemoryModel model, List<Finding> out) {
    ExampleList hits = a.anomalies().of(Anomaly.METADATA_THRESHOLD);
    long count = Math.max(hits.count(), a.collectionsWithCause(CAUSE));
    if (count == 0) {
      return;
    }
    // ZGC's and Shenandoah's concurrent collections add no anomaly: their collections are the evidence
    List<Example> evidence = hits.count() > 0 ? hits.examples() : a.concurrent().collections().of(CAUSE).examples().examples();
    long peak = a.memory().metaspace().peak();
    long sizeMb = MetaspaceSizing.recommendedMb(a, 256);
    long capMb = MetaspaceSizing.capMb(a, 256);
    String basis = peak > 0
        ? String.format(Locale.US, "observed metaspace peak %s + 50%% headroom, rounded up to 64 MB", ByteSize.human(peak))
        : "metaspace use not logged: size it from `jstat -gc` MU x 1.5";
    int major = a.javaMajor();
    boolean perm = major > 0 && major < 8;
    String v = ByteSize.flagValue(ByteSize.MB * sizeMb);
    String cap = ByteSize.flagValue(ByteSize.MB * capMb);
    List<String> flags = perm
        ? List.of(JvmOption.PERM_SIZE.set(v), JvmOption.MAX_PERM_SIZE.set(v))
        : List.of(JvmOption.METASPACE_SIZE.set(v), JvmOption.MAX_METASPACE_SIZE.set(cap));
    long full = a.pauses().count(CAUSE, PauseKind.FULL);
    if (full == 0) {
      // G1 starts a concurrent cycle with a young pause; ZGC and Shenandoah run a concurrent collection:
      // no Full GC, a cost like any young pause's
      out.add(new Finding("metadata-gc-threshold", Severity.INFO,
          count + " GC(s) triggered by Metadata GC Threshold, none of them a Full GC",
          evidence, count,
          "Metaspace grew past its threshold, and this collector answered with a young pause or a concurrent"
              + " cycle, not a Full GC: nothing to fix. MetaspaceSize = " + v + " (" + basis
              + ") would avoid even these" + (perm ? "." : ", and MaxMetaspaceSize = " + cap
              + " (at least twice the peak: a bound against a class-loader leak, not a size) bound metaspace."),
          List.of()));
      return;
    }
    out.add(new Finding("metadata-gc-threshold", Severity.WARNING,
        count + " GC(s) triggered by Metadata GC Threshold, " + (full == 1 ? "1 of them a Full GC" : full + " of them Full GCs"),
        evidence, count,
        "Metaspace grows from its small initial threshold and every crossing triggers a collection, here"
            + " Full GCs, typically during start-up and deploys. Set the threshold from the peak (" + basis + ")"
            + (perm ? " and the maximum equal to it." : "; the maximum at least twice the peak (" + cap + "), a bound"
            + " against a class-loader leak: a cap near a short run's peak is an OutOfMemoryError: Metaspace at the"
            + " next deploy."),
        flags));
  }
}
