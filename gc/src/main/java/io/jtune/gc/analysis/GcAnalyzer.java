package io.jtune.gc.analysis;

import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.gc.facts.GcFacts;
import io.jtune.common.jvm.JvmFlags;
import io.jtune.common.JtuneException;
import io.jtune.gc.aggregate.Aggregator;
import io.jtune.gc.aggregate.AnomalyAggregator;
import io.jtune.gc.aggregate.ConcurrentAggregator;
import io.jtune.gc.aggregate.JvmInfoAggregator;
import io.jtune.gc.aggregate.MemoryAggregator;
import io.jtune.gc.aggregate.PauseAggregator;
import io.jtune.gc.aggregate.PhaseAggregator;
import io.jtune.gc.aggregate.Span;
import io.jtune.gc.aggregate.WindowAggregator;
import io.jtune.gc.event.Collector;
import io.jtune.gc.event.GcEvent;
import io.jtune.gc.input.LogInputs;
import io.jtune.gc.parser.GcLogReader;
import io.jtune.gc.parser.JvmBoundaries;
import io.jtune.gc.parser.ParseReport;
import io.jtune.gc.parser.ReadProgress;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The analysis pipeline in one streaming pass: inputs -> reader (sniff, parse, timeline) ->
 * events -> aggregators; then the flags, the finished {@link GcFacts} and, from them, the findings.
 */
public final class GcAnalyzer {
  private GcAnalyzer() {}

  /** Analyzes the named inputs (paths, directories, archives, "-" for {@code stdin}). */
  public static Analysis analyze(List<String> inputs, InputStream stdin, AnalysisOptions options) {
    return analyze(inputs, stdin, options, ReadProgress.NONE);
  }

  /** As {@link #analyze(List, InputStream, AnalysisOptions)}, reporting reading progress. */
  public static Analysis analyze(List<String> inputs, InputStream stdin, AnalysisOptions options,
      ReadProgress progress) {
    String what = inputs.size() == 1 ? inputs.get(0) : inputs.size() + " inputs";
    return analyze(LogInputs.resolve(inputs, stdin), what, options, progress, e -> { });
  }

  /**
   * Analyzes resolved inputs ({@code what} names them in the nothing-to-analyze message), handing
   * every event to {@code listener} too, in timeline order, before the aggregators see it.
   */
  public static Analysis analyze(LogInputs.Resolved resolved, String what, AnalysisOptions options,
      ReadProgress progress, Consumer<GcEvent> listener) {
    return analyze(resolved, what, options, progress, listener, false, e -> true);
  }

  /**
   * Analyzes the GC log of one experiment run. A JVM whose log has its header but no collection
   * yet did not collect during the run (a large young generation, a short run): that is a result,
   * no GC at all, not an error as it is for a log given to {@code analyze}.
   */
  public static Analysis analyzeRun(String gcLog, AnalysisOptions options) {
    return analyzeOne(gcLog, options, true, e -> true);
  }

  /** Analyzes one GC log with only the events {@code keep} accepts (e.g. {@link StartupPauses}). */
  public static Analysis analyze(String gcLog, AnalysisOptions options, Predicate<GcEvent> keep) {
    return analyzeOne(gcLog, options, false, keep);
  }

  private static Analysis analyzeOne(String gcLog, AnalysisOptions options, boolean noCollectionIsResult,
      Predicate<GcEvent> keep) {
    return analyze(LogInputs.resolve(List.of(gcLog), InputStream.nullInputStream()), gcLog, options,
        ReadProgress.NONE, e -> { }, noCollectionIsResult, keep);
  }

  /**
   * One way to read a log: the options, the events it keeps, and whether a log with its header
   * but no collection is a result (an experiment run) rather than nothing to analyze.
   */
  public record View(AnalysisOptions options, Predicate<GcEvent> keep, boolean noCollectionIsResult) {
  }

  /** The analysis of one {@link View}, or the one-line error there is instead. */
  public record Viewed(Analysis analysis, JtuneException failure) {
    /** The analysis, or the error thrown. */
    public Analysis get() {
      if (failure != null) {
        throw failure;
      }
      return analysis;
    }
  }

  /**
   * Analyzes one GC log for several readers at once: the log is read and parsed once and every
   * event goes to each view's own aggregators (e.g. an experiment run's figures over all its
   * events, and the tune session's diagnosis of the service under load without its start-up).
   */
  public static List<Viewed> analyze(String gcLog, List<View> views) {
    return analyze(LogInputs.resolve(List.of(gcLog), InputStream.nullInputStream()), gcLog, ReadProgress.NONE,
        e -> { }, views);
  }

  private static Analysis analyze(LogInputs.Resolved resolved, String what, AnalysisOptions options,
      ReadProgress progress, Consumer<GcEvent> listener, boolean noCollectionIsResult, Predicate<GcEvent> keep) {
    return analyze(resolved, what, progress, listener, List.of(new View(options, keep, noCollectionIsResult)))
        .get(0).get();
  }

  private static List<Viewed> analyze(LogInputs.Resolved resolved, String what, ReadProgress progress,
      Consumer<GcEvent> listener, List<View> views) {
    Reading[] readings = new Reading[views.size()];
    for (int i = 0; i < readings.length; i++) {
      readings[i] = new Reading(views.get(i));
    }
    JvmBoundaries boundaries = new JvmBoundaries() {
      @Override
      public void jvmStarts(String source, String reason) {
        for (Reading r : readings) {
          r.jvmStarts(reason);
        }
      }

      @Override
      public void sourceJoins(String source) {
        for (Reading r : readings) {
          r.current.inputs.add(source);
        }
      }
    };
    ParseReport report = GcLogReader.read(resolved.sources(), resolved.problems(),
        (GcEvent e) -> {
          for (int i = 0; i < readings.length; i++) {
            Reading r = readings[i];
            if (r.view.keep().test(e)) {
              if (i == 0) {
                listener.accept(e);
              }
              r.current.accept(e);
            }
          }
        }, progress, boundaries);
    List<Viewed> out = new ArrayList<>();
    for (Reading r : readings) {
      try {
        out.add(new Viewed(r.result(what, report), null));
      } catch (JtuneException e) {
        out.add(new Viewed(null, e));
      }
    }
    return out;
  }

  /** One view's lifetimes while the log is read: one lifetime's aggregators at a time. */
  private static final class Reading {
    private final View view;
    // a finished lifetime keeps its figures and findings only
    private final List<JvmLifetime> jvms = new ArrayList<>();
    private Lifetime current;
    private Lifetime latest;

    Reading(View view) {
      this.view = view;
      this.current = new Lifetime(view.options(), null);
    }

    void jvmStarts(String reason) {
      finish(current, null);
      current = new Lifetime(view.options(), reason);
    }

    /**
     * Analyzes a lifetime that ended and lists it; it stays the latest (its aggregators kept) until
     * a later one has events. The finding rules read the facts, not the read report, which is not
     * complete before the end of reading ({@code report} is null until then).
     */
    private void finish(Lifetime l, ParseReport report) {
      if (l.events == 0) {
        return;
      }
      Analysis a = l.analyze(view.options(), report);
      jvms.add(JvmLifetime.of(jvms.size() + 1, l.inputs, jvms.isEmpty() ? null : l.startReason, a));
      latest = l;
    }

    Analysis result(String what, ParseReport report) {
      AnalysisOptions options = view.options();
      finish(current, report);
      if (jvms.isEmpty() && view.noCollectionIsResult() && report.problems().isEmpty() && report.gcLines() > 0
          && current.jvm.collector() != Collector.UNKNOWN) {
        Analysis none = current.analyze(options, report);
        return Analysis.ofLifetimes(none, List.of(JvmLifetime.of(1, current.inputs, null, none)));
      }
      if (jvms.isEmpty()) {
        throw new JtuneException(nothingMessage(what, report, current.jvm.collector()));
      }
      // the latest lifetime's full analysis, against the finished report of what was read
      return Analysis.ofLifetimes(latest.analyze(options, report), jvms);
    }
  }

  /** The aggregators of one JVM lifetime and the inputs its events came from. */
  private static final class Lifetime {
    private final String startReason;
    private final List<String> inputs = new ArrayList<>();
    private final JvmInfoAggregator jvm = new JvmInfoAggregator();
    private final Span span = new Span();
    private final PauseAggregator pauses;
    private final WindowAggregator windows;
    private final MemoryAggregator memory;
    private final ConcurrentAggregator concurrent = new ConcurrentAggregator();
    private final PhaseAggregator phases = new PhaseAggregator();
    private final AnomalyAggregator anomalies = new AnomalyAggregator();
    private final Aggregator[] all;
    private long events;

    Lifetime(AnalysisOptions options, String startReason) {
      this.startReason = startReason;
      pauses = new PauseAggregator(options.pauseTargetMs(), options.keepEvents());
      windows = new WindowAggregator(options.windowS());
      memory = new MemoryAggregator(options.windowS());
      // an array and an indexed loop: an event costs no iterator (this runs per event)
      all = new Aggregator[] {jvm, span, pauses, windows, memory, concurrent, phases, anomalies};
    }

    void accept(GcEvent e) {
      if (!(e instanceof io.jtune.gc.event.JvmInfo)) {
        events++;
      }
      for (int i = 0; i < all.length; i++) {
        all[i].accept(e);
      }
    }

    Analysis analyze(AnalysisOptions options, ParseReport report) {
      List<String> logFlags = jvm.info().commandLineFlags() == null ? List.of() : jvm.info().commandLineFlags();
      JvmFlags flags = JvmFlags.of(logFlags).with(JvmFlags.split(options.flags()));
      return Analysis.of(new GcFacts(options, report, jvm, flags, span, pauses, windows, memory, concurrent,
          phases, anomalies));
    }
  }

  private static String nothingMessage(String what, ParseReport report, Collector collector) {
    if (!report.problems().isEmpty()) {
      ParseReport.Problem p = report.problems().get(0);
      String more = report.problems().size() > 1 ? " (and " + (report.problems().size() - 1) + " more problems)" : "";
      return "nothing to analyze: " + p.source() + ": " + p.message() + more;
    }
    if (report.gcLines() > 0) {
      return "nothing to analyze: " + what + " has " + report.gcLines() + " GC log lines but no collections"
          + (collector != Collector.UNKNOWN ? " (a " + collector.displayName() + " log that ends before its first collection)" : "")
          + (report.unparsed() > 0 ? " (" + report.unparsed() + " lines not understood)" : "");
    }
    return "nothing to analyze: no GC log lines in " + what + " (" + report.linesRead() + " lines read)";
  }
}
