package io.jtune.experiment.report.html;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.common.format.Json;
import io.jtune.common.units.ByteSize;
import io.jtune.diagnostics.nmt.NativeMemory;
import io.jtune.diagnostics.nmt.ResidentBreakdown;
import io.jtune.diagnostics.nmt.ResidentSet;
import io.jtune.experiment.report.NativeMemoryText;
import io.jtune.experiment.run.RunResult;
import java.util.List;
import java.util.Locale;

/** The HTML page's table of the native memory of the runs that tracked it: a row a run, a column a part. */
final class NativeMemoryTable {
  private static final List<String> COLUMNS = List.of("run", "heap", "metaspace + class", "code cache", "threads",
      "GC", "compiler", "internal", "other / direct", "rest", "non-heap", "committed", "RSS", "committed vs RSS", "anonymous", "file-backed", "heap resident",
      "anonymous outside the heap", "non-heap vs it", "malloc's free memory", "with it vs anonymous", "NMT resident",
      "file-backed outside NMT", "NMT resident + named parts vs RSS");

  private NativeMemoryTable() {}

  static ObjectNode of(List<RunResult> runs) {
    ObjectNode t = Json.object();
    t.put("about", NativeMemoryText.ABOUT);
    ArrayNode cols = t.putArray("columns");
    COLUMNS.forEach(cols::add);
    ArrayNode rows = t.putArray("rows");
    for (RunResult r : runs) {
      NativeMemory m = r.nativeMemory();
      ArrayNode row = rows.addArray();
      row.add(r.id());
      row.add(ByteSize.human(m.heapBytes()));
      row.add(ByteSize.human(m.metaspaceBytes()));
      row.add(ByteSize.human(m.codeCacheBytes()));
      row.add(ByteSize.human(m.threadBytes()) + (m.threads() >= 0 ? " (" + m.threads() + ")" : ""));
      row.add(ByteSize.human(m.gcBytes()));
      row.add(ByteSize.human(m.compilerBytes()));
      row.add(ByteSize.human(m.internalBytes()));
      row.add(ByteSize.human(m.otherBytes()));
      row.add(ByteSize.human(m.restBytes()));
      row.add(ByteSize.human(m.nonHeapBytes()));
      row.add(ByteSize.human(m.totalCommittedBytes()));
      row.add(ByteSize.human(m.rssBytes()));
      row.add(pct(m.committedVsRssPct()));
      ResidentSet rs = m.resident();
      row.add(rs == null ? "-" : bytes(rs.anonBytes()));
      row.add(rs == null ? "-" : bytes(rs.fileBytes()));
      row.add(rs == null ? "-" : bytes(rs.heapResidentBytes()));
      row.add(rs == null ? "-" : bytes(rs.anonOutsideHeapBytes()));
      row.add(pct(m.nonHeapVsAnonPct()));
      row.add(rs == null ? "-" : bytes(rs.mallocFreeBytes()));
      row.add(pct(m.accountedVsAnonPct()));
      ResidentBreakdown b = m.residentBreakdown();
      row.add(b == null ? "-" : bytes(b.nmtResidentBytes()));
      row.add(b == null ? "-" : bytes(b.fileOutsideNmtBytes()));
      row.add(b == null || b.explainedVsRssPct() == null ? "-" : pct(b.explainedVsRssPct()));
    }
    return t;
  }

  private static String bytes(long b) {
    return b < 0 ? "-" : ByteSize.human(b);
  }

  private static String pct(double p) {
    return Double.isNaN(p) ? "-" : String.format(Locale.US, "%+.1f %%", p);
  }
}
