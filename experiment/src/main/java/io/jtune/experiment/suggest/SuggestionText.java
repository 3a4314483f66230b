package io.jtune.experiment.suggest;

import io.jtune.common.format.TerminalText;
import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Goal;
import io.jtune.experiment.plan.Level;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A suggestion as text for a terminal: the verdict, the evidence, each candidate with its reason, levels and goals. */
public final class SuggestionText {
  private static final int WIDTH = 100;

  private SuggestionText() {}

  public static void write(Suggestion s, PrintWriter out) {
    out.println("Suggestion for " + s.collector() + ", " + s.jdk().describe());
    wrapped(out, "  ", s.verdict());
    out.println();
    out.println("Evidence");
    for (String e : s.evidence()) {
      wrapped(out, "  ", e);
    }
    out.println();
    out.println("Baseline");
    wrapped(out, "  ", s.baselineFlags().isEmpty() ? "(the target's own flags; none known from the log)"
        : String.join(" ", s.baselineFlags()));
    out.println();
    out.println("Candidates (flags added to the baseline's)");
    if (s.candidates().isEmpty()) {
      out.println("  none: no configuration worth comparing differs from the baseline");
    }
    int n = 1;
    for (Candidate c : s.candidates()) {
      wrapped(out, String.format(Locale.US, "  %d. %-14s ", n++, c.name()), String.join(" ", c.flags()), "     ");
      wrapped(out, "     why: ", c.reason(), "          ");
    }
    out.println();
    out.println("Load levels and goals (set per level, since GC behaviour grows with load)");
    for (Level l : s.levels()) {
      List<String> goals = new ArrayList<>();
      for (Goal g : l.goals().values()) {
        goals.add(g.describe());
      }
      goals.sort(null);
      wrapped(out, String.format(Locale.US, "  %-7s", l.name()), l.describeLoad() + "; goals: " + String.join(", ", goals),
          "         ");
    }
    if (!s.notes().isEmpty()) {
      out.println();
      out.println("Notes");
      for (String note : s.notes()) {
        wrapped(out, "  - ", note, "    ");
      }
    }
    out.flush();
  }

  private static void wrapped(PrintWriter out, String indent, String text) {
    wrapped(out, indent, text, indent);
  }

  /** {@code text} after {@code first}, wrapped at word boundaries, continuation lines after {@code rest}. */
  private static void wrapped(PrintWriter out, String first, String text, String rest) {
    String prefix = first;
    StringBuilder line = new StringBuilder();
    for (String w : TerminalText.safe(text).split(" ")) {
      if (line.length() > 0 && prefix.length() + line.length() + 1 + w.length() > WIDTH) {
        out.println(prefix + line);
        prefix = rest;
        line.setLength(0);
      }
      if (line.length() > 0) {
        line.append(' ');
      }
      line.append(w);
    }
    out.println(prefix + line);
  }
}
