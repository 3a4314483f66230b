package io.jtune.core.finding;

import io.jtune.core.aggregate.MemoryAggregator;
import io.jtune.core.analysis.Analysis;
import io.jtune.core.event.Collector;
import io.jtune.core.event.PauseKind;
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
  /** HotSpot's default -XX:TargetSurvivorRatio: survivors are meant to be at most half full. */
  private static final double TARGET_SURVIVOR = 0.5;

  @Override
  public void evaluate(Analysis a, List<Finding> out) {
    MemoryAggregator m = a.memory();
    long youngGcs = a.pauses().kind(PauseKind.YOUNG).count();
    if (youngGcs < 3) {
      return;
    }
    boolean thresholdSignal = m.tenuringCount() >= 3 && m.thresholdBelowMax() >= 0.5 * m.tenuringCount()
        && m.minThreshold() <= 2 && m.maxThreshold() > 2;
    boolean survivorSignal = m.survivorMeasured() >= 3 && m.survivorFull() >= 0.5 * m.survivorMeasured();
    long fulls = a.pauses().kind(PauseKind.FULL).count();
    boolean promotionSignal = m.youngGcsMeasured() >= 5
        && m.youngGcsWithPromotion() >= 0.8 * m.youngGcsMeasured()
        && fulls > 0
        && m.meanYoungCapacity() > 0
        && m.promotedPerYoungGcMean() >= 0.01 * m.meanYoungCapacity();
    // Premature promotion matters when it fills the old generation: Full GCs, or
    // frequent old-generation cycles on a concurrent collector.
    boolean oldPressure = fulls > 0 || a.concurrent().cycles().count() >= 3;
    if (!oldPressure || (!thresholdSignal && !survivorSignal && !promotionSignal)) {
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
          m.youngGcsWithPromotion(), m.youngGcsMeasured(), Sizes.mb(Math.max(0, m.promotedPerYoungGcMean()))));
    }
    if (fulls > 0) {
      why.add(fulls + " Full GC(s)");
    }
    // Survivor demand: what one young GC keeps alive, i.e. aged bytes, or survivor use plus
    // what was promoted instead of staying.
    long demand = Math.max(m.maxAgedBytes(),
        Math.max(0, m.meanSurvivorAfter()) + Math.max(0, m.promotedPerYoungGcMean()));
    long young = m.meanYoungCapacity() > 0 ? m.meanYoungCapacity() : m.young().allocated();
    List<String> flags = new ArrayList<>();
    String sizing;
    if (demand > 0 && young > 0) {
      double neededSurvivor = demand / TARGET_SURVIVOR;
      // young = eden + 2 survivors = survivor * (SurvivorRatio + 2)
      int ratio = (int) Math.floor(young / neededSurvivor) - 2;
      if (a.jvm().collector() == Collector.G1) {
        // G1 caps survivor regions at young / SurvivorRatio; fixing the young size (-Xmn) would
        // switch off its pause-goal sizing, so only the survivor share is advised
        int g1Ratio = Math.max(2, Math.min(ratio, 8));
        flags.add("-XX:SurvivorRatio=" + g1Ratio);
        sizing = String.format(Locale.US, "survivor demand %s per young GC needs survivors of %s (at 50%% target"
            + " occupancy); G1 sizes young itself, so raise the survivor share (SurvivorRatio=%d) rather than fix -Xmn",
            Sizes.mb(demand), Sizes.mb(neededSurvivor), g1Ratio);
      } else if (ratio >= 3) {
        flags.add("-XX:SurvivorRatio=" + Math.min(ratio, 8));
        sizing = String.format(Locale.US, "survivor demand %s per young GC needs survivors of %s (at 50%% target"
            + " occupancy); with a young generation of %s that is SurvivorRatio=%d",
            Sizes.mb(demand), Sizes.mb(neededSurvivor), Sizes.mb(young), Math.min(ratio, 8));
      } else {
        long newYoungMb = Sizes.roundUpMb(neededSurvivor * (6 + 2), 64);
        sizing = String.format(Locale.US, "survivor demand %s per young GC does not fit a young generation of %s:"
            + " grow young to %d MB with SurvivorRatio=6", Sizes.mb(demand), Sizes.mb(young), newYoungMb);
        // the old generation must keep room for its live set (what a Full GC leaves), or the
        // bigger young generation trades premature promotion for Full GCs of a full old gen
        long roomMb = Sizes.youngRoomMb(a);
        if (roomMb >= 0 && roomMb < newYoungMb) {
          long heap = Sizes.heap(a);
          double live = Sizes.liveSet(a);
          if (roomMb >= Math.max(16, (young >> 20) + 16)) {
            sizing += String.format(Locale.US, ", but the old generation needs %.1fx its live set of %s: young"
                + " at most %d MB of the %s heap", Sizes.OLD_HEADROOM, Sizes.mb(live), roomMb, Sizes.mb(heap));
            newYoungMb = roomMb;
          } else {
            sizing += String.format(Locale.US, "; the %s heap is too small for that next to a live set of %s"
                + " (old needs %.1fx it): give the heap more room as well", Sizes.mb(heap), Sizes.mb(live),
                Sizes.OLD_HEADROOM);
          }
        }
        flags.add("-Xmn" + Sizes.flagValue(newYoungMb));
        flags.add("-XX:SurvivorRatio=6");
      }
      if (a.jvm().collector() == Collector.PARALLEL) {
        flags.add("-XX:-UseAdaptiveSizePolicy");
        sizing += " (Parallel's adaptive sizing overrides SurvivorRatio unless it is turned off)";
      }
    } else {
      sizing = "the log does not show survivor sizes; enable -XX:+PrintTenuringDistribution (JDK 8) or"
          + " -Xlog:gc+age=trace to size survivors";
    }
    List<io.jtune.core.aggregate.Example> ev = new ArrayList<>(m.lowThreshold().examples());
    ev.addAll(m.survivorOverflow().examples());
    ev.addAll(m.bigPromotions().examples());
    out.add(new Finding("premature-promotion", fulls > 0 ? Severity.CRITICAL : Severity.WARNING,
        "Premature promotion: survivors overflow and short-lived objects reach the old generation",
        ev.subList(0, Math.min(ev.size(), 10)),
        Math.max(m.thresholdBelowMax(), Math.max(m.survivorFull(), m.youngGcsWithPromotion())),
        String.join("; ", why) + ". Give survivors room for what a young GC keeps: " + sizing + ".",
        flags));
  }
}
