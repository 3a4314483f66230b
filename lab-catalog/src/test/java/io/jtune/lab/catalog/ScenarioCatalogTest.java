package io.jtune.lab.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The catalog format: what a scenario entry holds, and the entries it refuses. */
class ScenarioCatalogTest {
  private static final String TWO = """
      scenarios=api, overflow
      api.about=A healthy API
      api.load=rate=400/s connections=8
      api.jvm=-Xms256m   -Xmx256m
      api.fix=nothing to fix
      api.signature=young GCs only
      api.mix=6 /work?cpu=1&alloc=32768 | 3 /work?alloc=65536 |1 /cache/get
      overflow.about=Requests larger than a survivor
      overflow.load=concurrency=4
      overflow.jvm=-Xmx256m -Xmn19m
      overflow.fix.jvm=-Xmn64m
      overflow.lab=--live-mb 100
      overflow.fix.lab=--cache offheap
      overflow.fix=larger survivors
      overflow.signature=premature promotion
      overflow.mix=1 /work?alloc=2097152&hold=10
      """;

  @Test
  void readsEveryPartOfAnEntryInCatalogOrder() throws Exception {
    ScenarioCatalog c = ScenarioCatalog.read(new StringReader(TWO));
    assertThat(c.all()).extracting(LabScenario::name).containsExactly("api", "overflow");
    assertThat(c.names()).isEqualTo("api, overflow");
    LabScenario api = c.find("api").orElseThrow();
    assertThat(api.jvmFlags()).containsExactly("-Xms256m", "-Xmx256m");
    assertThat(api.fixFlags()).isEmpty();
    assertThat(api.labArgs()).isEmpty();
    assertThat(api.mix()).extracting(LabScenario.MixEntry::path).containsExactly("/work", "/work", "/cache/get");
    assertThat(api.mix()).extracting(LabScenario.MixEntry::query).containsExactly("cpu=1&alloc=32768", "alloc=65536", "");
    assertThat(api.mix()).extracting(LabScenario.MixEntry::toString)
        .containsExactly("6 /work?cpu=1&alloc=32768", "3 /work?alloc=65536", "1 /cache/get");
    LabScenario o = c.find("overflow").orElseThrow();
    assertThat(o.fixFlags()).containsExactly("-Xmn64m");
    assertThat(o.labArgs()).containsExactly("--live-mb", "100");
    assertThat(o.fixLabArgs()).containsExactly("--cache", "offheap");
    assertThat(c.find("none")).isEmpty();
  }

  @Test
  void readsTheSameFromBytesAsUtf8() throws Exception {
    String text = TWO.replace("A healthy API", "Une API saine \u00e0 400/s");
    ScenarioCatalog c = ScenarioCatalog.read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    assertThat(c.find("api").orElseThrow().about()).isEqualTo("Une API saine \u00e0 400/s");
  }

  @Test
  void theLoadReadsAsARateWithConnectionsOrAsClients() throws Exception {
    ScenarioCatalog c = ScenarioCatalog.read(new StringReader(TWO));
    LabScenario api = c.find("api").orElseThrow();
    assertThat(api.rateRps()).hasValue(400.0);
    assertThat(api.connections()).hasValue(8);
    assertThat(api.concurrency()).isEmpty();
    LabScenario o = c.find("overflow").orElseThrow();
    assertThat(o.concurrency()).hasValue(4);
    assertThat(o.rateRps()).isEmpty();
    assertThat(o.connections()).isEmpty();
  }

  @Test
  void describeShowsTheSharesOfTheMix() throws Exception {
    String text = ScenarioCatalog.read(new StringReader(TWO)).find("api").orElseThrow().describe();
    assertThat(text).contains("load       rate=400/s connections=8 against /scenario\n")
        .contains("   60.0%  /work?cpu=1&alloc=32768\n").contains("   10.0%  /cache/get\n")
        .doesNotContain("fix flags");
  }

  @Test
  void aMissingKeyOrBadMixIsNamed() {
    assertThatThrownBy(() -> ScenarioCatalog.read(new StringReader("scenarios=x\nx.about=a\n")))
        .isInstanceOf(IllegalArgumentException.class).hasMessage("scenario catalog: missing x.load");
    String head = "scenarios=x\nx.about=a\nx.load=concurrency=1\nx.fix=f\nx.signature=s\n";
    assertThatThrownBy(() -> ScenarioCatalog.read(new StringReader(head + "x.mix=1 /work | two /xml\n")))
        .hasMessage("x.mix: bad weight in 'two /xml'");
    assertThatThrownBy(() -> ScenarioCatalog.read(new StringReader(head + "x.mix=1 /work /xml\n")))
        .hasMessage("x.mix: expected 'WEIGHT /path?query', got '1 /work /xml'");
    assertThatThrownBy(() -> ScenarioCatalog.read(new StringReader(head + "x.mix=0 /work\n")))
        .hasMessage("x.mix: bad entry '0 /work'");
    assertThatThrownBy(() -> ScenarioCatalog.read(new StringReader(head + "x.mix=1 work\n")))
        .hasMessage("x.mix: bad entry '1 work'");
  }

  @Test
  void noCatalogOnThisClassPath() {
    // the catalog ships in the lab jar, not in this module
    assertThatThrownBy(ScenarioCatalog::shipped).isInstanceOf(IllegalStateException.class)
        .hasMessage("missing " + ScenarioCatalog.RESOURCE);
  }
}
