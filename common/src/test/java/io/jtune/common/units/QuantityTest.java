package io.jtune.common.units;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jtune.common.JtuneException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class QuantityTest {
  @ParameterizedTest
  @CsvSource({
    "512Mi, 536870912",
    "1Gi, 1073741824",
    "1.5Gi, 1610612736",
    "64Ki, 65536",
    "2Ti, 2199023255552",
    "500M, 500000000",
    "1G, 1000000000",
    "2T, 2000000000000",
    "512m, 536870912",
    "1g, 1073741824",
    "300k, 307200",
    "300K, 307200",
    "1t, 1099511627776",
    "536870912, 536870912",
    "5e8, 500000000",
    "0.5Ki, 512",
    "1.0000001Ki, 1025",
  })
  void memorySizesAreReadAsKubernetesAndTheJvmReadThem(String text, long bytes) {
    MemoryQuantity q = MemoryQuantity.parse(text);
    assertThat(q.bytes()).isEqualTo(bytes);
  }

  @ParameterizedTest
  @CsvSource({
    "512Mi, 512Mi",
    "1.5Gi, 1.5Gi",
    "500M, 500M",
    "536870912, 536870912",
    "5e8, 5e8",
    "512m, 512Mi",
    "1g, 1Gi",
    "300k, 300Ki",
    "300K, 300Ki",
    "1t, 1Ti",
    ".5g, 0.5Gi",
  })
  void aMemorySizeIsWrittenForKubernetesWithTheSameBytes(String text, String kubernetes) {
    MemoryQuantity q = MemoryQuantity.parse(text);
    assertThat(q.kubernetes()).isEqualTo(kubernetes);
    // the Kubernetes spelling reads back as the same number of bytes (the JVM suffixes and
    // Kubernetes' binary ones are both powers of 1024)
    assertThat(MemoryQuantity.parse(q.kubernetes()).bytes()).isEqualTo(q.bytes());
  }

  @Test
  void aMemorySizeComesBackInTheUsersSpelling() {
    assertThat(MemoryQuantity.parse("512Mi").toString()).isEqualTo("512Mi");
    assertThat(MemoryQuantity.parse(" 1.5Gi ").toString()).isEqualTo("1.5Gi");
    assertThat(MemoryQuantity.parse("512m").toString()).isEqualTo("512m");
    assertThat(MemoryQuantity.parse("512Mi")).isEqualTo(MemoryQuantity.parse("512Mi"));
    assertThat(MemoryQuantity.parse("512Mi").bytes()).isEqualTo(MemoryQuantity.parse("512m").bytes());
    assertThat(MemoryQuantity.ofBytes(256L << 20).toString()).isEqualTo("256m");
    assertThat(MemoryQuantity.parse("300Mi").human()).isEqualTo("300.0 MB");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "  ", "abc", "-1Gi", "0", "0Mi", "512MB", "1 Gi", "Gi", "1e3Mi", "1,5Gi", "16Ei", "1x"})
  void aBadMemorySizeIsOneLineNamingItAndTheForms(String text) {
    assertThatThrownBy(() -> MemoryQuantity.parse(text))
        .isInstanceOf(JtuneException.class)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n").contains("'" + text.trim() + "'"))
        .satisfies(e -> assertThat(((JtuneException) e).exitCode()).isEqualTo(2));
  }

  @Test
  void aBadMemorySizeSaysWhatIsAccepted() {
    assertThatThrownBy(() -> MemoryQuantity.parse("lots"))
        .hasMessage("'lots' is not a memory size (e.g. 512Mi, 1Gi, 500M, 512m, 1g)");
    assertThatThrownBy(() -> MemoryQuantity.parse("0Mi")).hasMessageContaining("more than 0 bytes");
  }

  @ParameterizedTest
  @CsvSource({"2, 2000", "1.5, 1500", "0.5, 500", "500m, 500", "1m, 1", "0.001, 1", ".25, 250", "16, 16000", "2500m, 2500"})
  void cpuAmountsAreReadAsKubernetesWritesThem(String text, long millis) {
    CpuQuantity q = CpuQuantity.parse(text);
    assertThat(q.millis()).isEqualTo(millis);
    assertThat(q.toString()).isEqualTo(text);
  }

  @Test
  void aCpuAmountGivesItsCfsQuota() {
    assertThat(CpuQuantity.parse("0.5").quotaMicros(100_000)).isEqualTo(50_000);
    assertThat(CpuQuantity.parse("1500m").quotaMicros(100_000)).isEqualTo(150_000);
    assertThat(CpuQuantity.parse("2").cores()).isEqualTo(2.0);
    // the kernel's smallest quota is 1 ms
    assertThat(CpuQuantity.parse("1m").quotaMicros(100_000)).isEqualTo(1000);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "one", "0", "0m", "-1", "0.0005", "1.5m", "1e3", "2 cores", "500M"})
  void aBadCpuAmountIsOneLineNamingIt(String text) {
    assertThatThrownBy(() -> CpuQuantity.parse(text))
        .isInstanceOf(JtuneException.class)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n").contains("'" + text.trim() + "'"));
  }

  @Test
  void aBadCpuAmountSaysWhatIsAccepted() {
    assertThatThrownBy(() -> CpuQuantity.parse("two"))
        .hasMessage("'two' is not a number of CPUs (e.g. 2, 1.5, 0.5, 500m)");
  }
}
