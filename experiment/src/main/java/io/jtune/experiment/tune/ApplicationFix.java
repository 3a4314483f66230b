package io.jtune.experiment.tune;

import java.util.List;

/**
 * A fix in the application rather than in the JVM flags, known for a lab case (such as a cache
 * moved off the heap): the session checks it with one run of the service so changed, beside its
 * first baseline run, so the diagnosis is checked against the known cause.
 *
 * @param what the fix in words ("the message cache moved off the heap")
 * @param labArgs the lab options that make the change
 */
public record ApplicationFix(String what, List<String> labArgs) {
  public ApplicationFix {
    labArgs = List.copyOf(labArgs);
  }
}
