package io.jtune.common.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The catalogue writes flags the rest of jtune reads back as the same option and value. */
class JvmOptionTest {

  @Test
  void everyOptionWrittenReadsBackAsItself() {
    for (JvmOption o : JvmOption.values()) {
      List<String> written = o.kind() == JvmOption.Kind.SWITCH ? List.of(o.on(), o.off())
          : o.kind() == JvmOption.Kind.SIZE ? List.of(o.size(64L << 20)) : List.of(o.set(7));
      for (String flag : written) {
        assertThat(FlagSet.option(flag)).as(flag).isEqualTo(o.option());
        assertThat(JvmOption.named(FlagSet.option(flag))).as(flag).contains(o);
      }
    }
  }

  @Test
  void shortFormsAsTheJvmReadsThem() {
    assertThat(JvmOption.MAX_HEAP_SIZE.size(2L << 30)).isEqualTo("-Xmx2g");
    assertThat(JvmOption.INITIAL_HEAP_SIZE.size(96L << 20)).isEqualTo("-Xms96m");
    assertThat(JvmOption.XMN.size(1536L << 10)).isEqualTo("-Xmn1536k");
    assertThat(JvmOption.SURVIVOR_RATIO.set(6)).isEqualTo("-XX:SurvivorRatio=6");
    assertThat(JvmOption.USE_G1_GC.on()).isEqualTo("-XX:+UseG1GC");
    assertThat(JvmOption.USE_ADAPTIVE_SIZE_POLICY.off()).isEqualTo("-XX:-UseAdaptiveSizePolicy");
    JvmFlags flags = JvmFlags.of(List.of(JvmOption.MAX_HEAP_SIZE.size(2L << 30), JvmOption.XMN.size(512L << 20),
        JvmOption.ALWAYS_PRE_TOUCH.on()));
    assertThat(flags.bytes(JvmOption.MAX_HEAP_SIZE)).hasValue(2L << 30);
    assertThat(flags.bytes(JvmOption.MAX_NEW_SIZE)).hasValue(512L << 20);
    assertThat(flags.bytes(JvmOption.NEW_SIZE)).hasValue(512L << 20);
    assertThat(flags.isOn(JvmOption.ALWAYS_PRE_TOUCH)).isTrue();
  }

  @Test
  void aValueOnlyWhereTheOptionTakesOne() {
    assertThatThrownBy(() -> JvmOption.USE_G1_GC.set(1)).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(JvmOption.MAX_HEAP_SIZE::on).isInstanceOf(IllegalStateException.class);
    assertThatThrownBy(() -> JvmOption.SURVIVOR_RATIO.size(1L << 20)).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void theCollectorChosenIsTheFirstInCatalogueOrder() {
    assertThat(JvmOption.COLLECTOR_CHOICES).allMatch(o -> o.kind() == JvmOption.Kind.SWITCH);
    assertThat(JvmFlags.of(List.of("-XX:+UseSerialGC", "-XX:+UseG1GC")).chosenCollectorOption())
        .contains(JvmOption.USE_G1_GC);
    assertThat(JvmFlags.of(List.of("-XX:+UseParallelGC", "-XX:-UseG1GC")).chosenCollector()).isEqualTo("UseParallelGC");
    assertThat(JvmFlags.of(List.of("-Xmx1g")).chosenCollectorOption()).isEmpty();
  }

  @Test
  void jdkSpansOfTheCatalogue() {
    JdkRange jdk8 = JdkRange.exactly(8, "test");
    JdkRange jdk17 = JdkRange.exactly(17, "test");
    assertThat(JvmOption.USE_CONC_MARK_SWEEP_GC.existsInAll(jdk8)).isTrue();
    assertThat(JvmOption.USE_CONC_MARK_SWEEP_GC.existsInAll(jdk17)).isFalse();
    assertThat(JvmOption.Z_GENERATIONAL.existsInAll(new JdkRange(21, JvmOption.LATEST_JDK, "test"))).isFalse();
    assertThat(JvmOption.Z_GENERATIONAL.existsIn(22)).isTrue();
    assertThat(JvmOption.MAX_GC_PAUSE_MILLIS.span()).isEmpty();
    assertThat(FlagAvailability.whyMissing(JvmOption.MAX_PERM_SIZE.size(256L << 20), jdk17))
        .isEqualTo("the permanent generation was replaced by Metaspace in JDK 8");
  }
}
