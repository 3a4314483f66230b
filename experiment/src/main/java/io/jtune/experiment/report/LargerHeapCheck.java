package io.jtune.experiment.report;

import io.jtune.common.jvm.JvmFlags;
import io.jtune.common.jvm.JvmOption;
import io.jtune.common.units.ByteSize;
import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.run.RunResult;
import java.util.List;
import java.util.Locale;

/**
 * The experiment an engineer runs before calling a heap that filled a leak: the same load at a
 * larger heap. A baseline whose GC logs show a live set that filled its heap cannot, from those logs
 * alone, be told from a store or cache whose bound the heap does not hold. A candidate with at least
 * {@value #TIMES}x the baseline's heap whose every run succeeded, collected its old generation
 * (a Full GC in its measured window, so that its live set was measured) and showed no leak settles
 * it: the live set levels off there, a heap too small for what the service holds. Without such a
 * candidate the leak verdict stands.
 */
final class LargerHeapCheck {
  /** How much larger than the baseline's the candidate's heap must be. */
  static final double TIMES = 2.0;

  private static final String LEAK = "memory-leak";

  private LargerHeapCheck() {}

  /** Why the baseline's leak is a heap too small, in one sentence, or null when nothing refutes it. */
  static String refutation(Plan plan, List<String> baseFlags, List<RunResult> runs) {
    long baseHeap = maxHeap(baseFlags, plan.candidate(plan.baseline()).map(Candidate::flags).orElse(List.of()));
    if (baseHeap <= 0) {
      return null;
    }
    for (Candidate c : plan.candidates()) {
      long heap = maxHeap(baseFlags, c.flags());
      if (c.name().equals(plan.baseline()) || heap < TIMES * baseHeap) {
        continue;
      }
      List<RunResult> rs = runs.stream().filter(r -> r.candidate().equals(c.name())).toList();
      boolean settled = !rs.isEmpty() && rs.stream().allMatch(r -> r.ok() && !r.oomKilled()
          && (r.gcProblem() == null || !LEAK.equals(r.gcProblem().code()))
          && r.metric(Metric.FGC_COUNT.key()) >= 1);
      if (settled) {
        return String.format(Locale.US, "the baseline's heap (%s) filled, which its GC logs alone cannot tell from a"
            + " leak; at %s (%s) the old generation was collected in every one of %d runs and its live set did not"
            + " grow: a heap too small for what the service holds (a store or cache that fills to its bound), not a"
            + " leak", ByteSize.human(baseHeap), ByteSize.human(heap), c.name(), rs.size());
      }
    }
    return null;
  }

  /** The -Xmx in force for {@code baseFlags} followed by {@code flags} (the last one wins), or -1. */
  static long maxHeap(List<String> baseFlags, List<String> flags) {
    return JvmFlags.of(baseFlags).with(flags).bytes(JvmOption.MAX_HEAP_SIZE).orElse(-1);
  }
}
