package io.jtune.diagnostics.jfr.render;

import io.jtune.common.format.OutputFormat;
import io.jtune.common.format.Renderers;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.common.finding.TextFinding;
import io.jtune.diagnostics.jfr.JfrSummary;
import io.jtune.common.format.FactReport;
import io.jtune.common.format.JsonNumbers;
import io.jtune.common.units.ByteSize;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** {@code jtune jfr}'s report as text, Markdown, JSON ({@value #SCHEMA}) and HTML. */
public final class JfrRender {
  public static final String SCHEMA = "jtune.jfr/1";

  private JfrRender() {}

  static List<String[]> rows(JfrSummary s) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"Recording", "file", s.file()});
    rows.add(new String[] {"Recording", "duration", String.format(Locale.US, "%.1f s", s.durationS())});
    JfrSummary.Gc g = s.gc();
    rows.add(new String[] {"GC", "collectors", g.collectors().isEmpty() ? "-" : String.join(", ", g.collectors())});
    rows.add(new String[] {"GC", "collections", String.format(Locale.US, "%,d", g.collections())});
    rows.add(new String[] {"GC", "pauses", String.format(Locale.US, "%,d, %.3f ms in total, longest %.3f ms", g.pauseCount(),
        g.pauseTotalMs(), g.pauseMaxMs())});
    rows.add(new String[] {"GC", "heap used after GC (max)", ByteSize.human(g.heapUsedAfterMaxBytes())});
    rows.add(new String[] {"GC", "heap committed (max)", ByteSize.human(g.heapCommittedMaxBytes())});
    for (JfrSummary.Lock l : s.locks()) {
      rows.add(new String[] {"Locks (time waited)", l.className() + " (" + l.kind() + ")", String.format(Locale.US,
          "%,d waits, %.1f ms, at %s", l.count(), l.totalMs(), l.topFrame() == null ? "-" : l.topFrame())});
    }
    for (JfrSummary.HotMethod m : s.hotMethods()) {
      rows.add(new String[] {"Hot methods (CPU samples)", m.method(), String.format(Locale.US, "%,d (%.1f %%)", m.samples(), m.pct())});
    }
    for (JfrSummary.Allocation a : s.allocations()) {
      rows.add(new String[] {"Allocation by class", a.name(), String.format(Locale.US, "%s (%.1f %%)", ByteSize.human(a.bytes()), a.pct())});
    }
    for (JfrSummary.Allocation a : s.allocationSites()) {
      rows.add(new String[] {"Allocation by site", a.name(), String.format(Locale.US, "%s (%.1f %%)", ByteSize.human(a.bytes()), a.pct())});
    }
    rows.add(new String[] {"Safepoints", "count, time", String.format(Locale.US, "%,d, %.1f ms in total, longest %.3f ms",
        s.safepoints().count(), s.safepoints().totalMs(), s.safepoints().maxMs())});
    rows.add(new String[] {"CPU", "machine (max) / JVM (mean)", s.cpu().samples() == 0 ? "-"
        : String.format(Locale.US, "%.0f %% / %.0f %%", s.cpu().machineTotalMaxPct(), s.cpu().jvmMeanPct())});
    rows.add(new String[] {"Threads", "live (max) / daemon (max)", s.threads().activeMax() + " / " + s.threads().daemonMax()});
    return rows;
  }

  /** The formats of a recording's summary with its findings: text, JSON, Markdown, HTML. */
  public static Renderers<JfrSummary> renderers(List<TextFinding> f) {
    return Renderers.<JfrSummary>of().with(OutputFormat.TEXT, (s, out) -> text(s, f, out))
        .with(OutputFormat.JSON, (s, out) -> json(s, f, out)).with(OutputFormat.MARKDOWN, (s, out) -> markdown(s, f, out))
        .with(OutputFormat.HTML, (s, out) -> html(s, f, out));
  }

  public static void text(JfrSummary s, List<TextFinding> f, PrintWriter out) {
    FactReport.text(rows(s), f, "none", out);
  }

  public static void markdown(JfrSummary s, List<TextFinding> f, PrintWriter out) {
    FactReport.markdown("JFR recording", rows(s), f, out);
  }

  public static void html(JfrSummary s, List<TextFinding> f, Writer out) throws IOException {
    FactReport.html("JFR recording", rows(s), f, out);
  }

  public static void json(JfrSummary s, List<TextFinding> f, Writer out) throws IOException {
    FactReport.writeJson(json(s, f), out);
  }

  public static ObjectNode json(JfrSummary s, List<TextFinding> findings) {
    JsonNodeFactory n = JsonNodeFactory.instance;
    ObjectNode o = n.objectNode();
    o.put("schema", SCHEMA);
    o.put("file", s.file());
    o.put("durationS", JsonNumbers.round(s.durationS(), 3));
    ObjectNode gc = o.putObject("gc");
    gc.put("collections", s.gc().collections());
    gc.put("pauseCount", s.gc().pauseCount());
    gc.put("pauseTotalMs", JsonNumbers.round(s.gc().pauseTotalMs(), 3));
    gc.put("pauseMaxMs", JsonNumbers.round(s.gc().pauseMaxMs(), 3));
    gc.put("longestCollectionMs", JsonNumbers.round(s.gc().longestCollectionMs(), 3));
    gc.put("heapUsedAfterMaxBytes", s.gc().heapUsedAfterMaxBytes());
    gc.put("heapCommittedMaxBytes", s.gc().heapCommittedMaxBytes());
    ArrayNode cs = gc.putArray("collectors");
    s.gc().collectors().forEach(cs::add);
    ArrayNode locks = o.putArray("locks");
    for (JfrSummary.Lock l : s.locks()) {
      ObjectNode lo = locks.addObject();
      lo.put("className", l.className());
      lo.put("kind", l.kind());
      lo.put("count", l.count());
      lo.put("totalMs", JsonNumbers.round(l.totalMs(), 3));
      lo.put("topFrame", l.topFrame());
    }
    ArrayNode hot = o.putArray("hotMethods");
    for (JfrSummary.HotMethod m : s.hotMethods()) {
      ObjectNode mo = hot.addObject();
      mo.put("method", m.method());
      mo.put("samples", m.samples());
      mo.put("pct", JsonNumbers.round(m.pct(), 2));
    }
    o.put("executionSamples", s.executionSamples());
    ArrayNode alloc = o.putArray("allocations");
    for (JfrSummary.Allocation a : s.allocations()) {
      ObjectNode ao = alloc.addObject();
      ao.put("className", a.name());
      ao.put("bytes", a.bytes());
      ao.put("pct", JsonNumbers.round(a.pct(), 2));
    }
    ArrayNode sites = o.putArray("allocationSites");
    for (JfrSummary.Allocation a : s.allocationSites()) {
      ObjectNode ao = sites.addObject();
      ao.put("site", a.name());
      ao.put("bytes", a.bytes());
      ao.put("pct", JsonNumbers.round(a.pct(), 2));
    }
    ObjectNode sp = o.putObject("safepoints");
    sp.put("count", s.safepoints().count());
    sp.put("totalMs", JsonNumbers.round(s.safepoints().totalMs(), 3));
    sp.put("maxMs", JsonNumbers.round(s.safepoints().maxMs(), 3));
    ObjectNode cpu = o.putObject("cpu");
    cpu.put("machineTotalMaxPct", JsonNumbers.round(s.cpu().machineTotalMaxPct(), 2));
    cpu.put("jvmMeanPct", JsonNumbers.round(s.cpu().jvmMeanPct(), 2));
    cpu.put("samples", s.cpu().samples());
    ObjectNode th = o.putObject("threads");
    th.put("activeMax", s.threads().activeMax());
    th.put("daemonMax", s.threads().daemonMax());
    o.set("findings", FactReport.findingsJson(findings));
    return o;
  }
}
