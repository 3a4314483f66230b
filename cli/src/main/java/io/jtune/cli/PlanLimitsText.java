package io.jtune.cli;

import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanWriter;
import io.jtune.runtime.container.ContainerLimits;
import java.util.List;

/**
 * The plan text an experiment keeps (for {@code --resume}) when {@code --memory-limit} or
 * {@code --cpus} gave it limits: the plan file as written with a top-level {@code limits:} added,
 * or, when the file sets its own, the whole plan written anew with the given ones.
 */
final class PlanLimitsText {
  private PlanLimitsText() {}

  /**
   * @param text the plan file's text
   * @param hadLimits whether the file sets top-level limits of its own
   * @param plan the plan with the limits the runs get
   */
  static String withLimits(String text, boolean hadLimits, Plan plan) {
    if (hadLimits) {
      return new PlanWriter().header(List.of("the plan as run by jtune experiment, its limits from --memory-limit and"
          + " --cpus")).write(plan);
    }
    ContainerLimits l = plan.limits();
    StringBuilder sb = new StringBuilder(text);
    if (!text.isEmpty() && !text.endsWith("\n")) {
      sb.append('\n');
    }
    sb.append("# from jtune experiment --memory-limit / --cpus\nlimits:\n");
    if (l.memory() != null) {
      sb.append("  memory: \"").append(l.memory()).append("\"\n");
    }
    if (l.cpus() != null) {
      sb.append("  cpu: \"").append(l.cpus()).append("\"\n");
    }
    return sb.toString();
  }
}
