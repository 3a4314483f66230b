package io.jtune.diagnostics.host.render;

import io.jtune.common.format.OutputFormat;
import io.jtune.common.format.Renderers;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.diagnostics.host.Cgroup;
import io.jtune.diagnostics.host.HostReport;
import io.jtune.diagnostics.host.HostSnapshot;
import io.jtune.diagnostics.host.JvmProcess;
import io.jtune.common.format.JsonNumbers;
import io.jtune.common.format.FactReport;
import io.jtune.common.units.ByteSize;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code jtune host}'s report as text, Markdown, JSON ({@value HostReport#SCHEMA}) and HTML. */
public final class HostRender {
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private HostRender() {}

  /** The report as rows of (section, label, value), the one order every format shows. */
  static List<String[]> rows(HostReport r) {
    HostSnapshot h = r.host();
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"Memory", "total", bytes(h.memTotalBytes())});
    rows.add(new String[] {"Memory", "available", bytes(h.memAvailableBytes())});
    rows.add(new String[] {"Memory", "swap", bytes(h.swapTotalBytes()) + " (used " + bytes(h.swapUsedBytes())
        + ", vm.swappiness " + val(h.swappiness()) + ")"});
    rows.add(new String[] {"Memory", "vm.min_free_kbytes", val(h.minFreeKbytes())});
    rows.add(new String[] {"Memory", "vm.zone_reclaim_mode", val(h.zoneReclaimMode())});
    rows.add(new String[] {"Memory", "NUMA nodes", Integer.toString(h.numaNodes())});
    rows.add(new String[] {"Transparent huge pages", "enabled", val(h.thpEnabled())});
    rows.add(new String[] {"Transparent huge pages", "defrag", val(h.thpDefrag())});
    rows.add(new String[] {"Transparent huge pages", "khugepaged defrag", val(h.khugepagedDefrag())});
    String window = r.sampleS() > 0 ? String.format(Locale.US, "change in %.1f s", r.sampleS()) : "since boot";
    for (Map.Entry<String, Long> e : h.vmstat().entrySet()) {
      Long d = r.deltas().get(e.getKey());
      rows.add(new String[] {"Reclaim and swap (/proc/vmstat)", e.getKey(),
          String.format(Locale.US, "%,d since boot", e.getValue()) + (d == null ? "" : String.format(Locale.US, ", %+,d %s", d, window))});
    }
    if (h.psiMemory() != null) {
      rows.add(new String[] {"Memory pressure", "some / full (avg10)", String.format(Locale.US, "%.2f%% / %.2f%%",
          h.psiMemory().someAvg10(), h.psiMemory().fullAvg10())});
    }
    Cgroup c = h.cgroup();
    rows.add(new String[] {"cgroup", "version", c.version() == 0 ? "none" : "v" + c.version()});
    rows.add(new String[] {"cgroup", "path", val(c.path())});
    rows.add(new String[] {"cgroup", "memory limit", c.memoryLimitBytes() == null ? "unlimited" : bytes(c.memoryLimitBytes())});
    rows.add(new String[] {"cgroup", "memory usage", bytes(c.memoryUsageBytes())});
    rows.add(new String[] {"cgroup", "OOM kills", val(c.oomKills())});
    rows.add(new String[] {"cgroup", "CPU quota", c.cpuQuotaCores() == null ? "unlimited"
        : String.format(Locale.US, "%.2f cores", c.cpuQuotaCores())});
    rows.add(new String[] {"cgroup", "throttled periods", val(c.throttledPeriods())
        + (r.deltas().containsKey("throttledPeriods") ? String.format(Locale.US, " (%+,d %s)", r.deltas().get("throttledPeriods"), window) : "")});
    rows.add(new String[] {"CPU", "online", val(h.cpusOnline())});
    JvmProcess p = r.process();
    if (p != null) {
      String s = "JVM " + p.pid();
      rows.add(new String[] {s, "resident memory", bytes(p.rssBytes())});
      rows.add(new String[] {s, "in transparent huge pages", bytes(p.anonHugePagesBytes())});
      rows.add(new String[] {s, "threads", val(p.threads())});
      if (p.jcmdProblem() != null) {
        rows.add(new String[] {s, "jcmd", p.jcmdProblem()});
      } else {
        rows.add(new String[] {s, "heap initial / max", bytes(p.initialHeapBytes()) + " / " + bytes(p.maxHeapBytes())});
        rows.add(new String[] {s, "heap pre-touched", val(p.alwaysPreTouch())});
        rows.add(new String[] {s, "asks for huge pages", val(p.transparentHugePages())});
        rows.add(new String[] {s, "CPUs it works with", val(p.activeProcessors())});
      }
    }
    return rows;
  }

  /** The formats of a host report: text, JSON, Markdown, HTML. */
  public static Renderers<HostReport> renderers() {
    return Renderers.<HostReport>of().with(OutputFormat.TEXT, HostRender::text).with(OutputFormat.JSON, HostRender::json)
        .with(OutputFormat.MARKDOWN, HostRender::markdown).with(OutputFormat.HTML, HostRender::html);
  }

  public static void text(HostReport r, PrintWriter out) {
    FactReport.text(rows(r), r.findings(), "none: nothing on this host is known to stall JVMs"
        + (r.sampleS() > 0 ? "" : " (counters since boot; --sample 10s watches them now)"), out);
  }

  public static void markdown(HostReport r, PrintWriter out) {
    FactReport.markdown("Host report", rows(r), r.findings(), out);
  }

  public static void html(HostReport r, Writer out) throws IOException {
    FactReport.html("Host report", rows(r), r.findings(), out);
  }

  public static ObjectNode json(HostReport r) {
    HostSnapshot h = r.host();
    ObjectNode o = NODES.objectNode();
    o.put("schema", HostReport.SCHEMA);
    o.put("root", r.root());
    if (r.sampleS() > 0) {
      o.put("sampleS", JsonNumbers.round(r.sampleS(), 3));
    } else {
      o.putNull("sampleS");
    }
    ObjectNode mem = o.putObject("memory");
    mem.put("totalBytes", h.memTotalBytes());
    mem.put("availableBytes", h.memAvailableBytes());
    ObjectNode swap = o.putObject("swap");
    swap.put("totalBytes", h.swapTotalBytes());
    swap.put("usedBytes", h.swapUsedBytes());
    swap.put("swappiness", h.swappiness());
    ObjectNode vm = o.putObject("vm");
    vm.put("minFreeKbytes", h.minFreeKbytes());
    vm.put("zoneReclaimMode", h.zoneReclaimMode());
    ObjectNode thp = o.putObject("thp");
    thp.put("enabled", h.thpEnabled());
    thp.put("defrag", h.thpDefrag());
    thp.put("khugepagedDefrag", h.khugepagedDefrag());
    o.put("numaNodes", h.numaNodes());
    o.put("cpusOnline", h.cpusOnline());
    if (h.psiMemory() == null) {
      o.putNull("psiMemory");
    } else {
      ObjectNode psi = o.putObject("psiMemory");
      psi.put("someAvg10Pct", JsonNumbers.round(h.psiMemory().someAvg10(), 2));
      psi.put("someAvg60Pct", JsonNumbers.round(h.psiMemory().someAvg60(), 2));
      psi.put("fullAvg10Pct", JsonNumbers.round(h.psiMemory().fullAvg10(), 2));
      psi.put("someTotalUs", h.psiMemory().someTotalUs());
      psi.put("fullTotalUs", h.psiMemory().fullTotalUs());
    }
    ObjectNode vmstat = o.putObject("vmstat");
    ObjectNode since = vmstat.putObject("sinceBoot");
    h.vmstat().forEach((k, v) -> since.put(jsonName(k), v));
    if (r.sampleS() > 0) {
      ObjectNode d = vmstat.putObject("deltas");
      h.vmstat().keySet().forEach(k -> d.put(jsonName(k), r.deltas().get(k)));
    } else {
      vmstat.putNull("deltas");
    }
    Cgroup c = h.cgroup();
    ObjectNode cg = o.putObject("cgroup");
    cg.put("version", c.version());
    cg.put("path", c.path());
    cg.put("memoryLimitBytes", c.memoryLimitBytes());
    cg.put("memoryUsageBytes", c.memoryUsageBytes());
    cg.put("oomKills", c.oomKills());
    cg.put("cpuQuotaCores", c.cpuQuotaCores() == null ? null : JsonNumbers.round(c.cpuQuotaCores(), 3));
    cg.put("throttledPeriods", c.throttledPeriods());
    cg.put("throttledUs", c.throttledUs());
    cg.put("throttledPeriodsDelta", r.deltas().get("throttledPeriods"));
    cg.put("throttledUsDelta", r.deltas().get("throttledUs"));
    JvmProcess p = r.process();
    if (p == null) {
      o.putNull("process");
    } else {
      ObjectNode po = o.putObject("process");
      po.put("pid", p.pid());
      po.put("rssBytes", p.rssBytes());
      po.put("anonHugePagesBytes", p.anonHugePagesBytes());
      po.put("threads", p.threads());
      po.put("maxHeapBytes", p.maxHeapBytes());
      po.put("initialHeapBytes", p.initialHeapBytes());
      po.put("alwaysPreTouch", p.alwaysPreTouch());
      po.put("transparentHugePages", p.transparentHugePages());
      po.put("activeProcessors", p.activeProcessors());
      po.put("jcmdProblem", p.jcmdProblem());
    }
    o.set("findings", FactReport.findingsJson(r.findings()));
    return o;
  }

  public static void json(HostReport r, Writer out) throws IOException {
    FactReport.writeJson(json(r), out);
  }


  /** The JSON name of a /proc/vmstat counter (the schema describes which kernel counters each sums). */
  static String jsonName(String vmstatKey) {
    return switch (vmstatKey) {
      case "allocstall" -> "allocStalls";
      case "pgscan_direct" -> "pagesScannedDirect";
      case "compact_stall" -> "compactStalls";
      case "compact_fail" -> "compactFails";
      case "pswpin" -> "pagesSwappedIn";
      case "pswpout" -> "pagesSwappedOut";
      case "thp_fault_fallback" -> "thpFaultFallbacks";
      case "oom_kill" -> "oomKills";
      default -> vmstatKey;
    };
  }

  private static String bytes(Long b) {
    return b == null ? "-" : ByteSize.human(b);
  }

  private static String val(Object o) {
    return o == null ? "-" : o.toString();
  }
}
