package io.jtune.gc.parser.jdk8;

import io.jtune.gc.event.Collector;
import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.JvmInfo;
import io.jtune.gc.input.Line;
import io.jtune.gc.parser.ParserContext;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The header lines at the start of a JDK 8 log (and of each rotated file): JVM version,
 * physical memory and "CommandLine flags: ", whose collector, heap sizes and incremental-CMS
 * flag are sent as {@link JvmInfo} fragments.
 */
final class HeaderLines {
  private final ParserContext ctx;
  private final Consumer<GcEvent> sink;
  private final Stamps st;
  private final CollectorDetection col;

  HeaderLines(ParserContext ctx, Consumer<GcEvent> sink, Stamps st, CollectorDetection col) {
    this.ctx = ctx;
    this.sink = sink;
    this.st = st;
    this.col = col;
  }

  /** "Java HotSpot(TM) 64-Bit Server VM (25.112-b15) for linux-amd64 JRE (1.8.0_112-b15), ...". */
  void version(Line t) {
    ctx.understood();
    int v = t.indexOf("JRE (");
    int from = v >= 0 ? v + 5 : t.indexOf('(') + 1;
    int to = from > 0 ? t.indexOf(')', from) : -1;
    if (from > 0 && to > from) {
      sink.accept(JvmInfo.ofVersion(t.substring(from, to), st.lineNo));
    }
  }

  /** "Memory: 4k page, physical 16318768k(2409744k free), swap ...". */
  void memory(Line t) {
    ctx.understood();
    int ph = t.indexOf("physical ");
    if (ph > 0) {
      long bytes = t.parseSize(ph + 9);
      if (bytes > 0) {
        sink.accept(new JvmInfo(null, null, null, bytes, null, null, null, null, null, null, st.lineNo));
      }
    }
  }

  /**
   * "CommandLine flags: -XX:... ": the flags, the collector they select and the heap sizes they
   * set.
   */
  void flags(Line t) {
    ctx.understood();
    List<String> flags = new ArrayList<>();
    Collector c = null;
    boolean cms = false;
    boolean noParNew = false;
    boolean parNew = false;
    Boolean icms = null;
    Long xms = null;
    Long initial = null;
    Long max = null;
    int n = t.length();
    int i = 19;
    while (i < n) {
      i = t.skipSpaces(i);
      int e = i;
      while (e < n && t.charAt(e) != ' ') {
        e++;
      }
      if (e > i) {
        String f = t.substring(i, e);
        flags.add(f);
        switch (f) {
          case "-XX:+UseConcMarkSweepGC" -> cms = true;
          case "-XX:-UseParNewGC" -> noParNew = true;
          case "-XX:+UseParNewGC" -> parNew = true;
          case "-XX:+UseParallelGC", "-XX:+UseParallelOldGC" -> c = Collector.PARALLEL;
          case "-XX:+UseG1GC" -> c = Collector.G1;
          case "-XX:+UseSerialGC" -> c = Collector.SERIAL;
          case "-XX:+UseShenandoahGC" -> c = Collector.SHENANDOAH;
          case "-XX:+CMSIncrementalMode" -> icms = Boolean.TRUE;
          default -> {
            if (f.startsWith("-XX:InitialHeapSize=")) {
              initial = flagSize(t, i + 20);
            } else if (f.startsWith("-XX:MaxHeapSize=")) {
              max = flagSize(t, i + 16);
            } else if (f.startsWith("-Xms")) {
              xms = flagSize(t, i + 4);
            } else if (f.startsWith("-Xmx")) {
              max = max == null ? flagSize(t, i + 4) : max;
            }
          }
        }
      }
      i = e;
    }
    if (cms) {
      c = noParNew ? Collector.DEFNEW_CMS : Collector.PARNEW_CMS;
    } else if (c == null && parNew) {
      c = Collector.PARNEW_SERIAL_OLD;
    }
    if (c != null && !col.collectorFromRecords) {
      col.flagsCollector = c;
    }
    if (icms != null) {
      col.iCmsReported = true;
    }
    sink.accept(new JvmInfo(null, c, null, null, xms, initial != null ? initial : xms, max, null, flags, icms,
        st.lineNo));
  }

  private static Long flagSize(Line t, int at) {
    long v = t.parseSize(at);
    return v < 0 ? null : v;
  }
}
