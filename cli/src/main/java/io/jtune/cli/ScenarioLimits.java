package io.jtune.cli;

import io.jtune.common.JtuneException;
import io.jtune.experiment.plan.Plan;
import io.jtune.lab.catalog.LabScenario;
import io.jtune.runtime.container.ContainerLimits;
import io.jtune.runtime.lab.LabLauncher;

/**
 * The container limits a plan's lab scenario brings: a scenario that reproduces a container case
 * runs in its container ({@link LabScenario#containerMemory()}, {@link LabScenario#containerCpus()})
 * unless the plan sets limits of its own (top-level or on a level) or the command line gives them.
 */
final class ScenarioLimits {
  private ScenarioLimits() {}

  /**
   * The scenario's limits, each replaced by the one the options give (checked), or none: not a
   * lab, the plan sets limits, or the scenario runs in no container.
   */
  static ContainerLimits of(Plan plan, ContainerLimitOptions options) {
    if (!plan.target().isLab() || plan.anyLimits()) {
      return ContainerLimits.none();
    }
    LabScenario sc;
    try {
      sc = LabLauncher.locate().scenario(plan.target().lab());
    } catch (JtuneException e) {
      return ContainerLimits.none(); // the plan's preflight names an unknown scenario
    }
    return sc.inContainer() ? options.checked(sc) : ContainerLimits.none();
  }
}
