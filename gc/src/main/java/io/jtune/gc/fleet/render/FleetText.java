package io.jtune.gc.fleet.render;

import io.jtune.gc.fleet.FleetRow;
import io.jtune.gc.fleet.FleetScan;
import io.jtune.gc.model.MemoryModel;
import io.jtune.common.format.TerminalText;
import io.jtune.common.units.ByteSize;
import java.io.IOException;
import java.io.Writer;
import java.util.Locale;

/**
 * Fleet rows as a table for people: fixed column widths, so each row is written when it is
 * ready; a JVM named by its log file (and {@code #N} when the log holds several lifetimes), the
 * most severe finding's id last. A closing line counts the rows and the logs that gave none.
 */
final class FleetText implements FleetOutput {
  private static final String FORMAT = "%-28s %-13s %9s %7s %9s %9s %7s %5s %10s %10s %9s  %-20s %s%n";
  private static final int NAME = 28;
  private final Writer out;

  FleetText(Writer out) {
    this.out = out;
  }

  @Override
  public void begin() throws IOException {
    out.write(String.format(Locale.US, FORMAT, "JVM", "Collector", "Span", "Pauses", "p99 ms", "Max ms", "GC thr%",
        "FGC", "Alloc/s", "Promo/s", "Live set", "Diagnosis", "Top finding"));
    out.flush();
  }

  @Override
  public void row(FleetRow r) throws IOException {
    if (r.failed()) {
      out.write(fit(name(r)) + " " + TerminalText.safe(r.error()) + System.lineSeparator());
    } else {
      out.write(String.format(Locale.US, FORMAT, fit(name(r)), r.collector(),
          r.spanS() >= 0 ? span(r.spanS()) : "-", r.pauses(), num(r.pauseP99Ms(), 1), num(r.pauseMaxMs(), 1),
          num(r.throughputPct(), 2), r.fullGcs(), rate(r.allocationRateMBps()), rate(r.promotionRateMBps()),
          ByteSize.human(r.liveSetBytes()), r.diagnosis(), r.topFinding() == null ? "-" : r.topFinding()));
    }
    out.flush();
  }

  @Override
  public void end(FleetScan.Counts counts) throws IOException {
    out.write(String.format(Locale.US, "%d JVM lifetime%s%s%n", counts.rows(), counts.rows() == 1 ? "" : "s",
        counts.failed() == 0 ? "" : "; " + counts.failed() + " input" + (counts.failed() == 1 ? "" : "s")
            + " with no JVM to analyze"));
    out.flush();
  }

  /** The first log's file name, with how many more files the JVM's log spans and which lifetime it is. */
  private static String name(FleetRow r) {
    String first = r.inputs().isEmpty() ? "-" : r.inputs().get(0);
    int slash = Math.max(first.lastIndexOf('/'), first.lastIndexOf('\\'));
    String n = TerminalText.safe(first.substring(slash + 1));
    if (r.inputs().size() > 1) {
      n += " +" + (r.inputs().size() - 1);
    }
    return r.jvm() > 1 ? n + " #" + r.jvm() : n;
  }

  /** A name cut to the column, keeping its end (where rotation numbers and lifetimes are). */
  private static String fit(String s) {
    return s.length() <= NAME ? s : "…" + s.substring(s.length() - NAME + 1);
  }

  private static String span(double s) {
    return s < 120 ? String.format(Locale.US, "%.1f s", s) : MemoryModel.span(s);
  }

  private static String num(double v, int decimals) {
    return Double.isNaN(v) ? "-" : String.format(Locale.US, "%." + decimals + "f", v);
  }

  private static String rate(double mbps) {
    return Double.isNaN(mbps) ? "-" : String.format(Locale.US, "%.1f MB", mbps);
  }
}
