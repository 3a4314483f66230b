package io.jtune.gc.diagnosis;

import io.jtune.gc.finding.Finding;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * On a leak, the findings that follow from the heap filling up (survivors overflowing, young too
 * small, evacuation and promotion failures, Full GCs) are consequences, and the flags they would
 * propose on their own (a survivor ratio, a bigger young generation, a reserve) contradict the
 * diagnosis that flags are not the fix: they keep their evidence but lose their flags, and say so.
 */
public final class LeakConsequences {
  private static final Set<String> CONSEQUENCES = Set.of("premature-promotion", "young-too-small", "evacuation-failure",
      "promotion-failure", "frequent-full-gc", "low-throughput", "long-young-pauses", "concurrent-mode-failure",
      "heap-too-small", "humongous-allocations");

  private LeakConsequences() {}

  public static List<Finding> apply(List<Finding> findings, Diagnosis d) {
    if (d.primary() != Problem.MEMORY_LEAK) {
      return findings;
    }
    List<Finding> out = new ArrayList<>(findings.size());
    for (Finding f : findings) {
      if (CONSEQUENCES.contains(f.id()) && (!f.flags().isEmpty() || !f.recommendation().contains("leak"))) {
        out.add(new Finding(f.id(), f.severity(), f.title(), f.evidence(), f.occurrences(),
            "A consequence of the memory leak (see its finding): the heap fills up, so this follows whatever the"
                + " flags; fix the leak first.", List.of()));
      } else {
        out.add(f);
      }
    }
    return out;
  }
}
