package io.jtune.experiment.report;

import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.Plan;

/**
 * Whether every request of an experiment was the same: one URL with no per-request value, the same
 * body and headers, no data file, no replayed log. A service that keys what it keeps by what
 * requests carry (an id, a user, a search term) then holds one entry and hits one cache line: its
 * memory and latency under real traffic are not what the runs showed.
 */
public final class UniformLoad {
  /** What the report says when every request was the same. */
  public static final String NOTE = "every request was the same (one URL, the same body and headers): if the service"
      + " stores or caches by request content, use templates (${uuid}, --data) or --replay";

  private UniformLoad() {}

  /** The note when every level of the plan sent one and the same request, else null. */
  public static String note(Plan plan) {
    return note(plan.levels());
  }

  /** The note when every one of the levels sent one and the same request, else null. */
  public static String note(java.util.List<Level> levels) {
    return !levels.isEmpty() && levels.stream().allMatch(UniformLoad::uniform) ? NOTE : null;
  }

  private static boolean uniform(Level l) {
    return l.urls().size() == 1 && !varies(l.urls().get(0)) && l.request().uniform();
  }

  /** Whether a URL holds a per-request reference ({@code $${} is a literal, {@code ${env:NAME}} the same each time). */
  private static boolean varies(String url) {
    String u = url.replace("$${", "").replaceAll("\\$\\{env:[^}]*}", "");
    // a reference kept percent-encoded in a URI
    return u.contains("${") || u.contains("$%7B") || u.contains("$%7b");
  }
}
