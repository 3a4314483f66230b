package io.jtune.gc.finding;

import io.jtune.gc.facts.GcFacts;
import io.jtune.gc.model.MemoryModel;
import java.util.List;

/** One diagnosis: reads the finished facts of an analysis and their memory model, and adds the findings they support. */
@FunctionalInterface
public interface FindingRule {
  void evaluate(GcFacts facts, MemoryModel model, List<Finding> out);
}
