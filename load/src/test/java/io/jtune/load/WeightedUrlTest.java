package io.jtune.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code PATH} and {@code 'WEIGHT PATH'}: read, written back as given, and refused when malformed. */
class WeightedUrlTest {
  @Test
  void aPathAloneHasWeightOneAndNoWrittenWeight() {
    WeightedUrl u = WeightedUrl.parse("/api/items");
    assertThat(u.weight()).isEqualTo(1);
    assertThat(u.url()).isEqualTo("/api/items");
    assertThat(u.weightWritten()).isFalse();
  }

  @Test
  void aWeightBeforeThePathIsItsShare() {
    WeightedUrl u = WeightedUrl.parse("  3 \t /work?cpu=1&alloc=1024 ");
    assertThat(u.weight()).isEqualTo(3);
    assertThat(u.url()).isEqualTo("/work?cpu=1&alloc=1024");
    assertThat(u.weightWritten()).isTrue();
    assertThat(u).isEqualTo(WeightedUrl.of(3, "/work?cpu=1&alloc=1024"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"/scenario", "1 /scenario", "3 /api/items", "1000 https://127.0.0.1:8443/bulk",
      "http://localhost/a?b=c", "7 /a b"})
  void writesBackWhatItRead(String text) {
    assertThat(WeightedUrl.parse(text).toString()).isEqualTo(text);
    assertThat(WeightedUrl.parse(WeightedUrl.parse(text).toString())).isEqualTo(WeightedUrl.parse(text));
  }

  @Test
  void spacesAroundAreDroppedAndBetweenBecomeOne() {
    assertThat(WeightedUrl.parse(" 2   /a ").toString()).isEqualTo("2 /a");
    assertThat(WeightedUrl.parse("\t/a\n").toString()).isEqualTo("/a");
  }

  @ParameterizedTest
  @ValueSource(strings = {"0 /a", "1001 /a", "99999999999 /a", "-1 /a", "two /a", "/a b", "3x /a"})
  void refusesAWeightOutsideOneToAThousand(String text) {
    assertThatThrownBy(() -> WeightedUrl.parse(text)).isInstanceOf(LoadException.class)
        .hasMessage("'" + text + "': a weight is a whole number from 1 to 1000, then the URL");
  }

  @Test
  void refusesBlankTextAndWeightsMadeOutOfRange() {
    assertThatThrownBy(() -> WeightedUrl.parse("  ")).isInstanceOf(LoadException.class)
        .hasMessage("a weighted URL needs a URL");
    assertThatThrownBy(() -> WeightedUrl.of(0, "/a")).isInstanceOf(LoadException.class)
        .hasMessage("a weight is a whole number from 1 to 1000, not 0");
    assertThatThrownBy(() -> WeightedUrl.of(1001, "/a")).isInstanceOf(LoadException.class);
    assertThatThrownBy(() -> WeightedUrl.of(2, " ")).isInstanceOf(LoadException.class);
  }

  @Test
  void aPathResolvesAgainstTheTargetAndAFullUrlStaysItself() {
    URI base = URI.create("http://127.0.0.1:8080/");
    assertThat(WeightedUrl.parse("3 /orders?x=1").against(base)).isEqualTo(URI.create("http://127.0.0.1:8080/orders?x=1"));
    assertThat(WeightedUrl.parse("3 /orders").absolute()).isFalse();
    WeightedUrl full = WeightedUrl.parse("https://127.0.0.1:8443/bulk");
    assertThat(full.absolute()).isTrue();
    assertThat(full.against(base)).isEqualTo(URI.create("https://127.0.0.1:8443/bulk"));
  }
}
