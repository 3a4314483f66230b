package io.jtune.gc.finding;

import io.jtune.common.jvm.JvmOption;
import io.jtune.common.finding.Severity;
import io.jtune.gc.aggregate.MemoryAggregator;
import io.jtune.gc.facts.GcFacts;
import io.jtune.gc.event.Collector;
import io.jtune.gc.event.PauseKind;
import io.jtune.gc.model.MemoryModel;
import io.jtune.common.units.ByteSize;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Premature promotion / survivor overflow: survivors too small for what a young
 * GC keeps alive, so objects are promoted to old before they die (tenuring threshold forced
 * down, survivors full after GC, promotion on most young GCs) and old fills, leading to Full
 * GCs. Recommends a survivor share computed from the observed survivor demand.
 */
final class PrematurePromotionRule implements FindingRule {
  /**
   * Promotion that grows the old generation: what young GCs promoted over the log is at least a
   * tenth of old, and old after GC spans at least a tenth of old between its low and its high.
   */
  static boolean promotionGrowsOld(GcFacts a, MemoryModel model) {
    MemoryAggregator m = a.memory();
    long old = model.oldCapacity();
    if (old <= 0) {
      return true;
    }
    double promoted = (double) Math.max(0, m.promotedPerYoungGcMean()) * m.youngGcsMeasured();
    double low = Double.MAX_VALUE;
    double high = 0;
    for (var p : m.oldAfter().points()) {
      low = Math.min(low, p.min());
      high = Math.max(high, p.max());
    }
    return promoted >= 0.1 * old && high - low >= 0.1 * old;
  }

  /** Critical when the Full GCs that follow take at least 1% of the log's time. */
  private static boolean costly(GcFacts a) {
    double fullMs = a.pauses().kind(PauseKind.FULL).totalMs();
    return a.anomalies().fullGcs().count() > 0 && fullMs >= 0.01 * a.span().durationS() * 1000;
  }

  @Override
  public void evaluate(GcFacts a, MemoryModel model, List<Finding> out) {
    MemoryAggregator m = a.memory();
    long youngGcs = a.pauses().kind(PauseKind.YOUNG).count();
    if (youngGcs < 3) {
      return;
    }
    boolean thresholdSignal = m.tenuringCount() >= 3 && m.thresholdBelowMax() >= 0.5 * m.tenuringCount()
        && m.minThreshold() <= 2 && m.maxThreshold() > 2;
    boolean survivorSignal = m.survivorMeasured() >= 3 && m.survivorFull() >= 0.5 * m.survivorMeasured();
    long fulls = a.anomalies().fullGcs().count(); // not the ones the application asked for
    boolean promotionSignal = m.youngGcsMeasured() >= 5
        && m.youngGcsWithPromotion() >= 0.8 * m.youngGcsMeasured()
        && fulls > 0
        && m.meanYoungCapacity() > 0
        && m.promotedPerYoungGcMean() >= 0.01 * m.meanYoungCapacity();
    // Premature promotion matters when it fills the old generation: Full GCs, or
    // frequent old-generation cycles on a concurrent collector.
    // Full GCs the application asked for (System.gc(), metadata) say nothing about promotion
    boolean oldPressure = a.anomalies().fullGcs().count() > 0 || a.concurrent().cycles().count() >= 3;
    if (!oldPressure || (!thresholdSignal && !survivorSignal && !promotionSignal) || !promotionGrowsOld(a, model)) {
      return;
    }
    List<String> why = new ArrayList<>();
    if (thresholdSignal) {
      why.add(String.format(Locale.US, "tenuring threshold below its maximum on %d of %d young GCs (down to %d of %d)",
          m.thresholdBelowMax(), m.tenuringCount(), m.minThreshold(), m.maxThreshold()));
    }
    if (survivorSignal) {
      why.add(String.format(Locale.US, "survivors full after %d of %d young GCs", m.survivorFull(), m.survivorMeasured()));
    }
    if (m.youngGcsMeasured() > 0) {
      why.add(String.format(Locale.US, "promotion on %d of %d young GCs, %s per young GC on average",
          m.youngGcsWithPromotion(), m.youngGcsMeasured(), ByteSize.human(Math.max(0, m.promotedPerYoungGcMean()))));
    }
    if (fulls > 0) {
      why.add(fulls + " Full GC(s)");
    }
    List<String> flags = new ArrayList<>();
    String sizing;
    long young = model.targetYoung();
    int ratio = model.survivorRatioFor(young);
    if (model.cacheChurn() != null) {
      // entries that outlive any young generation the heap allows: no survivor sizing helps
      sizing = model.cacheChurn() + "; no young or survivor size keeps them, so bound the cache or move it off the heap";
    } else if (ratio > 0) {
      double neededSurvivor = model.survivorDemandBytes() / MemoryModel.SURVIVOR_TARGET;
      if (a.jvm().collector() == Collector.G1) {
        // G1 caps survivor regions at young / SurvivorRatio; fixing the young size (-Xmn) would
        // switch off its pause-goal sizing, so only the survivor share is advised
        flags.add(JvmOption.SURVIVOR_RATIO.set(ratio));
        sizing = String.format(Locale.US, "survivor demand %s per young GC (%s) needs survivors of %s (at 50%% target"
            + " occupancy); G1 sizes young itself, so raise the survivor share (SurvivorRatio=%d) rather than fix -Xmn",
            ByteSize.human(model.survivorDemandBytes()), model.survivorDemandSource(), ByteSize.human(neededSurvivor), ratio);
      } else {
        if (model.youngChanges()) {
          flags.add(JvmOption.XMN.size(young));
        }
        flags.add(JvmOption.SURVIVOR_RATIO.set(ratio));
        sizing = String.format(Locale.US, "survivor demand %s per young GC (%s) needs survivors of %s (at 50%% target"
            + " occupancy); with a young generation of %s%s that is SurvivorRatio=%d",
            ByteSize.human(model.survivorDemandBytes()), model.survivorDemandSource(), ByteSize.human(neededSurvivor),
            ByteSize.human(young), model.youngChanges() ? String.format(Locale.US, " (the most the heap allows while old"
                + " keeps %.1fx the live set)", MemoryModel.OLD_HEADROOM) : "", ratio);
        if (young / (ratio + 2.0) < neededSurvivor) {
          sizing += "; that is still short of the demand: " + (model.youngGrowthRefused() != null
              ? model.youngGrowthRefused() : "the heap has no more room for young next to the live set");
        }
      }
      if (a.jvm().collector() == Collector.PARALLEL) {
        flags.add(JvmOption.USE_ADAPTIVE_SIZE_POLICY.off());
        sizing += " (Parallel's adaptive sizing overrides SurvivorRatio unless it is turned off)";
      }
    } else {
      sizing = "the log does not show survivor sizes; enable -XX:+PrintTenuringDistribution (JDK 8) or"
          + " -Xlog:gc+age=trace to size survivors";
    }
    List<io.jtune.gc.aggregate.Example> ev = new ArrayList<>(m.lowThreshold().examples());
    ev.addAll(m.survivorOverflow().examples());
    ev.addAll(m.bigPromotions().examples());
    out.add(new Finding("premature-promotion", costly(a) ? Severity.CRITICAL : Severity.WARNING,
        "Premature promotion: survivors overflow and short-lived objects reach the old generation",
        ev.subList(0, Math.min(ev.size(), 10)),
        Math.max(m.thresholdBelowMax(), Math.max(m.survivorFull(), m.youngGcsWithPromotion())),
        String.join("; ", why) + ". Give survivors room for what a young GC keeps: " + sizing + ".",
        flags));
  }
}
