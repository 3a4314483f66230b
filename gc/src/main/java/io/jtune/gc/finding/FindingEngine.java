package io.jtune.gc.finding;

import io.jtune.gc.model.MemoryModel;
import io.jtune.gc.facts.GcFacts;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Runs every finding rule over the finished facts of an analysis; the verdict rule runs last, seeing the others. */
public final class FindingEngine {
  private static final List<FindingRule> RULES = List.of(
      new PromotionFailureRule(),
      new HeapSizeRule(),
      new FullGcRule(),
      new MetadataThresholdRule(),
      new ExplicitGcRule(),
      new PrematurePromotionRule(),
      new HumongousRule(),
      new ConcurrentTroubleRule(),
      new DegeneratedCycleRule(),
      new LongYoungPauseRule(),
      new RootScanningRule(),
      new OldGenGrowthRule(),
      new ThroughputRule(),
      new OsInterferenceRule(),
      new FlagRules());

  private FindingEngine() {}

  /** The findings, most severe first (rule order within a severity). */
  public static List<Finding> evaluate(GcFacts facts, MemoryModel model) {
    List<Finding> out = new ArrayList<>();
    for (FindingRule r : RULES) {
      r.evaluate(facts, model, out);
    }
    new VerdictRule().evaluate(facts, model, out);
    List<Finding> sorted = new ArrayList<>(out);
    sorted.sort(Comparator.comparing(Finding::severity));
    return List.copyOf(sorted);
  }
}
