package io.jtune.gc.parser;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The cause of a Shenandoah cycle, from the "Trigger: ..." line its control thread logs before
 * it. An explicit or implicit request names the GC cause in parentheses, taken as it is
 * ("Trigger: Explicit GC request (System.gc())" is "System.gc()", as ZGC and G1 name it); a
 * heuristic's trigger loses its figures, so cycles started for the same reason share one cause
 * ("Trigger: Free (90079K) is below minimum threshold (91750K)" is "Free is below minimum
 * threshold"; the learning cycles of the adaptive heuristics are "Learning: free is below
 * initial threshold"). JDK 8 and unified logs word it alike.
 */
public final class ShenandoahTrigger {
  private static final Pattern REQUEST = Pattern.compile("(?:Explicit|Implicit) GC request \\((.+)\\)\\s*$");
  private static final Pattern FIGURES = Pattern.compile("\\s*\\([^()]*\\)");
  private static final Pattern LEARNING = Pattern.compile("^Learning \\d+ of \\d+\\.\\s*");

  private ShenandoahTrigger() {}

  /** The cause for the text after "Trigger: "; null when it is empty. */
  public static String cause(String text) {
    String t = text.strip();
    Matcher request = REQUEST.matcher(t);
    if (request.find() && request.start() == 0) {
      return request.group(1);
    }
    String s = FIGURES.matcher(t).replaceAll("");
    Matcher learning = LEARNING.matcher(s);
    if (learning.find()) {
      String rest = s.substring(learning.end());
      s = rest.isEmpty() ? "Learning" : "Learning: " + Character.toLowerCase(rest.charAt(0)) + rest.substring(1);
    }
    s = s.strip();
    if (s.endsWith(".")) {
      s = s.substring(0, s.length() - 1);
    }
    return s.isEmpty() ? null : s;
  }
}
