package io.jtune.experiment.run;

import io.jtune.common.format.Json;
import io.jtune.common.JtuneException;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The runs of an experiment on disk: {@code DIR/runs/ID/result.json} for each run, written whole
 * (never half a result), read back to resume or report.
 */
final class RunStore {

  private RunStore() {}

  /** The result files of a run directory, in the plan's order (missing runs left out). */
  public static List<RunResult> readResults(Path dir, Plan plan) {
    List<RunResult> out = new ArrayList<>();
    for (Plan.RunKey key : plan.schedule()) {
      readResult(dir, key).ifPresent(out::add);
    }
    return out;
  }

  /**
   * The run's directory: always a direct child of {@code DIR/runs}, whatever the plan's names
   * (a run directory is deleted before its run starts, so it must never be anything else).
   */
  static Path runDir(Path dir, Plan.RunKey key) {
    Path runs = dir.resolve("runs").normalize();
    Path rd = runs.resolve(key.id()).normalize();
    if (!runs.equals(rd.getParent())) {
      throw new PlanException("run '" + key.id() + "' does not name a directory inside " + runs);
    }
    return rd;
  }

  static Optional<RunResult> readResult(Path dir, Plan.RunKey key) {
    Path f = runDir(dir, key).resolve("result.json");
    if (!Files.isRegularFile(f)) {
      return Optional.empty();
    }
    try {
      return Optional.of(Json.mapper().readValue(f.toFile(), RunResult.class));
    } catch (IOException e) {
      return Optional.empty(); // torn write of a killed run: redo it
    }
  }

  /** Writes result.json through a temporary file, so a kill never leaves half a result. */
  static void write(Path rd, RunResult r) {
    try {
      Path tmp = rd.resolve("result.json.tmp");
      Json.indented().writeValue(tmp.toFile(), r);
      Files.move(tmp, rd.resolve("result.json"), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new JtuneException("cannot write the result of " + r.id() + ": " + e.getMessage(), e);
    }
  }

  static void deleteTree(Path p) throws IOException {
    try (var s = Files.walk(p)) {
      for (Path q : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(q);
      }
    }
  }
}
