package io.jtune.experiment.tune;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.common.format.Json;
import io.jtune.common.format.JsonNumbers;
import io.jtune.experiment.report.ExperimentText;
import io.jtune.experiment.report.Verdict;
import io.jtune.experiment.run.RunResult;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.diagnosis.Diagnosis;
import io.jtune.gc.diagnosis.Problem;
import io.jtune.runtime.output.OutputFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The session's own document, {@value #FILE} in the run directory, written whatever the session
 * ends with (schema {@value #SCHEMA}, JSON Schema in schemas/jtune.tune-1.schema.json): the
 * verdict in {@code recommendation.verdict} (the words of experiment.json and of the printed
 * summary; {@code failed} when the session stopped at an error, with its line in {@code error}),
 * the baseline's diagnosis and measured figures, and the files written, relative to the run
 * directory. Request headers and bodies are never part of it.
 */
public final class TuneJson {
  public static final String SCHEMA = "jtune.tune/1";
  public static final String FILE = "tune.json";
  /** The verdict of a session stopped by an error (a baseline that does not start, a budget too small). */
  public static final String FAILED = "failed";

  /**
   * What the document says.
   *
   * @param outcome {@code memory-leak}, {@code no-candidates}, {@code experiment}, {@code search},
   *     {@code overloaded} or {@code failed}
   * @param verdict the verdict's key
   * @param verdictText the verdict in words
   * @param winner the winning candidate, or null
   * @param analysis the baseline's analysis, or null when the session stopped before it
   * @param liveRising the live set's rise under load that made the verdict a leak, or null
   * @param store what a run at a larger heap showed of a heap that filled, or null when none ran
   * @param baseline the baseline run, or null
   * @param files the files written, absolute or relative to the run directory
   * @param error the error line of a failed session, or null
   * @param kill the baseline's kill by the container's memory limit, or null
   * @param overload the first baseline's overload (served less than offered), or null
   */
  record Content(String outcome, String verdict, String verdictText, String winner, Analysis analysis,
      String liveRising, RunResult baseline, List<Path> files, String error, StoreBound store, BaselineKill kill,
      BaselineOverload overload) {
    Content(String outcome, String verdict, String verdictText, String winner, Analysis analysis, String liveRising,
        RunResult baseline, List<Path> files, String error, StoreBound store, BaselineKill kill) {
      this(outcome, verdict, verdictText, winner, analysis, liveRising, baseline, files, error, store, kill, null);
    }

    Content(String outcome, String verdict, String verdictText, String winner, Analysis analysis, String liveRising,
        RunResult baseline, List<Path> files, String error) {
      this(outcome, verdict, verdictText, winner, analysis, liveRising, baseline, files, error, null, null, null);
    }
  }

  private TuneJson() {}

  /** The verdict key of a session that suggested nothing. */
  static Verdict noCandidates(boolean gcNotTheProblem) {
    return gcNotTheProblem ? Verdict.NOT_A_GC_PROBLEM : Verdict.KEEP_BASELINE;
  }

  /** Writes the document into {@code dir}; returns its path. */
  static Path write(Path dir, Content c) {
    ObjectNode root = Json.object();
    root.put("schema", SCHEMA);
    root.put("outcome", c.outcome());
    ObjectNode rec = root.putObject("recommendation");
    rec.put("verdict", c.verdict());
    rec.put("verdictText", c.verdictText());
    if (c.winner() != null) {
      rec.put("winner", c.winner());
    }
    if (c.error() != null) {
      root.put("error", c.error());
    }
    if (c.analysis() != null) {
      diagnosis(root.putObject("diagnosis"), c.analysis(), c.liveRising(), c.store(), c.kill(),
          c.baseline() == null || c.baseline().classGrowth() == null ? null
              : c.baseline().classGrowth().words(Baseline.GAINERS));
    }
    if (c.baseline() != null) {
      baseline(root.putObject("baseline"), c.baseline(), dir);
    }
    if (c.kill() != null) {
      containerKill(root.putObject("containerKill"), c.kill());
    }
    if (c.overload() != null) {
      ObjectNode o = root.putObject("overload");
      o.put("offeredRps", JsonNumbers.round(c.overload().offeredRps(), 3));
      o.put("capacityRps", JsonNumbers.round(c.overload().capacityRps(), 3));
      o.put("limitedBy", c.overload().limitedBy());
      o.put("measuredAtRps", JsonNumbers.round(c.overload().measuredAtRps(), 3));
      o.put("words", c.overload().words());
      ArrayNode reruns = o.putArray("reruns");
      for (BaselineOverload.Rerun r : c.overload().reruns()) {
        ObjectNode n = reruns.addObject();
        n.put("offeredRps", JsonNumbers.round(r.offeredRps(), 3));
        if (Double.isFinite(r.servedRps())) {
          n.put("servedRps", JsonNumbers.round(r.servedRps(), 3));
        }
        n.put("overloaded", r.overloaded());
        if (r.limitedBy() != null) {
          n.put("limitedBy", r.limitedBy());
        }
        if (r.queueGrowing() != null) {
          n.put("queueGrowing", r.queueGrowing());
        }
        if (r.rampUpS() > 0) {
          n.put("rampUpS", JsonNumbers.round(r.rampUpS(), 3));
        }
      }
      o.put("unresolved", c.overload().unresolved());
      if (!c.overload().reruns().isEmpty()) {
        o.put("rerunWords", c.overload().rerunWords());
      }
    }
    ArrayNode files = root.putArray("files");
    List<String> seen = new ArrayList<>();
    for (Path f : c.files()) {
      Path abs = f.isAbsolute() ? f : dir.resolve(f);
      if (!Files.exists(abs)) {
        continue;
      }
      String rel = relative(dir, abs);
      if (!seen.contains(rel)) {
        seen.add(rel);
        files.add(rel);
      }
    }
    Path out = dir.resolve(FILE);
    OutputFile.write(out, w -> Json.write(root, w));
    return out;
  }

  /** The problem code of a baseline the container's memory limit killed. */
  public static final String KILLED = "killed-by-memory-limit";

  /** {@code grew}: what the baseline run's class histograms showed grew, or null. */
  private static void diagnosis(ObjectNode d, Analysis a, String liveRising, StoreBound store, BaselineKill kill,
      String grew) {
    Diagnosis dg = a.diagnosis();
    if (kill != null) {
      // the kill is the diagnosis; what the log of a JVM killed so early shows comes after it
      d.put("primary", KILLED);
      ArrayNode secondary = d.putArray("secondary");
      if (dg.primary() != Problem.HEALTHY) {
        secondary.add(dg.primary().code());
      }
      ArrayNode evidence = d.putArray("evidence");
      evidence.add(kill.failure());
      kill.lines().forEach(evidence::add);
      if (kill.fits() != null) {
        d.put("advice", "Keep the whole process within the limit: " + kill.fits() + ".");
      }
      ArrayNode findings = d.putArray("findings");
      a.findings().forEach(f -> findings.add(f.id()));
      return;
    }
    boolean rising = liveRising != null && dg.primary() != Problem.MEMORY_LEAK;
    // a heap that filled with a store's bound: the heap is too small, whatever the first log suggested
    boolean bound = store != null && store.levelsOff();
    d.put("primary", bound ? Problem.HEAP_TOO_SMALL.code() : rising ? Problem.MEMORY_LEAK.code() : dg.primary().code());
    ArrayNode secondary = d.putArray("secondary");
    if (rising && !bound && dg.primary() != Problem.HEALTHY) {
      secondary.add(dg.primary().code());
    }
    dg.secondary().stream().filter(p -> !bound || p != Problem.HEAP_TOO_SMALL && p != Problem.MEMORY_LEAK)
        .forEach(p -> secondary.add(p.code()));
    ArrayNode evidence = d.putArray("evidence");
    if (store != null) {
      evidence.add(store.evidence());
      ObjectNode larger = d.putObject("largerHeap");
      larger.put("flags", String.join(" ", store.flags()));
      larger.put("heapBytes", store.heapBytes());
      if (store.liveBytes() > 0) {
        larger.put("liveSetBytes", store.liveBytes());
      }
      larger.put("liveSet", store.levelsOff() ? "levels-off" : "keeps-rising");
    }
    if (rising) {
      evidence.add(liveRising);
    }
    // a leak's evidence names what grew (a larger heap's store evidence already does)
    if (grew != null && store == null && (rising || dg.primary() == Problem.MEMORY_LEAK)) {
      evidence.add(Character.toUpperCase(grew.charAt(0)) + grew.substring(1) + ".");
    }
    dg.evidence().forEach(evidence::add);
    if (!dg.advice().isBlank()) {
      d.put("advice", dg.advice());
    }
    ArrayNode findings = d.putArray("findings");
    a.findings().forEach(f -> findings.add(f.id()));
  }

  private static void baseline(ObjectNode b, RunResult r, Path dir) {
    b.put("id", r.id());
    b.put("status", r.ok() ? "ok" : "failed");
    if (r.failure() != null) {
      b.put("failure", r.failure());
    }
    if (r.steadiness() != null) {
      b.put("warmupS", r.steadiness().warmupS());
      b.put("warmupEnded", r.steadiness().warmupEnded());
      b.put("overloaded", r.steadiness().overloaded());
    }
    ObjectNode metrics = b.putObject("metrics");
    Map<String, Double> sorted = new TreeMap<>(r.metrics() == null ? Map.of() : r.metrics());
    sorted.forEach((k, v) -> {
      if (v != null && Double.isFinite(v)) {
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
          metrics.put(k, v.longValue()); // counts as integers, as in the run's result.json
        } else {
          metrics.put(k, JsonNumbers.round(v, 4));
        }
      }
    });
  }

  /** The baseline's kill by the container's memory limit: its words, the RSS breakdown and what fits. */
  private static void containerKill(ObjectNode k, BaselineKill kill) {
    k.put("words", kill.words());
    k.put("memoryLimitBytes", kill.limitBytes());
    putKnown(k, kill.rssSampled() ? "rssBytes" : "groupPeakBytes", kill.rssBytes());
    putKnown(k, "heapBytes", kill.heapBytes());
    k.put("heapSource", kill.heapSource());
    putKnown(k, "nonHeapBytes", kill.nonHeapBytes());
    k.put("nonHeapSource", kill.nonHeapSource());
    putKnown(k, "fittingHeapBytes", kill.fittingHeapBytes());
    putKnown(k, "neededLimitBytes", kill.neededLimitBytes());
    ArrayNode lines = k.putArray("breakdown");
    kill.lines().forEach(lines::add);
  }

  private static void putKnown(ObjectNode o, String name, long v) {
    if (v >= 0) {
      o.put(name, v);
    }
  }

  private static String relative(Path dir, Path file) {
    Path d = dir.toAbsolutePath().normalize();
    Path f = file.toAbsolutePath().normalize();
    return (f.startsWith(d) ? d.relativize(f) : f).toString().replace('\\', '/');
  }

  /** The verdict in words of an experiment's recommendation. */
  static String words(io.jtune.experiment.report.ExperimentReport report) {
    return ExperimentText.verdictWords(report.recommendation());
  }
}
