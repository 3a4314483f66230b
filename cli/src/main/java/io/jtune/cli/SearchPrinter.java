package io.jtune.cli;

import io.jtune.experiment.report.Delta;
import io.jtune.experiment.search.Arm;
import io.jtune.experiment.search.Footprint;
import io.jtune.experiment.search.MemoryGrid;
import io.jtune.experiment.search.SearchListener;
import java.io.PrintWriter;
import java.util.List;

/** Prints a search as it goes: the race's rounds and what leaves it, the memory search's probes, the search's report. */
abstract class SearchPrinter implements SearchListener {
  protected final PrintWriter o;

  SearchPrinter(PrintWriter out) {
    this.o = out;
  }

  @Override
  public void roundStarting(int round, List<Arm> racing) {
    if (round == 1) {
      o.println();
      o.println("3/4  search: " + racing.size() + " configurations race at the load, one more run each per round;"
          + " from run " + Delta.MIN_RUNS + " on, what misses the SLO or cannot win leaves");
    }
    o.println("  round " + round + ": " + String.join(", ", racing.stream().map(Arm::name).toList()));
    o.flush();
  }

  @Override
  public void probing(int order, MemoryGrid.Step step, String why) {
    if (order == 1) {
      o.println();
      o.println("3/4  search: the memory, one size at a time (a few runs each); a size meets the SLO when every run"
          + " served and the means are within it");
    }
    o.println("  probe " + order + ": " + step.name(step.mb() != step.heapMb()) + " (" + why + ")");
    o.flush();
  }

  @Override
  public void probed(Footprint.Probe probe) {
    o.println("    " + (probe.met() ? "met the SLO" : "missed: " + probe.miss()));
    o.flush();
  }

  @Override
  public void refining(Arm probe) {
    if (probe.probe() == 1) {
      o.println("  refinement: the values between the winner and the listed value below it that did not qualify,"
          + " bisected, as many runs each as the winner had");
    }
    o.println("  probe " + probe.probe() + ": " + probe.name() + " (" + probe.probedWhy() + ")");
    o.flush();
  }

  @Override
  public void refined(Arm probe) {
    o.println("    " + (probe.dropped() == null ? "met the SLO" : probe.dropped()));
    o.flush();
  }

  @Override
  public void dropped(Arm arm) {
    o.println("  - " + arm.name() + " leaves the race: " + arm.dropped());
  }

  @Override
  public void stoppedEarly(String why) {
    o.println("  " + why);
  }
}
