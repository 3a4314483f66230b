package io.jtune.lab;

import io.jtune.lab.catalog.LabScenario;
import io.jtune.lab.catalog.ScenarioCatalog;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The shipped scenario catalog and its format. */
class ScenarioCatalogTest {
  private static final List<String> ENDPOINTS =
      List.of("/work", "/xml", "/session", "/cache/put", "/cache/get", "/store", "/classes");

  @Test
  void shipsEveryCase() {
    assertThat(ScenarioCatalog.shipped().all()).extracting(LabScenario::name).containsExactly(
        "api", "survivor-overflow", "session-leak", "xml-lock", "cache-churn", "metaspace-boot",
        "cpu-bound", "io-bound", "heap-too-small", "container-default-heap", "container-heap-over-limit", "store-bound", "jit-warmup");
  }

  @Test
  void theContainerCasesDeclareTheirLimits() {
    LabScenario defaults = ScenarioCatalog.shipped().find("container-default-heap").orElseThrow();
    assertThat(defaults.containerMemory()).isEqualTo("512Mi");
    assertThat(defaults.containerCpus()).isEmpty();
    assertThat(defaults.jvmFlags()).as("the JVM's defaults are the case").isEmpty();
    assertThat(defaults.describe()).contains("container  memory 512Mi").contains("(none: the JVM's defaults)");
    LabScenario over = ScenarioCatalog.shipped().find("container-heap-over-limit").orElseThrow();
    assertThat(over.containerMemory()).isEqualTo("320Mi");
    assertThat(over.jvmFlags()).contains("-Xmx300m", "-XX:+AlwaysPreTouch");
    assertThat(ScenarioCatalog.shipped().all().stream().filter(LabScenario::inContainer).map(LabScenario::name))
        .containsExactly("container-default-heap", "container-heap-over-limit");
  }

  @Test
  void everyScenarioStatesItsLoadAndUsesRealEndpointsWithValidParameters() {
    for (LabScenario s : ScenarioCatalog.shipped().all()) {
      assertThat(s.load()).as(s.name()).matches("(concurrency=\\d+|rate=\\d+/s( connections=\\d+)?)( path=/scenario\\?\\S+)?");
      assertThat(s.request()).as(s.name()).startsWith(LabScenario.PATH);
      for (LabScenario.MixEntry e : s.mix()) {
        assertThat(ENDPOINTS).as(s.name()).contains(e.path());
        RequestParams p = RequestParams.ofQuery(e.query());
        for (String name : List.of("cpu", "io", "alloc", "hold", "nodes", "depth", "kb", "n")) {
          p.number(name, 0, 0, 1L << 30);
        }
      }
      for (String flag : s.jvmFlags()) {
        assertThat(flag).as(s.name()).startsWith("-X");
      }
    }
  }

  @Test
  void storeBoundSendsADistinctKeyPerRequestOverTheMixsOwnKey() {
    LabScenario s = ScenarioCatalog.shipped().find("store-bound").orElseThrow();
    assertThat(s.request()).isEqualTo("/scenario?key=${uuid}");
    assertThat(s.concurrency()).hasValue(8);
    assertThat(s.mix()).extracting(LabScenario.MixEntry::url).containsExactly("/store?key=one&kb=8");
    assertThat(s.labArgs()).containsExactly("--store-entries", "14000");
    assertThat(s.describe()).contains("path=/scenario?key=${uuid}").doesNotContain("against /scenario");
    assertThat(ScenarioCatalog.shipped().find("api").orElseThrow().request()).isEqualTo("/scenario");
  }

  @Test
  void survivorOverflowHasTinySurvivorsALiveSetAndAnOpenLoad() {
    LabScenario s = ScenarioCatalog.shipped().find("survivor-overflow").orElseThrow();
    assertThat(s.jvmFlags()).contains("-Xms256m", "-Xmx256m", "-Xmn19m", "-XX:SurvivorRatio=8", "-XX:+UseSerialGC");
    assertThat(s.labArgs()).containsExactly("--live-mb", "100");
    assertThat(s.fixFlags()).containsExactly("-Xmn64m", "-XX:SurvivorRatio=6");
    assertThat(s.load()).isEqualTo("rate=150/s connections=4");
    assertThat(s.mix()).extracting(LabScenario.MixEntry::url).containsExactly("/work?alloc=2097152&hold=10");
    // young 19 MiB at ratio 8: a survivor is 19/10 = 1.9 MiB, and a 2 MiB request does not fit.
    assertThat(19.0 / (8 + 2)).isLessThan(2.0);
    // young 64 MiB at ratio 6: survivors of 64/8 = 8 MiB hold four requests bunched behind a pause.
    assertThat(64.0 / (6 + 2)).isGreaterThanOrEqualTo(4 * 2.0);
    // old 256 - 64 = 192 MiB keeps more free beside the 100 MiB live set than young holds, so
    // Serial's young GCs stay safe to promote into it instead of turning into Full GCs.
    assertThat(256 - 64 - 100).isGreaterThan(64);
  }

  @Test
  void descriptionsStateTheRuleInsteadOfReferringToNotesUsersHaveNotSeen() {
    for (LabScenario s : ScenarioCatalog.shipped().all()) {
      assertThat(s.describe()).as(s.name())
          .doesNotContainPattern("(?i)seed[- ]?\\d|DOMAIN|§|example \\d|study\\s+table");
    }
    assertThat(ScenarioCatalog.shipped().find("cpu-bound").orElseThrow().about())
        .contains("optimal threads = (CPU time + wait time) / CPU time x cores");
  }

  @Test
  void describeShowsFlagsFixAndMixShares() {
    String text = ScenarioCatalog.shipped().find("cache-churn").orElseThrow().describe();
    assertThat(text).contains("jvm flags  -Xms512m").contains("fix args   --cache offheap")
        .contains(" 33.3%  /cache/put?kb=16").contains(" 66.7%  /cache/get");
  }

  @Test
  void mixChoicesFollowTheWeightsAndRepeatRunToRun() {
    List<LabScenario.MixEntry> mix = List.of(
        new LabScenario.MixEntry(3, "/work", ""), new LabScenario.MixEntry(1, "/xml", ""));
    ScenarioMix a = new ScenarioMix(mix, 42);
    ScenarioMix b = new ScenarioMix(mix, 42);
    Map<Integer, Integer> counts = new HashMap<>();
    for (int i = 0; i < 40_000; i++) {
      int choice = a.next();
      assertThat(b.next()).isEqualTo(choice);
      counts.merge(choice, 1, Integer::sum);
    }
    assertThat(counts.get(0)).isBetween(29_000, 31_000);
    assertThat(counts.get(1)).isBetween(9_000, 11_000);
  }
}
