package io.jtune.gc.finding;

import io.jtune.common.finding.Severity;
import io.jtune.gc.aggregate.PhaseAggregator;
import io.jtune.gc.facts.GcFacts;
import io.jtune.gc.model.MemoryModel;
import java.util.List;
import java.util.Locale;

/**
 * G1 young pauses dominated by root and card scanning rather than copying: the
 * cost is finding old-to-young references, which object-lifetime fixes cut, not heap sizing.
 */
final class RootScanningRule implements FindingRule {
  private static final String[] SCANNING = {"ext root scanning", "update rs", "scan rs", "merge heap roots",
      "scan heap roots", "code root scanning", "scan hcc", "merge rs", "root region scan"};

  /** Scanning under this many milliseconds per pause is not worth a finding, whatever its share. */
  static final double MIN_SCAN_MS = 1.0;

  @Override
  public void evaluate(GcFacts a, MemoryModel model, List<Finding> out) {
    PhaseAggregator ph = a.phases();
    if (ph.pausesWithPhases() < 5) {
      return;
    }
    double scan = ph.totalMsMatching(SCANNING);
    double copy = ph.totalMsMatching("object copy");
    if (scan + copy <= 0 || scan < copy || scan / (scan + copy) < 0.5) {
      return;
    }
    double meanPause = ph.pauseMsWithPhases() / ph.pausesWithPhases();
    // a share of nothing is nothing: scanning must cost a material time per pause
    if (scan / ph.pausesWithPhases() < MIN_SCAN_MS) {
      return;
    }
    String title = String.format(Locale.US,
        "Root/card scanning takes %.0f%% of scanning+copy time in young pauses (%.1f ms vs object copy %.1f ms per pause)",
        100 * scan / (scan + copy), scan / ph.pausesWithPhases(), copy / ph.pausesWithPhases());
    out.add(new Finding("root-scanning", meanPause >= a.pauses().pauseTargetMs() / 5 ? Severity.WARNING : Severity.INFO, title,
        List.of(), ph.pausesWithPhases(),
        "Young pauses spend their time finding references from old to young objects (remembered sets,"
            + " dirty cards), not copying survivors. Typical causes: caches whose entries are rewritten while"
            + " old (LinkedHashMap LRU links), long-lived objects pointing at per-request ones. Bound such"
            + " caches or move them off the heap, drop references to request objects, and bound queues so timed-out work does"
            + " not linger.",
        List.of()));
  }
}
