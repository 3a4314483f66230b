package io.jtune.load;

import io.jtune.common.format.Json;
import static io.jtune.common.format.JsonNumbers.round;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;
import java.util.Locale;

/**
 * The outcome of a capacity sweep: the table, the knee, the USL fit and, when the target's CPU
 * time per request is known, the optimal-thread formulas beside the measurements (optimal threads
 * = (CPU time + wait time) / CPU time x cores).
 *
 * @param sweep what was run
 * @param steps one row per concurrency level
 * @param knee the smallest concurrency reaching {@value #KNEE_SHARE} of the highest throughput
 * @param usl the USL fit, null with fewer than three usable steps
 * @param formula the optimal-thread formulas, null when the CPU time per request is unknown
 */
public record CapacityResult(
    CapacitySweep sweep, List<CapacityStep> steps, CapacityStep knee, UslFit usl, OptimalThreads formula) {

  /** Share of the highest throughput that marks the knee. */
  public static final double KNEE_SHARE = 0.95;

  /** The JSON schema name and version written as {@code schema}. */
  public static final String SCHEMA = "jtune.capacity/2";


  public CapacityResult {
    steps = List.copyOf(steps);
  }

  /** Builds the analysis from measured steps. */
  public static CapacityResult analyze(CapacitySweep sweep, List<CapacityStep> steps) {
    double max = steps.stream().mapToDouble(CapacityStep::throughputRps).max().orElse(0);
    CapacityStep knee = steps.stream().filter(s -> s.throughputRps() >= KNEE_SHARE * max && max > 0)
        .findFirst().orElse(null);
    UslFit usl = UslFit.fit(steps.stream().map(s -> new double[] {s.concurrency(), s.throughputRps()}).toList());
    double cpuMs = sweep.cpuMsPerRequest();
    if (Double.isNaN(cpuMs)) {
      cpuMs = marginalCpuMs(steps);
    }
    if (Double.isNaN(cpuMs)) {
      cpuMs = averageCpuMs(steps);
    }
    OptimalThreads formula = null;
    if (cpuMs > 0 && !steps.isEmpty() && steps.get(0).requests() > 0) {
      formula = OptimalThreads.of(cpuMs, steps.get(0).meanRtMs(), sweep.cores());
    }
    return new CapacityResult(sweep, steps, knee, usl, formula);
  }

  /** Fewest steps with CPU readings for the slope of CPU against QPS. */
  static final int MIN_CPU_STEPS = 3;

  /**
   * The target's CPU time per request as the slope of its CPU use (ms per second) against
   * throughput over the steps: what each further request costs, without the CPU the process
   * spends whatever the load (JIT, GC, pollers, timers), which an average per request would
   * spread over the few requests of the low steps. NaN with fewer than {@value #MIN_CPU_STEPS}
   * steps with CPU readings, too little spread in QPS, or a slope that is not positive.
   */
  static double marginalCpuMs(List<CapacityStep> steps) {
    List<CapacityStep> with = steps.stream()
        .filter(s -> !Double.isNaN(s.serverCpuPercent()) && s.requests() > 0).toList();
    if (with.size() < MIN_CPU_STEPS) {
      return Double.NaN;
    }
    double mx = 0;
    double my = 0;
    double minX = Double.POSITIVE_INFINITY;
    double maxX = 0;
    for (CapacityStep s : with) {
      mx += s.throughputRps() / with.size();
      my += s.serverCpuPercent() * 10 / with.size();
      minX = Math.min(minX, s.throughputRps());
      maxX = Math.max(maxX, s.throughputRps());
    }
    double sxx = 0;
    double sxy = 0;
    for (CapacityStep s : with) {
      double dx = s.throughputRps() - mx;
      sxx += dx * dx;
      sxy += dx * (s.serverCpuPercent() * 10 - my);
    }
    if (sxx <= 0 || maxX < 2 * minX) {
      return Double.NaN;
    }
    double slope = sxy / sxx;
    return slope > 0 ? slope : Double.NaN;
  }

  /** CPU time per request averaged over every request of the steps with CPU readings; NaN without. */
  static double averageCpuMs(List<CapacityStep> steps) {
    long requests = 0;
    double cpuTotal = 0;
    for (CapacityStep s : steps) {
      if (!Double.isNaN(s.serverCpuMsPerRequest()) && s.requests() > 0) {
        cpuTotal += s.serverCpuMsPerRequest() * s.requests();
        requests += s.requests();
      }
    }
    return requests > 0 ? cpuTotal / requests : Double.NaN;
  }

  /**
   * The measured saturation point: the concurrency where the line of one user's rate, N x 1000
   * / RT at the lowest step, meets the highest QPS (highest QPS x that RT / 1000). Below it
   * QPS grows with users; from it on users only queue. This is the "optimal threads"
   * read off the measurements, where the formula predicts it from CPU time and cores. NaN
   * without a completed lowest step.
   */
  public double saturationConcurrency() {
    if (steps.isEmpty() || steps.get(0).requests() == 0) {
      return Double.NaN;
    }
    return maxThroughputRps() * steps.get(0).meanRtMs() / 1000;
  }

  /** The highest throughput of any step. */
  public double maxThroughputRps() {
    return steps.stream().mapToDouble(CapacityStep::throughputRps).max().orElse(0);
  }

  /** Writes the table of QPS and RT per concurrency and the analysis below it. */
  public void writeText(PrintWriter out) {
    out.printf(Locale.US, "%11s %10s %11s %9s %8s %7s %11s %9s %8s%s%n", "concurrency", "QPS", "mean RT ms",
        "p99 ms", "errors", "cpu %", "cpu ms/req", "X*RT", "Little", formula != null ? "  formula RT ms  formula QPS" : "");
    for (CapacityStep s : steps) {
      out.printf(Locale.US, "%11d %10.1f %11.2f %9.2f %8d %7s %11s %9.2f %+7.1f%%%s%n", s.concurrency(),
          s.throughputRps(), s.meanRtMs(), s.p99Ms(), s.errors(), orDash(s.serverCpuPercent(), "%.0f"),
          orDash(s.serverCpuMsPerRequest(), "%.2f"), s.littleConcurrency(), 100 * s.littleError(),
          formula == null ? "" : String.format(Locale.US, "  %13.1f  %11.1f",
              formula.predictedRtMs(s.concurrency()), formula.predictedThroughputRps(s.concurrency())));
    }
    if (knee != null) {
      out.printf(Locale.US, "knee: concurrency %d reaches %.1f QPS, %.0f%% of the highest (%.1f QPS);"
              + " beyond it QPS stays flat and RT grows%n",
          knee.concurrency(), knee.throughputRps(), 100 * knee.throughputRps() / maxThroughputRps(), maxThroughputRps());
    } else {
      out.println("knee: none (no step completed a request)");
    }
    double saturation = saturationConcurrency();
    if (!Double.isNaN(saturation)) {
      out.printf(Locale.US, "saturation: concurrency %.1f = highest QPS %.1f x RT %.2f ms at concurrency %d:"
              + " where QPS stops growing with users (the optimal threads, measured)%n",
          saturation, maxThroughputRps(), steps.get(0).meanRtMs(), steps.get(0).concurrency());
    }
    double busiest = steps.stream().mapToDouble(CapacityStep::serverCpuPercent).filter(v -> !Double.isNaN(v))
        .max().orElse(Double.NaN);
    if (formula != null && knee != null && busiest < 100.0 * formula.cores() * 0.8
        && knee.concurrency() < 0.8 * formula.optimalThreads()) {
      out.printf(Locale.US, "note: QPS flattened early while the target never used more than %.0f%% CPU of %d cores'"
              + " %d%%: it got only %.2f cores (others on the machine?), which caps QPS at about %.1f%n", busiest, formula.cores(),
          100 * formula.cores(), busiest / 100, busiest / 100 * 1000 / formula.cpuMs());
    }
    if (formula != null) {
      out.printf(Locale.US, "optimal threads formula: CPU %.2f ms/request%s, wait %.2f ms (RT at concurrency %d minus CPU),"
              + " %d cores -> optimal threads ((%.2f + %.2f) / %.2f) x %d = %.1f, max QPS %d x 1000 / %.2f = %.1f%n",
          formula.cpuMs(), cpuSource(), formula.waitMs(),
          steps.get(0).concurrency(), formula.cores(), formula.waitMs(), formula.cpuMs(), formula.cpuMs(),
          formula.cores(), formula.optimalThreads(), formula.cores(), formula.cpuMs(), formula.maxThroughputRps());
    } else {
      out.println("optimal threads formula: give --pid of the target (or --cpu-ms) to compare with optimal threads"
          + " = ((wait + CPU) / CPU) x cores");
    }
    if (usl != null) {
      out.printf(Locale.US, "USL fit: lambda %.2f QPS/user, sigma %.4f (contention), kappa %.6f (coherency),"
              + " peak at concurrency %s, R^2 %.3f%n",
          usl.lambda(), usl.sigma(), usl.kappa(),
          Double.isInfinite(usl.peakConcurrency()) ? "none" : String.format(Locale.US, "%.0f", usl.peakConcurrency()),
          usl.rSquared());
      if (usl.rSquared() < 0.8) {
        out.println("USL fit is poor (R^2 below 0.8): throughput does not follow contention and coherency alone");
      }
    }
    out.flush();
  }

  private String cpuSource() {
    if (!Double.isNaN(sweep.cpuMsPerRequest())) {
      return " (given)";
    }
    if (!Double.isNaN(marginalCpuMs(steps))) {
      return String.format(Locale.US, " (measured: slope of the target's CPU against QPS; %.2f averaged per request)",
          averageCpuMs(steps));
    }
    return " (measured: averaged per request)";
  }

  /** Writes the result as JSON ({@value #SCHEMA}). */
  public void writeJson(Writer out) {
    ObjectNode root = Json.object();
    root.put("schema", SCHEMA);
    root.put("url", sweep.base().targets().get(0).urlText());
    root.put("stepS", round(sweep.stepDuration().toNanos() / 1e9, 3));
    ArrayNode rows = root.putArray("steps");
    for (CapacityStep s : steps) {
      ObjectNode row = rows.addObject();
      row.put("concurrency", s.concurrency());
      row.put("throughputRps", round(s.throughputRps(), 3));
      row.put("meanRtMs", round(s.meanRtMs(), 3));
      row.put("p99Ms", round(s.p99Ms(), 3));
      row.put("requests", s.requests());
      row.put("errors", s.errors());
      row.put("serverCpuPct", round(s.serverCpuPercent(), 2));
      row.put("serverCpuMsPerRequest", round(s.serverCpuMsPerRequest(), 4));
      row.put("littleConcurrency", round(s.littleConcurrency(), 3));
      if (formula != null) {
        row.put("formulaRtMs", round(formula.predictedRtMs(s.concurrency()), 3));
        row.put("formulaThroughputRps", round(formula.predictedThroughputRps(s.concurrency()), 3));
      }
    }
    root.put("maxThroughputRps", round(maxThroughputRps(), 3));
    if (knee != null) {
      root.put("kneeConcurrency", knee.concurrency());
    } else {
      root.putNull("kneeConcurrency");
    }
    root.put("saturationConcurrency", round(saturationConcurrency(), 3));
    if (formula != null) {
      ObjectNode f = root.putObject("formula");
      f.put("cpuMs", round(formula.cpuMs(), 4));
      f.put("waitMs", round(formula.waitMs(), 4));
      f.put("cores", formula.cores());
      f.put("optimalThreads", round(formula.optimalThreads(), 3));
      f.put("rtAtOptimumMs", round(formula.rtAtOptimumMs(), 3));
      f.put("maxThroughputRps", round(formula.maxThroughputRps(), 3));
    }
    if (usl != null) {
      ObjectNode u = root.putObject("usl");
      u.put("lambda", round(usl.lambda(), 4));
      u.put("sigma", round(usl.sigma(), 6));
      u.put("kappa", round(usl.kappa(), 9));
      u.put("peakConcurrency", round(usl.peakConcurrency(), 3));
      u.put("rSquared", round(usl.rSquared(), 4));
    }
    try {
      Json.write(root, out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String orDash(double value, String format) {
    return Double.isNaN(value) ? "-" : String.format(Locale.US, format, value);
  }
}
