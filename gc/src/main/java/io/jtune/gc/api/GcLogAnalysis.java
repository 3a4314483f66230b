package io.jtune.gc.api;

import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.finding.Finding;
import io.jtune.gc.fleet.FleetRow;
import io.jtune.gc.diagnosis.Diagnosis;
import io.jtune.gc.render.AnalysisJson;
import io.jtune.gc.render.openmetrics.AnalysisOpenMetrics;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The result of {@link GcLogs#analyze}: immutable, and safe to share between threads once made.
 *
 * <p>The stable part is small: {@link #jvms()} (one {@link FleetRow} per JVM lifetime in the input,
 * the rows and columns of {@code jtune analyze --each}), {@link #findings()}, {@link #diagnosis()},
 * and the documents {@link #toJson()} (schema {@value AnalysisJson#SCHEMA}) and
 * {@link #toOpenMetrics()}. {@link #details()} gives the whole analysis the CLI renders, whose
 * classes may change between versions.
 */
public final class GcLogAnalysis {
  private final String source;
  private final Analysis analysis;
  private final List<FleetRow> jvms;

  GcLogAnalysis(String source, Analysis analysis) {
    this.source = source;
    this.analysis = analysis;
    this.jvms = List.copyOf(FleetRow.of(analysis));
  }

  /** What was analyzed: the file, the first of several in timeline order, or the stream's name. */
  public String source() {
    return source;
  }

  /** One row per JVM lifetime in the input, in timeline order (at least one). */
  public List<FleetRow> jvms() {
    return jvms;
  }

  /** The latest JVM lifetime's row: the one {@link #findings()} and {@link #diagnosis()} are about. */
  public FleetRow latest() {
    return jvms.get(jvms.size() - 1);
  }

  /** The latest lifetime's findings, most severe first: each with its evidence and the flags to try. */
  public List<Finding> findings() {
    return analysis.findings();
  }

  /** The latest lifetime's diagnosis: the problem to fix first, the others, the evidence and advice. */
  public Diagnosis diagnosis() {
    return analysis.diagnosis();
  }

  /** The whole analysis (pauses by kind and cause, per-window table, memory model, ...); less stable than the rest. */
  public Analysis details() {
    return analysis;
  }

  /** The analysis as {@code jtune analyze --format json} writes it. */
  public String toJson() {
    StringWriter w = new StringWriter();
    try (PrintWriter out = new PrintWriter(w)) {
      AnalysisJson.write(analysis, out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return w.toString();
  }

  /** The analysis as {@code jtune analyze --format openmetrics} writes it (OpenMetrics text, ending in # EOF). */
  public String toOpenMetrics() {
    StringWriter w = new StringWriter();
    AnalysisOpenMetrics.write(analysis, new PrintWriter(w));
    return w.toString();
  }
}
