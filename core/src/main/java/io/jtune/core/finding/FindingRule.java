package io.jtune.core.finding;

import io.jtune.core.analysis.Analysis;
import java.util.List;

/** One diagnosis: looks at an analysis and adds the findings it supports. */
@FunctionalInterface
public interface FindingRule {
  void evaluate(Analysis analysis, List<Finding> out);
}
