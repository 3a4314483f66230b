package io.jtune.experiment.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** What early stopping did, in the report's words: a headline, the design, and each stop with its reason. */
public final class EarlyStopText {
  private EarlyStopText() {}

  /** The lines, none when early stopping is off. */
  public static List<String> lines(EarlyStop e) {
    List<String> out = new ArrayList<>();
    if (e == null) {
      return out;
    }
    out.add("Early stopping: " + headline(e));
    out.add("  design: " + e.design() + "; false adoption at most 5 % however early it stops"
        + " (turn it off with earlyStopping: false or --no-early-stopping)");
    for (EarlyStop.Stop s : e.stops()) {
      out.add("  " + s.level() + "/" + s.candidate() + (s.rounds() == 0 ? " not run: "
          : " stopped after " + s.rounds() + " round(s): ") + s.why());
    }
    return out;
  }

  /** "stopped early: 12 of 30 runs not needed; ..." or "every repetition was needed". */
  public static String headline(EarlyStop e) {
    if (!e.stoppedEarly()) {
      return String.format(Locale.US, "on; every run was needed (%.1f run-minutes)", e.runMinutes());
    }
    return String.format(Locale.US, "stopped early, %d of %d runs not needed; %.1f run-minutes against %.1f for the"
        + " fixed design (%.0f %%, %.1f saved)", e.runsSkipped(), e.runsPlanned(), e.runMinutes(), e.fixedRunMinutes(),
        e.pctOfFixed(), e.fixedRunMinutes() - e.runMinutes());
  }
}
