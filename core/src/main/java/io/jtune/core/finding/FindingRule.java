package io.jtune.core.finding;

import io.jtune.core.analysis.GcFacts;
import java.util.List;

/** One diagnosis: reads the finished facts of an analysis and adds the findings they support. */
@FunctionalInterface
public interface FindingRule {
  void evaluate(GcFacts analysis, List<Finding> out);
}
