package io.jtune.experiment.suggest.rule;

import io.jtune.common.jvm.FlagAvailability;
import io.jtune.common.jvm.FlagSet;
import io.jtune.common.jvm.JdkRange;
import io.jtune.common.jvm.JvmOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The flags a target JDK has, the others noted and dropped: for the baseline and every candidate. */
public final class UsableFlags {
  private UsableFlags() {}

  /**
   * The flags of {@code changes} every JDK of {@code jdk} has; for the others a note to
   * {@code notes} (once) naming {@code what} they were for and why they are left out, and a note
   * for a flag some JDK of the target deprecates (kept: it still works there). Empty when
   * only flags that unlock others remain.
   */
  public static List<String> of(List<String> changes, String what, JdkRange jdk, List<String> notes) {
    List<String> out = new ArrayList<>();
    Map<String, List<String>> missing = new LinkedHashMap<>();
    for (String f : changes) {
      if (FlagAvailability.available(f, jdk)) {
        out.add(f);
        JvmOption.named(FlagSet.option(f)).filter(o -> o.deprecatedInSome(jdk)).ifPresent(o -> {
          String note = AdviceText.deprecated(what, f, o.deprecatedIn());
          if (!notes.contains(note)) {
            notes.add(note);
          }
        });
      } else {
        missing.computeIfAbsent(FlagAvailability.whyMissing(f, jdk), k -> new ArrayList<>()).add(f);
      }
    }
    missing.forEach((why, fs) -> {
      String note = AdviceText.leftOut(what, fs, jdk, why);
      if (!notes.contains(note)) {
        notes.add(note);
      }
    });
    if (out.stream().allMatch(FlagSet::unlocks)) {
      return List.of();
    }
    return out;
  }

}
