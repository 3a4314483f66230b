package io.jtune.experiment.run;

import org.junit.jupiter.api.extension.ExtendWith;
import io.jtune.experiment.UsesLabJar;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.jtune.common.format.Json;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.report.ExperimentReport;
import io.jtune.experiment.report.files.ReportFiles;
import io.jtune.gc.testing.JsonSchemas;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A plan's cap on its wall time, against the real lab: once it has passed no run starts, the
 * experiment says so, its document holds the runs measured, and a resumed experiment runs the rest
 * keeping them.
 */
@ExtendWith(UsesLabJar.class)
class MaxDurationTest {
  @TempDir Path dir;

  @Test
  void noRunStartsOnceTheCapHasPassedAndNothingMeasuredIsLost() throws Exception {
    // every run takes longer than the cap (a JVM start, 1 s of warm-up and 2 s measured): one run, then the cap
    String yaml = """
        name: capped
        target: {lab: api}
        baseline: a
        candidates:
          - {name: a, flags: ""}
          - {name: b, flags: "-XX:+UseSerialGC"}
        levels:
          - {name: l, concurrency: 2, warmup: 1s, duration: 2s}
        repetitions: 2
        order: interleaved
        cooldown: 0s
        maxDuration: 2s
        """;
    Plan p = ExperimentRunTest.plan(yaml, dir);
    List<String> warnings = new ArrayList<>();
    List<String> started = new ArrayList<>();
    RunListener listener = new RunListener() {
      @Override
      public void warning(String what) {
        warnings.add(what);
      }

      @Override
      public void runStarting(Plan.RunKey key, int index, int total) {
        started.add(key.id());
      }
    };
    List<RunResult> results = Experiment.prepare(p, yaml, dir, new Experiment.Options(false, false, false), listener)
        .run();
    assertThat(started).containsExactly("l-a-r1");
    assertThat(results).hasSize(1).allMatch(RunResult::ok);
    assertThat(warnings).singleElement().asString()
        .startsWith("maxDuration 2s reached after ")
        .contains("3 run(s) not started (l-b-r1 first); the report uses the 1 run(s) done")
        .contains("--resume " + dir);

    // the document of what was measured: one run of four, the cap stated, valid against its schema
    ExperimentReport report = ExperimentReport.of(p, Experiment.baseFlags(p), results);
    ReportFiles.writeAll(report, dir);
    JsonNode doc = Json.mapper().readTree(dir.resolve("experiment.json").toFile());
    assertThat(doc.at("/runs/planned").asInt()).isEqualTo(4);
    assertThat(doc.at("/runs/done").asInt()).isEqualTo(1);
    assertThat(doc.at("/plan/maxDurationS").asDouble()).isEqualTo(2.0);
    assertThat(JsonSchemas.errors(doc)).isEmpty();

    // resumed without the cap: the measured run is kept, the rest run
    List<String> kept = new ArrayList<>();
    started.clear();
    List<RunResult> all = Experiment.prepare(p.withMaxDuration(null), yaml, dir,
        new Experiment.Options(false, false, false), new RunListener() {
          @Override
          public void runKept(RunResult result, int index, int total) {
            kept.add(result.id());
          }

          @Override
          public void runStarting(Plan.RunKey key, int index, int total) {
            started.add(key.id());
          }
        }).run();
    assertThat(kept).containsExactly("l-a-r1");
    assertThat(started).containsExactly("l-b-r1", "l-a-r2", "l-b-r2");
    assertThat(all).hasSize(4).allMatch(RunResult::ok);
    assertThat(all.get(0)).isEqualTo(results.get(0));
  }
}
