package io.jtune.experiment.run;

import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.gc.analysis.GcAnalyzer;
import io.jtune.gc.diagnosis.Diagnosis;
import io.jtune.gc.diagnosis.Problem;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The problem a run's GC log shows, kept with the run so the experiment's verdict can say
 * "memory leak" from the baseline's own runs. {@link #of} is the one place the GC analysis'
 * diagnosis enters the experiment.
 */
final class RunDiagnosis {
  private RunDiagnosis() {}

  /**
   * The primary problem the run's GC analysis names, with its evidence; null when the log shows
   * none (healthy, or GC is not the problem). An OutOfMemoryError in the target's output is a
   * leak unless the analysis found the heap too small for a live set that does not grow.
   */
  static RunResult.GcProblem of(Analysis a, List<String> output) {
    Diagnosis d = a.diagnosis();
    Problem p = d.primary();
    if (p == Problem.HEALTHY || p == Problem.GC_NOT_THE_PROBLEM) {
      return outOfMemory(output);
    }
    if (p != Problem.MEMORY_LEAK && p != Problem.HEAP_TOO_SMALL && outOfMemory(output) != null) {
      return outOfMemory(output);
    }
    return new RunResult.GcProblem(p.code(), d.evidence().isEmpty() ? d.line() : String.join("; ", d.evidence()),
        d.advice().isBlank() ? null : d.advice());
  }


  /** The problem of a run that failed: its GC log analyzed when there is one, else its output alone. */
  static RunResult.GcProblem ofFailedRun(Path gcLog, List<String> output) {
    try {
      if (Files.isRegularFile(gcLog) && Files.size(gcLog) > 0) {
        Analysis a = GcAnalyzer.analyze(List.of(gcLog.toString()), new ByteArrayInputStream(new byte[0]),
            new AnalysisOptions(60, 50, Double.NaN, null, true));
        return of(a, output);
      }
    } catch (RuntimeException | java.io.IOException e) {
      // a log cut short by the failure: the output may still tell
    }
    return outOfMemory(output);
  }

  private static RunResult.GcProblem outOfMemory(List<String> output) {
    return output.stream().filter(l -> l.contains("java.lang.OutOfMemoryError: Java heap space")).findFirst()
        .map(l -> new RunResult.GcProblem("memory-leak", "the target ran out of heap: " + l.strip(), null))
        .orElse(null);
  }
}
