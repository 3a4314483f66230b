package io.jtune.experiment.run;

import io.jtune.core.analysis.Analysis;
import io.jtune.core.analysis.AnalysisOptions;
import io.jtune.core.analysis.GcAnalyzer;
import io.jtune.core.finding.Finding;
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
   * The run's problem from its GC analysis and its output, or null when it shows none.
   *
   * <p>PLUG-IN POINT for the diagnosis: once the analysis names its primary
   * problem, this returns that code and its evidence, e.g.
   * {@code new RunResult.GcProblem(a.diagnosis().primary(), String.join("; ", a.diagnosis().evidence()))}.
   * Until then it names a leak from what the analysis gives today: the old-generation growth
   * finding, or an OutOfMemoryError in the target's output.
   */
  static RunResult.GcProblem of(Analysis a, List<String> output) {
    for (Finding f : a.findings()) {
      if (f.id().equals("old-gen-growth")) {
        return new RunResult.GcProblem("memory-leak", f.title());
      }
    }
    return outOfMemory(output);
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
        .map(l -> new RunResult.GcProblem("memory-leak", "the target ran out of heap: " + l.strip()))
        .orElse(null);
  }
}
