package io.jtune.experiment.report;

import io.jtune.common.format.Markdown;
import io.jtune.common.format.TerminalText;
import io.jtune.gc.render.AnalysisText;
import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.run.RunResult;
import io.jtune.experiment.attribution.AttributionText;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The experiment report as terminal text or Markdown: per level the comparison table
 * (each metric's mean ± sd per candidate, change vs the baseline with its 95 % interval), the
 * goal verdicts and the winner; then the recommendation and the winner's flag diff.
 */
public final class ExperimentText {
  /** The rows: GC (YGC and FGC count and time per minute) first, then latency, throughput, resources. */
  public static final List<Metric> ROWS = List.of(
      Metric.YGC_PER_MIN_PEAK, Metric.YGC_PER_MIN_MEAN, Metric.YGC_MS_PER_MIN_PEAK, Metric.YGC_MS_PER_MIN_MEAN,
      Metric.YGC_PAUSE, Metric.FGC_PER_MIN_PEAK, Metric.FGC_PER_MIN_MEAN, Metric.FGC_MS_PER_MIN_PEAK,
      Metric.FGC_MS_PER_MIN_MEAN, Metric.FGC_COUNT, Metric.STARTUP_FGC, Metric.MAX_PAUSE, Metric.GC_TIME_SHARE,
      Metric.P99, Metric.P95, Metric.P50, Metric.LATENCY_MAX, Metric.SLOW_IN_PAUSE, Metric.ALL_IN_PAUSE,
      Metric.PAUSE_MS_PER_SLOW, Metric.PAUSE_MS_IN_SLOW, Metric.THROUGHPUT, Metric.ERRORS, Metric.CPU,
      Metric.OTHERS_CPU, Metric.RSS, Metric.RSS_OF_LIMIT, Metric.THROTTLED_PERIODS, Metric.THROTTLED_PCT,
      Metric.THROTTLED_TIME);

  private ExperimentText() {}

  /**
   * "-42% [-50%, -34%]", "+3% [-4%, +9%] n.s.", the absolute change when the baseline is 0,
   * "=" when both sides have the same value in every run, "n/a" when a side has no value, and
   * "inconclusive (n=2)" when a side has too few runs for an interval.
   */
  public static String change(Delta d) {
    if (d == null || d.status() == Delta.Status.NOT_APPLICABLE) {
      return "n/a";
    }
    if (d.status() == Delta.Status.EQUAL) {
      return "=";
    }
    if (d.status() == Delta.Status.TOO_FEW_RUNS) {
      return "inconclusive (n=" + d.n() + ")";
    }
    if (Double.isNaN(d.pct())) {
      return String.format(Locale.US, "%+.3g", d.diff()) + (d.significant() ? "" : " n.s.");
    }
    // a change under 1 % in all three figures gets a decimal: "+0.1% [+0.0%, +0.1%]", not "+0% [+0%, +0%]"
    String f = Math.max(Math.abs(d.pct()), Math.max(Math.abs(d.pctLow()), Math.abs(d.pctHigh()))) < 1 ? "%+.1f%%"
        : "%+.0f%%";
    if (d.pctLow() == d.pctHigh()) {
      return String.format(Locale.US, f, d.pct());
    }
    return String.format(Locale.US, f + " [" + f + ", " + f + "]%s", d.pct(), d.pctLow(), d.pctHigh(),
        d.significant() ? "" : " n.s.");
  }

  /**
   * {@link #change(Delta)} of a metric, with " n.p." after a significant change within the metric's
   * practical floor ({@link PracticalFloor}): no practical difference.
   */
  public static String change(Metric m, Delta d) {
    return change(d) + (d != null && d.negligible(m) ? " n.p." : "");
  }

  /** "12.30 ± 0.40" over several runs, "12.30" over one, "-" without any. */
  public static String meanSd(Metric m, Summary s) {
    return s == null ? "-" : s.n() > 1 ? m.format(s.mean()) + " ± " + m.format(s.sd()) : m.format(s.mean());
  }

  /** The change in percent only, such as "-42 %". */
  static String pctText(Delta d) {
    return d == null || Double.isNaN(d.pct()) ? "n/a" : String.format(Locale.US, "%+.0f %%", d.pct());
  }

  public static void text(ExperimentReport r, PrintWriter o) {
    write(r, o, false);
  }

  public static void markdown(ExperimentReport r, PrintWriter o) {
    write(r, o, true);
  }

  private static void write(ExperimentReport r, PrintWriter o, boolean md) {
    var plan = r.plan();
    if (md) {
      o.println("# Experiment: " + esc(plan.name(), md));
      o.println();
    } else {
      o.println("Experiment: " + esc(plan.name(), false));
    }
    long ok = r.runs().stream().filter(RunResult::ok).count();
    line(o, md, "Verdict: " + verdictWords(r.recommendation()) + " (see the recommendation below)");
    line(o, md, "Target: " + plan.target().describe() + (r.baseFlags().isEmpty() ? ""
        : " (its flags: " + String.join(" ", r.baseFlags()) + ")"));
    if (plan.anyLimits()) {
      line(o, md, "Container limits: " + (plan.limits().any() ? plan.limits().describe() : "per level")
          + (plan.candidateLimits() ? "; candidates with limits of their own run under those" : "")
          + " (each run's service, its whole process tree, in a fresh cgroup with these limits)");
    }
    line(o, md, String.format(Locale.US, "Runs: %d of %d done, %d failed; %d repetitions per candidate and level, %s order",
        r.runs().size(), r.runsPlanned(), r.runs().size() - ok, plan.repetitions(), plan.order().key()
        + (plan.shuffle() > 0 ? ", each round's candidates shuffled (" + plan.shuffle() + ")" : "")));
    for (String s : EarlyStopText.lines(r.earlyStop())) {
      line(o, md, s);
    }
    String uniform = UniformLoad.note(plan);
    if (uniform != null) {
      line(o, md, "Load: " + uniform + ".");
    }
    line(o, md, "Candidates:");
    for (var c : plan.candidates()) {
      String flags = c.flags().isEmpty() ? "(no added flags)" : String.join(" ", c.flags());
      bullet(o, md, c.name() + (c.name().equals(plan.baseline()) ? " [baseline]" : "") + ": " + flags
          + (c.limits().any() ? " [its own limits: " + c.limits().describe() + "]" : "")
          + (c.reason().isBlank() ? "" : " — " + c.reason()));
    }
    for (var l : r.levels()) {
      o.println();
      String limits = ContainerText.limits(plan, l.level());
      String head = "Level " + l.level().name() + ": " + l.level().describeLoad() + "; warm-up "
          + secs(l.level().warmup()) + (l.level().steadyWarmup() ? " until steady (at most "
          + secs(l.level().maxWarmup()) + ")" : "") + ", " + secs(l.level().duration()) + " measured"
          + (limits == null ? "" : "; container limits " + limits);
      if (md) {
        o.println("## " + esc(head, md));
        o.println();
      } else {
        o.println(esc(head, false));
      }
      List<String> own = ContainerText.candidateLimits(plan, l.level());
      if (!own.isEmpty()) {
        line(o, md, "Candidates under limits of their own at " + l.level().name() + ":");
        own.forEach(e -> bullet(o, md, e));
        o.println();
      }
      table(o, md, l);
      o.println();
      line(o, md, "mean ± sd over the successful runs; change = candidate vs " + plan.baseline()
          + " with its " + (r.earlyStop() != null && SequentialDesign.of(plan).hasInterimLooks()
              ? "confidence interval at the level of its look (early stopping, above)" : "95 % confidence interval")
          + " (Welch; ratio of geometric means where every value is positive);"
          + " n.s. = no significant difference (the interval spans zero); = the same in every run; n/a = no value"
          + " on a side; inconclusive (n=2) = too few runs for an interval; n.p. = no practical difference"
          + " (significant, but within the metric's floor: latency " + PracticalFloor.of(Metric.P99).words()
          + ", throughput " + PracticalFloor.of(Metric.THROUGHPUT).words() + ", CPU " + PracticalFloor.of(Metric.CPU).words()
          + ", peak RSS " + PracticalFloor.of(Metric.RSS).words() + ", GC time share "
          + PracticalFloor.of(Metric.GC_TIME_SHARE).words() + "; none for errors and Full GCs)");
      for (var c : l.candidates()) {
        if (c.failedRuns() > 0) {
          long killed = ContainerText.oomKilledRuns(r.runs().stream()
              .filter(x -> x.level().equals(l.level().name())).toList(), c.candidate().name());
          line(o, md, "  " + c.candidate().name() + ": " + c.failedRuns() + " run(s) failed (" + (killed == 0 ? ""
              : killed + " killed by the container's memory limit; ") + "see the run list)");
        }
        int fewRuns = c.deltas().values().stream().filter(d -> d.status() == Delta.Status.TOO_FEW_RUNS)
            .mapToInt(Delta::n).min().orElse(0);
        if (!c.baseline() && c.okRuns() > 0 && fewRuns > 0) {
          line(o, md, "  " + c.candidate().name() + " vs " + plan.baseline() + ": too few runs for an interval (n="
              + fewRuns + ", at least " + Delta.MIN_RUNS + " a side): the changes are inconclusive");
        } else if (!c.baseline() && c.okRuns() > 0 && c.significant().isEmpty()) {
          line(o, md, "  " + c.candidate().name() + " vs " + plan.baseline() + ": no significant difference in any metric");
        }
      }
      String warm = WarmupText.line(l.level(), r.runs());
      if (warm != null) {
        line(o, md, warm);
      }
      for (Overload.Finding f : Overload.of(plan, r.runs())) {
        if (f.level().equals(l.level().name())) {
          line(o, md, "  " + f.words());
        }
      }
      if (!l.level().goals().isEmpty()) {
        line(o, md, "Goals:");
        for (var c : l.candidates()) {
          for (var v : c.goals()) {
            if (c.baseline() && v.goal().relative()) {
              continue;
            }
            bullet(o, md, c.candidate().name() + " — " + v.goal().describe() + ": " + outcome(v) + " (" + v.evidence() + ")");
          }
        }
      }
      line(o, md, "Winner at " + l.level().name() + ": " + (l.winner() == null ? "none" : l.winner()));
      for (String reason : l.reasons()) {
        bullet(o, md, reason);
      }
      List<RunResult> levelRuns = r.runs().stream().filter(x -> x.level().equals(l.level().name())).toList();
      endpoints(o, md, r, l);
      attribution(o, md, levelRuns);
      container(o, md, plan, r.baseFlags(), l.level(), levelRuns);
      nativeMemory(o, md, levelRuns);
    }
    o.println();
    var rec = r.recommendation();
    if (md) {
      o.println("## Recommendation");
      o.println();
    } else {
      o.println("Recommendation");
    }
    line(o, md, "Verdict: " + verdictWords(rec));
    line(o, md, rec.summary());
    for (String reason : rec.reasons()) {
      bullet(o, md, reason);
    }
    if (!rec.flagDiff().isEmpty()) {
      line(o, md, "Flags of " + rec.winner() + " vs " + plan.baseline() + ":");
      for (String d : rec.flagDiff()) {
        bullet(o, md, d);
      }
    }
    List<RunResult> failed = r.runs().stream().filter(x -> !x.ok()).toList();
    if (!failed.isEmpty()) {
      o.println();
      line(o, md, "Failed runs:");
      for (RunResult f : failed) {
        bullet(o, md, f.id() + ": " + f.failure() + (f.outputTail() == null || f.outputTail().isEmpty() ? ""
            : " — last output: " + f.outputTail().get(f.outputTail().size() - 1)));
      }
    }
    o.flush();
  }

  /** Per endpoint and candidate: throughput, p50 and p99 (means over the runs) and errors. */
  private static void endpoints(PrintWriter o, boolean md, ExperimentReport r, ExperimentReport.LevelReport l) {
    List<EndpointTable.Row> rows = EndpointTable.of(r, l);
    if (rows.isEmpty()) {
      return;
    }
    line(o, md, "Per endpoint (means over the successful runs; errors of all of them):");
    if (md) {
      o.println(Markdown.row(List.of("endpoint", "candidate", "req/s", "p50 ms", "p99 ms", "errors")));
      o.println("|" + "---|".repeat(6));
    } else {
      o.printf(Locale.US, "  %-40s %-20s %10s %9s %9s %8s%n", "endpoint", "candidate", "req/s", "p50 ms", "p99 ms",
          "errors");
    }
    for (EndpointTable.Row e : rows) {
      if (md) {
        o.println(Markdown.row(List.of(e.endpoint(), e.candidate(), String.format(Locale.US, "%.1f", e.throughputRps()),
            String.format(Locale.US, "%.3f", e.p50Ms()), String.format(Locale.US, "%.3f", e.p99Ms()),
            String.valueOf(e.errors()))));
      } else {
        o.printf(Locale.US, "  %-40s %-20s %10.1f %9.3f %9.3f %8d%n", e.endpoint(), e.candidate(), e.throughputRps(),
            e.p50Ms(), e.p99Ms(), e.errors());
      }
    }
  }

  /**
   * Each run's requests lined up with the target's GC pauses: how many of the requests slower than
   * the run's p99 were held up by a pause, against all requests.
   */
  private static void attribution(PrintWriter o, boolean md, List<RunResult> runs) {
    List<RunResult> with = runs.stream().filter(x -> x.gcAttribution() != null).toList();
    if (with.isEmpty()) {
      return;
    }
    line(o, md, "Latency-to-GC attribution per run (requests lined up with the stop-the-world pauses of the"
        + " run's GC log):");
    for (RunResult x : with) {
      bullet(o, md, x.id() + ": " + AttributionText.summary(x.gcAttribution()));
    }
  }

  /** The native memory of each run that tracked it (the baseline's), one line a run. */
  private static void nativeMemory(PrintWriter o, boolean md, List<RunResult> runs) {
    List<RunResult> with = runs.stream().filter(x -> x.nativeMemory() != null).toList();
    if (with.isEmpty()) {
      return;
    }
    line(o, md, NativeMemoryText.ABOUT);
    for (RunResult x : with) {
      bullet(o, md, x.id() + ": " + NativeMemoryText.summary(x.nativeMemory()));
    }
  }

  /** What the JVM chose inside the limits (per candidate) and what the container did (per run). */
  private static void container(PrintWriter o, boolean md, io.jtune.experiment.plan.Plan plan, List<String> baseFlags,
      io.jtune.experiment.plan.Level level, List<RunResult> runs) {
    List<String> ergonomics = ContainerText.ergonomics(plan.candidates(), runs);
    if (!ergonomics.isEmpty()) {
      line(o, md, "JVM ergonomics (what the JVM chose for itself, from jcmd VM.flags -all and VM.info):");
      ergonomics.forEach(e -> bullet(o, md, e));
    }
    ContainerText.collectorChanges(plan, baseFlags, level, runs).forEach(e -> bullet(o, md, e));
    List<String> perRun = ContainerText.perRun(runs);
    if (!perRun.isEmpty()) {
      line(o, md, "Container per run:");
      perRun.forEach(e -> bullet(o, md, e));
    }
  }

  /** The verdict in words, such as "adopt young-sizing" or "not a GC problem". */
  public static String verdictWords(ExperimentReport.Recommendation rec) {
    return rec.verdict().words() + (rec.winner() == null ? "" : " " + rec.winner());
  }

  private static String outcome(ExperimentReport.GoalVerdict v) {
    return switch (v.outcome()) {
      case MET -> v.improved() ? "met, improved" : "met";
      case MISSED -> "NOT met";
      case UNSETTLED -> "not settled";
    };
  }

  private static void table(PrintWriter o, boolean md, ExperimentReport.LevelReport l) {
    List<String> headers = new ArrayList<>();
    headers.add("metric");
    for (var c : l.candidates()) {
      headers.add(c.candidate().name() + (c.baseline() ? " (baseline)" : ""));
      if (!c.baseline()) {
        headers.add("change");
      }
    }
    List<List<String>> rows = new ArrayList<>();
    for (Metric m : ROWS) {
      if (l.candidates().stream().noneMatch(c -> c.metrics().containsKey(m))) {
        continue;
      }
      List<String> row = new ArrayList<>();
      row.add(m.labelWithUnit());
      for (var c : l.candidates()) {
        Summary s = c.metrics().get(m);
        row.add(meanSd(m, s));
        if (!c.baseline()) {
          row.add(change(m, c.deltas().get(m)));
        }
      }
      rows.add(row);
    }
    if (md) {
      o.println(Markdown.row(headers));
      o.println("|" + "---|".repeat(headers.size()));
      for (List<String> row : rows) {
        o.println(Markdown.row(row));
      }
    } else {
      AnalysisText.table(o, headers, rows);
    }
  }

  private static void line(PrintWriter o, boolean md, String s) {
    o.println(md ? esc(s, true) + "  " : esc(s, false));
  }

  private static void bullet(PrintWriter o, boolean md, String s) {
    o.println(md ? "- " + esc(s, true) : "  - " + esc(s, false));
  }

  /** Plan text, target output and failures made safe for a terminal, and for Markdown when {@code md}. */
  private static String esc(String s, boolean md) {
    return md ? Markdown.escape(s) : TerminalText.safe(s);
  }

  private static String secs(java.time.Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : String.format(Locale.US, "%.1f s", d.toMillis() / 1000.0);
  }
}
