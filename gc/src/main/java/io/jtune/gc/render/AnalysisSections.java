package io.jtune.gc.render;

import io.jtune.gc.aggregate.ConcurrentAggregator;
import io.jtune.gc.aggregate.MemoryAggregator;
import io.jtune.gc.aggregate.PauseDistribution;
import io.jtune.gc.aggregate.PhaseAggregator;
import io.jtune.gc.aggregate.WindowAggregator;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.analysis.JvmLifetime;
import io.jtune.gc.analysis.LifetimeSummary;
import io.jtune.gc.event.JvmInfo;
import io.jtune.gc.diagnosis.Diagnosis;
import io.jtune.gc.model.MemoryModel;
import io.jtune.gc.event.PauseKind;
import io.jtune.gc.parser.ParseReport;
import io.jtune.common.units.ByteSize;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The analysis laid out as report sections (everything but the findings). */
public final class AnalysisSections {
  private AnalysisSections() {}

  public static List<Section> build(Analysis a) {
    List<Section> out = new ArrayList<>();
    if (a.jvmCount() > 1) {
      out.add(lifetimes(a));
    }
    out.add(overview(a));
    out.add(diagnosis(a));
    out.add(pausesByKind(a));
    out.add(pausesByCause(a));
    Section collections = CycleSections.byCause(a);
    if (collections != null) {
      out.add(collections);
    }
    out.add(windows(a));
    out.add(memory(a));
    out.add(rates(a));
    out.add(memoryModel(a));
    Section conc = concurrent(a.concurrent());
    if (conc != null) {
      out.add(conc);
    }
    Section ph = phases(a.phases());
    if (ph != null) {
      out.add(ph);
    }
    return out;
  }

  /** The primary problem, the others, the advice and the evidence. */
  private static Section diagnosis(Analysis a) {
    Diagnosis d = a.diagnosis();
    List<String> lines = new ArrayList<>();
    lines.add("Diagnosis   " + d.line());
    if (!d.advice().isEmpty()) {
      lines.add("Advice      " + d.advice());
    }
    for (String e : d.evidence()) {
      lines.add("Evidence    " + e);
    }
    return Section.text("Diagnosis", lines);
  }

  /** The memory model the sizing advice derives from: live set and its trend, capacities, the sizes advised. */
  private static Section memoryModel(Analysis a) {
    MemoryModel m = a.memoryModel();
    MemoryModel.LiveSet l = m.live();
    List<String> lines = new ArrayList<>();
    lines.add("Live set    " + (l.known() ? ByteSize.human(l.bytes()) + " (" + l.source() + ")" : l.source()));
    lines.add("Trend       " + (l.trendNote() != null ? l.trendNote()
        : String.format(Locale.US, "%+.1f MB/hour over %s (R² %.2f)%s", l.slopeMBph(), MemoryModel.span(l.spanS()),
            l.r2(), m.liveSetGrows() ? ": grows" : "")));
    MemoryModel.Capacities c = m.capacities();
    lines.add("Capacities  heap " + size(c.heapMax()) + " (" + c.heapSource() + "), young " + size(c.young())
        + ", old " + size(m.oldCapacity()) + (c.hostMemory() > 0 ? ", host " + ByteSize.human(c.hostMemory()) : ""));
    lines.add("Sizing      heap " + size(m.targetHeap()) + (m.heapGrows() ? " (" + MemoryModel.HEAP_RULE + ")" : "")
        + ", young " + size(m.targetYoung()) + (m.youngGrowthRefused() != null ? " (not grown: " + m.youngGrowthRefused() + ")" : ""));
    if (m.cacheChurn() != null) {
      lines.add("Churn       " + m.cacheChurn());
    }
    return Section.text("Memory model", lines);
  }

  private static String size(long bytes) {
    return bytes > 0 ? ByteSize.human(bytes) : "unknown";
  }

  /** What the details describe when the input holds several JVM lifetimes. */
  public static String lifetimesNote(Analysis a) {
    return a.jvmCount() + " JVM lifetimes in the input, each analyzed on its own; the summary, details and"
        + " findings below describe the latest (JVM " + a.jvmCount() + ")";
  }

  /** One row per JVM lifetime: its inputs, collector, span, pauses and findings. */
  private static Section lifetimes(Analysis a) {
    List<List<String>> rows = new ArrayList<>();
    for (JvmLifetime l : a.jvms()) {
      LifetimeSummary s = l.summary();
      String inputs = l.inputs().isEmpty() ? "-" : l.inputs().size() == 1
          ? shortName(l.inputs().get(0)) : shortName(l.inputs().get(0)) + " +" + (l.inputs().size() - 1);
      rows.add(List.of(
          String.valueOf(l.number()),
          inputs,
          l.collector(),
          l.version() == null ? "-" : l.version(),
          String.format(Locale.US, "%.3f-%.3f s", s.startS(), s.endS()),
          String.valueOf(s.pauseCount()),
          String.format(Locale.US, "%.1f", s.pauseMaxMs()),
          String.valueOf(l.findings().size()),
          l.startReason() == null ? "first" : l.startReason()));
    }
    return new Section("JVM lifetimes",
        List.of("JVM", "Inputs", "Collector", "Version", "Uptime", "Pauses", "Max ms", "Findings", "New lifetime because"),
        rows, List.of(lifetimesNote(a)));
  }

  private static String shortName(String path) {
    int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
    return slash >= 0 ? path.substring(slash + 1) : path;
  }

  private static Section overview(Analysis a) {
    JvmInfo j = a.jvm().info();
    List<String> l = new ArrayList<>();
    StringBuilder jvm = new StringBuilder(a.jvm().collector().displayName());
    if (j.version() != null) {
      jvm.append(", JVM ").append(j.version());
    }
    if (j.cpus() != null) {
      jvm.append(", ").append(j.cpus()).append(" CPUs");
    }
    if (j.memoryBytes() != null) {
      jvm.append(", host memory ").append(ByteSize.human(j.memoryBytes()));
    }
    if (j.heapMaxBytes() != null) {
      jvm.append(", heap max ").append(ByteSize.human(j.heapMaxBytes()));
    }
    if (j.regionSizeBytes() != null) {
      jvm.append(", region ").append(ByteSize.human(j.regionSizeBytes()));
    }
    l.add("JVM         " + jvm);
    if (!a.flags().isEmpty()) {
      l.add("Flags       " + String.join(" ", a.flags().raw()));
    }
    ParseReport in = a.input();
    l.add(String.format(Locale.US, "Log         %d input(s), %s lines, %s; span %s (uptime %.1f s to %.1f s)",
        in.sources().size(), Format.count(in.linesRead()), ByteSize.human(in.bytesRead()),
        Format.duration(a.span().durationS()), a.span().startS(), a.span().endS())
        + wallClockRange(a));
    PauseDistribution all = a.pauses().all();
    String notApplicable = a.throughputNotApplicable();
    if (notApplicable != null) {
      l.add("Throughput  n/a (" + notApplicable + ")");
    } else {
      l.add(String.format(Locale.US, "Throughput  %.2f%% (stop-the-world pauses %s of %s)", a.throughputPct(),
          Format.duration(all.totalMs() / 1000), Format.duration(a.span().durationS())));
    }
    String cycles = CycleSections.overview(a);
    if (cycles != null) {
      l.add(cycles);
    }
    l.add(String.format(Locale.US, "Pauses      %s, total %s ms, mean %s, p50 %s, p90 %s, p95 %s, p99 %s, p99.9 %s, max %s",
        Format.count(all.count()), Format.ms(all.totalMs()), Format.ms(all.meanMs()), Format.ms(all.percentileMs(50)),
        Format.ms(all.percentileMs(90)), Format.ms(all.percentileMs(95)), Format.ms(all.percentileMs(99)),
        Format.ms(all.percentileMs(99.9)), Format.ms(all.maxMs())));
    return Section.text("Overview", l);
  }

  private static List<String> distributionRow(String name, PauseDistribution d) {
    return List.of(name, Format.count(d.count()), Format.ms(d.totalMs()), Format.ms(d.meanMs()),
        Format.ms(d.percentileMs(50)), Format.ms(d.percentileMs(95)), Format.ms(d.percentileMs(99)), Format.ms(d.maxMs()));
  }

  private static final List<String> DIST_HEADERS =
      List.of("", "count", "total ms", "mean ms", "p50 ms", "p95 ms", "p99 ms", "max ms");

  private static Section pausesByKind(Analysis a) {
    List<List<String>> rows = new ArrayList<>();
    for (PauseKind k : PauseKind.values()) {
      PauseDistribution d = a.pauses().byKind().get(k);
      if (d != null) {
        rows.add(distributionRow(k.displayName(), d));
      }
    }
    rows.add(distributionRow("all", a.pauses().all()));
    return Section.table("Pauses by kind", DIST_HEADERS, rows);
  }

  private static Section pausesByCause(Analysis a) {
    List<List<String>> rows = new ArrayList<>();
    for (Map.Entry<String, PauseDistribution> e : a.pauses().byCause()) {
      rows.add(distributionRow(e.getKey(), e.getValue()));
    }
    List<String> headers = new ArrayList<>(DIST_HEADERS);
    headers.set(0, "cause");
    return Section.table("Pauses by cause", headers, rows);
  }

  /** ", 2024-05-01T10:15:30.123+02:00 to ..." when the log carries dates, else "". */
  private static String wallClockRange(Analysis a) {
    String from = IsoTime.of(a.span().epochAt(a.span().startS()), a.input().wallClockOffset());
    String to = IsoTime.of(a.span().epochAt(a.span().endS()), a.input().wallClockOffset());
    return from == null ? "" : ", " + from + " to " + to;
  }

  private static Section windows(Analysis a) {
    WindowAggregator.WindowTable t = a.windowTable();
    String per = Format.duration(t.windowS());
    // ZGC has no young stop-the-world collections: its minor and major collections take the YGC rows' place
    List<List<String>> rows = new ArrayList<>(CycleSections.windowRows(a));
    if (!CycleSections.replacesYoungRows(a)) {
      rows.add(List.of("YGC count", Format.num(t.ygcCountPeak()), Format.num(t.ygcCountMean())));
      rows.add(List.of("YGC cumulative ms", Format.ms(t.ygcMsPeak()), Format.ms(t.ygcMsMean())));
      rows.add(List.of("YGC single pause ms (mean)", "", Format.ms(t.ygcPauseMeanMs())));
    }
    rows.add(List.of("FGC count", Format.num(t.fgcCountPeak()), Format.num(t.fgcCountMean())));
    rows.add(List.of("FGC cumulative ms", Format.ms(t.fgcMsPeak()), Format.ms(t.fgcMsMean())));
    String jumps = a.windows().clockJumps() == 0 ? ""
        : String.format(Locale.US, "; %d clock jump(s) over %s skipped", a.windows().clockJumps(),
            Format.duration(a.windows().clockJumpedS()));
    return Section.table("GC per " + per + " window (peak / mean" + jumps + ")", List.of("", "peak", "mean"), rows);
  }

  private static Section memory(Analysis a) {
    MemoryAggregator m = a.memory();
    List<List<String>> rows = new ArrayList<>();
    addArea(rows, "young", m.young());
    addArea(rows, "old", m.old());
    addArea(rows, "metaspace/perm", m.metaspace());
    addArea(rows, "total heap", m.heap());
    return new Section("Memory (allocated = largest capacity, peak = largest occupancy)",
        List.of("generation", "allocated", "peak"), rows, CycleSections.memory(m.cycles()));
  }

  private static void addArea(List<List<String>> rows, String name, MemoryAggregator.Area area) {
    if (area.known()) {
      rows.add(List.of(name, area.allocated() >= 0 ? ByteSize.human(area.allocated()) : "-",
          area.peak() >= 0 ? ByteSize.human(area.peak()) : "-"));
    }
  }

  private static Section rates(Analysis a) {
    MemoryAggregator m = a.memory();
    List<String> l = new ArrayList<>();
    l.add("Allocation rate        " + CycleSections.allocationRate(a));
    String noPromotion = CycleSections.noPromotion(a);
    l.add("Promotion rate         " + (noPromotion != null ? noPromotion : CycleSections.rate(a, m.promotionRateMBps())));
    if (m.promotedPerYoungGcMean() >= 0) {
      l.add(String.format(Locale.US, "Promoted per young GC  mean %s, max %s (young drop - heap drop; promotion on %d of %d young GCs)",
          ByteSize.human(m.promotedPerYoungGcMean()), ByteSize.human(m.promotedPerYoungGcMax()),
          m.youngGcsWithPromotion(), m.youngGcsMeasured()));
    }
    if (!Double.isNaN(m.meanYoungIntervalS())) {
      l.add(String.format(Locale.US, "Young GC interval      mean %.2f s", m.meanYoungIntervalS()));
    }
    double slope = m.oldTrend().slopeMBph();
    if (!Double.isNaN(slope)) {
      l.add(String.format(Locale.US, "Old gen after GC       %+.1f MB/hour (lower envelope; R² %.2f over %s)",
          slope, m.oldTrend().r2(), Format.duration(m.oldTrend().spanS())));
    } else if (m.oldTrend().count() > 0) {
      l.add("Old gen after GC       trend: " + m.oldTrend().notEnoughDataReason());
    }
    double slopeFull = m.oldAfterFullTrend().slopeMBph();
    if (!Double.isNaN(slopeFull)) {
      l.add(String.format(Locale.US, "Old gen after Full GC  %+.1f MB/hour (%d Full GCs)", slopeFull, m.oldAfterFullTrend().count()));
    }
    if (m.tenuringCount() > 0) {
      l.add(String.format(Locale.US, "Tenuring threshold     %d..%d (below max on %d of %d young GCs)",
          m.minThreshold(), m.maxThreshold(), m.thresholdBelowMax(), m.tenuringCount()));
    }
    double qps = a.options().qps();
    long eden = m.meanAllocationPerIntervalBytes();
    double interval = m.meanYoungIntervalS();
    if (!Double.isNaN(qps)) {
      if (eden > 0 && interval > 0) {
        l.add(String.format(Locale.US, "Memory per request     %s (Eden %s / (%.0f QPS x %.2f s between young GCs))",
            ByteSize.human(Math.round(eden / (qps * interval))), ByteSize.human(eden), qps, interval));
      } else {
        l.add("Memory per request     not computable: the log shows no young-GC occupancy growth");
      }
    }
    if (a.pauses().pausesWithTimes() > 0) {
      l.add(String.format(Locale.US, "Pause CPU              user %.2f s, sys %.2f s, real %.2f s over %d pauses",
          a.pauses().userS(), a.pauses().sysS(), a.pauses().realS(), a.pauses().pausesWithTimes()));
    }
    return Section.text("Rates", l);
  }

  private static Section concurrent(ConcurrentAggregator c) {
    if (c.cycles().count() == 0 && c.phases().isEmpty() && c.safepoints().count() == 0 && c.notices().isEmpty()) {
      return null;
    }
    List<List<String>> rows = new ArrayList<>();
    if (c.cycles().count() > 0) {
      ConcurrentAggregator.Durations d = c.cycles();
      rows.add(List.of("cycle", Format.count(d.count()), Format.ms(d, d.totalMs()), Format.ms(d, d.meanMs()),
          Format.ms(d, d.maxMs())));
    }
    for (Map.Entry<String, ConcurrentAggregator.Durations> e : c.phases().entrySet()) {
      ConcurrentAggregator.Durations d = e.getValue();
      rows.add(List.of(e.getKey(), Format.count(d.count()), Format.ms(d, d.totalMs()), Format.ms(d, d.meanMs()),
          Format.ms(d, d.maxMs())));
    }
    if (c.safepoints().count() > 0) {
      rows.add(List.of("safepoint stops", Format.count(c.safepoints().count()), Format.ms(c.safepoints().totalMs()),
          Format.ms(c.safepoints().meanMs()), Format.ms(c.safepoints().maxMs())));
    }
    c.notices().forEach((k, v) -> rows.add(List.of(k.name().toLowerCase(Locale.ROOT).replace('_', ' '),
        Format.count(v.count()), "", "", "")));
    return Section.table("Concurrent work", List.of("", "count", "total ms", "mean ms", "max ms"), rows);
  }

  private static Section phases(PhaseAggregator p) {
    if (p.pausesWithPhases() == 0) {
      return null;
    }
    List<List<String>> rows = new ArrayList<>();
    for (PhaseAggregator.PhaseShare s : p.shares()) {
      rows.add(List.of(s.phase(), Format.ms(s.meanMs()), Format.ms(s.maxMs()), String.format(Locale.US, "%.1f%%", s.pctOfPauseTime())));
    }
    return Section.table("Young pause phases (" + p.pausesWithPhases() + " pauses)",
        List.of("phase", "mean ms", "max ms", "share of pause"), rows);
  }
}
