package io.jtune.experiment.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jtune.experiment.UsesLabJar;
import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.LevelRequest;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanWriter;
import io.jtune.experiment.plan.ServiceSpec;
import io.jtune.gc.testing.JsonSchemas;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run with class histograms on, against the real lab leaking one HTTP session per request (its
 * {@code /session} endpoint, 16 KiB kept in each, clients without cookies: the Tomcat case): the
 * histograms name what grew, both Full GCs fall outside the measured window, and a target jcmd
 * cannot attach to still runs, its result saying why it has no histogram.
 */
@ExtendWith(UsesLabJar.class)
class ClassHistogramRunTest {
  private static final String SESSION = "org.apache.catalina.session.StandardSession";

  @TempDir Path dir;

  @Test
  void aLeakingServiceNamesWhatGrewOutsideItsWindow() throws Exception {
    // 100 sessions a second, a fixed 4 s warm-up and a 2 s window (the warm-up's histogram is taken a few
    // seconds before its end, the window starting after it)
    Duration warmup = Duration.ofSeconds(4);
    Level level = new Level("l", 100, 2, List.of("/session?kb=16"), warmup, Duration.ofSeconds(2),
        Duration.ofSeconds(10), Map.of(), 0, LevelRequest.GET, null, warmup);
    Plan p = new Plan("histo", ServiceSpec.lab("api"), "a", List.of(Candidate.of("a", List.of(), ""),
        Candidate.of("closed", List.of("-XX:+DisableAttachMechanism"), "")), List.of(level), 1,
        Plan.Order.SEQUENTIAL, Duration.ZERO, null);
    String yaml = new PlanWriter().write(p);
    List<RunResult> results = Experiment.prepare(p, yaml, dir,
        new Experiment.Options(false, false, false).withClassHistograms(), null).run();
    assertThat(results).hasSize(2).allMatch(RunResult::ok);

    RunResult r = results.get(0);
    Path rd = dir.resolve("runs").resolve(r.id());
    ClassGrowth g = r.classGrowth();
    assertThat(g.taken()).as("%s", g).isTrue();
    // every session keeps its 16 KiB array: the top gainer, and each request of the window made one session
    long windowRequests = new ObjectMapper().readTree(rd.resolve("load.json").toFile()).path("successes").asLong();
    assertThat(windowRequests).isPositive();
    ClassGrowth.Gain top = g.top().get(0);
    assertThat(top.className()).isEqualTo("[B");
    assertThat(top.instancesGained()).isGreaterThanOrEqualTo(windowRequests);
    assertThat(top.bytesGained()).isGreaterThanOrEqualTo(windowRequests * 16 * 1024);
    ClassGrowth.Gain session = g.top().stream().filter(x -> x.className().equals(SESSION)).findFirst().orElseThrow();
    assertThat(session.instancesGained()).isGreaterThanOrEqualTo(windowRequests);
    assertThat(g.liveBytesEnd()).isGreaterThan(g.liveBytesStart());
    // the window (2 s) lies between the two
    assertThat(g.elapsedS()).isGreaterThanOrEqualTo(2.0);
    assertThat(g.words(3)).startsWith("what grew between the end of the warm-up and the end of the window (class"
        + " histograms ").contains("[B +").contains(" instances +").contains("; live objects ")
        // the JDK's classes hold the most bytes: the session is named among them, or as the first class outside the JDK
        .contains(SESSION + " +");
    assertThat(rd.resolve(ClassGrowth.START_FILE)).content().contains(SESSION);
    assertThat(rd.resolve(ClassGrowth.END_FILE)).content().contains(SESSION);
    // each histogram a Full GC, neither in the measured window
    assertThat(Files.readAllLines(rd.resolve("gc.log")).stream()
        .filter(l -> l.contains("Pause Full (Heap Inspection Initiated GC)"))
        .map(l -> l.replaceFirst(".*GC\\((\\d+)\\).*", "$1")).distinct()).hasSize(2);
    assertThat(WindowPauses.read(rd)).noneMatch(WindowPauses.Pause::full);
    JsonNode doc = new ObjectMapper().readTree(rd.resolve("result.json").toFile());
    JsonSchemas.validAndRenameFails(doc, "/classGrowth/top/0/instancesEnd");

    // jcmd cannot attach: the run is measured all the same, and says why it has no histogram
    RunResult closed = results.get(1);
    Path cd = dir.resolve("runs").resolve(closed.id());
    assertThat(closed.classGrowth().taken()).isFalse();
    assertThat(closed.classGrowth().failure()).startsWith("no class histogram: jcmd ")
        .endsWith("GC.class_histogram failed: com.sun.tools.attach.AttachNotSupportedException: The VM does not support"
            + " the attach mechanism");
    assertThat(closed.metric("throughputRps")).isPositive();
    assertThat(cd.resolve(ClassGrowth.START_FILE)).doesNotExist();
    JsonSchemas.validAndRenameFails(new ObjectMapper().readTree(cd.resolve("result.json").toFile()),
        "/classGrowth/failure");
  }
}
