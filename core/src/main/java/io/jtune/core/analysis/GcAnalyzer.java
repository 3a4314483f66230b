package io.jtune.core.analysis;

import io.jtune.core.JtuneException;
import io.jtune.core.aggregate.Aggregator;
import io.jtune.core.aggregate.AnomalyAggregator;
import io.jtune.core.aggregate.ConcurrentAggregator;
import io.jtune.core.aggregate.JvmInfoAggregator;
import io.jtune.core.aggregate.MemoryAggregator;
import io.jtune.core.aggregate.PauseAggregator;
import io.jtune.core.aggregate.PhaseAggregator;
import io.jtune.core.aggregate.Span;
import io.jtune.core.aggregate.WindowAggregator;
import io.jtune.core.event.Collector;
import io.jtune.core.event.GcEvent;
import io.jtune.core.input.LogInputs;
import io.jtune.core.parser.GcLogReader;
import io.jtune.core.parser.ParseReport;
import io.jtune.core.parser.ReadProgress;
import java.io.InputStream;
import java.util.List;

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
    LogInputs.Resolved resolved = LogInputs.resolve(inputs, stdin);
    JvmInfoAggregator jvm = new JvmInfoAggregator();
    Span span = new Span();
    PauseAggregator pauses = new PauseAggregator(options.pauseTargetMs(), options.keepEvents());
    WindowAggregator windows = new WindowAggregator(options.windowS());
    MemoryAggregator memory = new MemoryAggregator(options.windowS());
    ConcurrentAggregator concurrent = new ConcurrentAggregator();
    PhaseAggregator phases = new PhaseAggregator();
    AnomalyAggregator anomalies = new AnomalyAggregator();
    // an array and an indexed loop: an event costs no iterator (this runs per event)
    Aggregator[] all = {jvm, span, pauses, windows, memory, concurrent, phases, anomalies};
    long[] events = {0};
    ParseReport report = GcLogReader.read(resolved.sources(), resolved.problems(), (GcEvent e) -> {
      if (!(e instanceof io.jtune.core.event.JvmInfo)) {
        events[0]++;
      }
      for (int i = 0; i < all.length; i++) {
        all[i].accept(e);
      }
    }, progress);
    if (events[0] == 0) {
      throw new JtuneException(nothingMessage(inputs, report, jvm.collector()));
    }
    List<String> logFlags = jvm.info().commandLineFlags() == null ? List.of() : jvm.info().commandLineFlags();
    JvmFlags flags = JvmFlags.of(logFlags).with(JvmFlags.split(options.flags()));
    return Analysis.of(new GcFacts(options, report, jvm, flags, span, pauses, windows, memory, concurrent,
        phases, anomalies));
  }

  private static String nothingMessage(List<String> inputs, ParseReport report, Collector collector) {
    String what = inputs.size() == 1 ? inputs.get(0) : inputs.size() + " inputs";
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
