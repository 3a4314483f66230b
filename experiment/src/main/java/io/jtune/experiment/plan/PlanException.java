package io.jtune.experiment.plan;

import io.jtune.common.JtuneException;

/** A plan that cannot run, with the plan file and line in its one-line message. */
public final class PlanException extends JtuneException {
  public PlanException(String message) {
    super(message);
  }

  public PlanException(String message, Throwable cause) {
    super(message, cause);
  }
}
