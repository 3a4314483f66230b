package io.jtune.experiment.tune;

import org.junit.jupiter.api.extension.ExtendWith;
import io.jtune.experiment.UsesLabJar;
import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.LevelRequest;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanReader;
import io.jtune.experiment.plan.ServiceSpec;
import io.jtune.experiment.report.ExperimentReport;
import io.jtune.experiment.run.Experiment;
import io.jtune.experiment.run.RunListener;
import io.jtune.experiment.run.RunResult;
import io.jtune.experiment.suggest.Suggestion;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.diagnosis.Diagnosis;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A short tune session on the real lab: the events in order and the result document. */
@ExtendWith(UsesLabJar.class)
class TuneSessionTest {
  static final Path LAB_JAR = UsesLabJar.LAB_JAR;

  @TempDir Path dir;

  /** Every event as one word, the runs' included. */
  private static final class Recorder implements TuneListener {
    final List<String> events = new ArrayList<>();
    Plan experimentPlan;
    Analysis diagnosed;
    RunResult fixed;

    @Override
    public RunListener runs() {
      return new RunListener() {
        @Override
        public void runFinished(RunResult result, int index, int total) {
          events.add("run " + index + "/" + total + " " + (result.ok() ? "ok" : "failed"));
        }
      };
    }

    @Override
    public void baselineStarting(Level high, Duration measured, boolean longer) {
      events.add(longer ? "baseline-longer" : "baseline");
    }

    @Override
    public void baselineMeasured(RunResult run, Analysis analysis, int startupPauses, double longestStartupMs) {
      events.add("measured");
    }

    @Override
    public void diagnosis(Analysis analysis, boolean overruled) {
      diagnosed = analysis;
      events.add("diagnosis");
    }

    @Override
    public void suggesting() {
      events.add("suggesting");
    }

    @Override
    public void suggested(Suggestion suggestion, boolean notes) {
      events.add("suggested");
    }

    @Override
    public void candidates(Plan plan, boolean lab, int skipped, Path gcLog) {
      events.add("candidates");
    }

    @Override
    public void experimentStarting(Plan plan, Path planFile) {
      experimentPlan = plan;
      events.add("experiment");
    }

    @Override
    public void runsEstimated(int runs, Duration perRun) {
      events.add("estimate " + runs);
    }

    @Override
    public void runsLeft(int left, Duration rest) {
      events.add("left " + left);
    }

    @Override
    public void memoryLeak(Diagnosis diagnosis, String liveRising, RunResult baseline, Path report) {
      events.add("verdict memory-leak");
    }

    @Override
    public void noCandidates(Suggestion suggestion, Path report) {
      events.add("verdict no-candidates");
    }

    @Override
    public void verdict(ExperimentReport report, Plan plan, List<Path> files, Path runs, Path baselineReport) {
      events.add("verdict experiment");
    }

    @Override
    public void applicationFixStarting(ApplicationFix fix, Level level) {
      events.add("fix");
    }

    @Override
    public void applicationFixChecked(ApplicationFix fix, RunResult baseline, RunResult fixedRun, Path fixDir) {
      fixed = fixedRun;
      events.add("fix " + (fixedRun.ok() ? "ok" : "failed"));
    }
  }

  @Test
  void aShortSessionOnTheLabReportsEachStepAndReturnsItsVerdict() throws Exception {
    // 3 s measured: the survivor overflow's premature promotion shows in a few seconds of young GCs (as in
    // TuneCommandTest); what is checked here is the session's steps, not the measurement
    List<Level> levels = TuneSettings.levels(0, 8, List.of("/scenario"), Duration.ofSeconds(3), Duration.ofSeconds(3),
        1, TuneSettings.LEVEL_TIMEOUT, LevelRequest.GET);
    TuneSettings settings = new TuneSettings("test-survivor-overflow", ServiceSpec.lab("survivor-overflow"),
        List.of("/scenario"), null, levels, 1, 1, null, dir, "TuneSessionTest", null,
        new ApplicationFix("a smaller cache, off the heap", List.of("--cache", "offheap")));
    Recorder events = new Recorder();

    TuneResult result = new TuneSession(settings, events).run();

    assertThat(events.events).startsWith("baseline", "run 1/1 ok", "measured", "diagnosis");
    assertThat(result.analysis()).isSameAs(events.diagnosed);
    assertThat(result.baseline().ok()).isTrue();
    assertThat(result.gcLog()).isRegularFile().startsWith(dir.resolve(TuneSettings.BASELINE_DIR));
    assertThat(result.baselineReport()).isRegularFile();
    assertThat(events.events.stream().filter(e -> e.startsWith("verdict")).toList())
        .containsExactly("verdict " + switch (result.outcome()) {
          case MEMORY_LEAK -> "memory-leak";
          case NO_CANDIDATES -> "no-candidates";
          case EXPERIMENT -> "experiment";
          case SEARCH -> "search";
          case OVERLOADED -> "overloaded";
        });
    // the lab's survivor overflow is a case for flags: the experiment runs, the baseline and one candidate
    assertThat(result.outcome()).isEqualTo(TuneResult.Outcome.EXPERIMENT);
    assertThat(events.events).containsSubsequence("suggesting", "suggested", "candidates", "experiment", "estimate 2",
        "run 1/2 ok", "left 1", "run 2/2 ok", "verdict experiment");
    assertThat(events.events).doesNotContain("left 0");
    assertThat(result.plan()).isSameAs(events.experimentPlan);
    assertThat(result.plan().candidates()).hasSize(2);
    assertThat(result.runsOk()).isTrue();
    assertThat(result.report().recommendation().verdict()).isNotNull();
    assertThat(result.files()).isNotEmpty().allSatisfy(f -> assertThat(f).isRegularFile());
    // the plan object ran; its text is saved for --resume and reads back as the same plan
    Path planFile = dir.resolve(Experiment.PLAN_FILE);
    Plan saved = PlanReader.read(new StringReader(Files.readString(planFile, StandardCharsets.UTF_8)),
        planFile.toString(), dir);
    assertThat(saved.schedule()).isEqualTo(result.plan().schedule());
    assertThat(saved.candidates()).extracting(c -> c.name() + ": " + c.flags())
        .isEqualTo(result.plan().candidates().stream().map(c -> c.name() + ": " + c.flags()).toList());
    // the object that ran is the plan as the file reads back, lines (named in messages) included
    assertThat(saved).isEqualTo(result.plan());
    // the application fix: one run of the lab with its options added, after the verdict, measured as runs are
    assertThat(events.events).containsSubsequence("verdict experiment", "fix", "run 1/1 ok", "fix ok")
        .endsWith("fix ok");
    assertThat(result.applicationFix()).isSameAs(events.fixed);
    assertThat(result.applicationFix().ok()).isTrue();
    assertThat(result.applicationFix().metric("throughputRps")).isPositive();
    Path fixDir = dir.resolve("application-fix");
    assertThat(fixDir.resolve("runs").resolve(result.applicationFix().id()).resolve("gc.log")).isRegularFile();
    // a one-run plan (no candidate to compare, so not one 'jtune experiment' takes): its target as written
    assertThat(Files.readString(fixDir.resolve(Experiment.PLAN_FILE), StandardCharsets.UTF_8))
        .contains("lab: \"survivor-overflow\"", "labArgs: [\"--cache\", \"offheap\"]");
  }
}
