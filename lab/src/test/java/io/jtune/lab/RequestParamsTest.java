package io.jtune.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Bounded parsing of request parameters. */
class RequestParamsTest {
  @Test
  void absentOrEmptyGivesTheDefault() {
    RequestParams p = RequestParams.ofQuery("cpu=&x=1");
    assertThat(p.number("cpu", 5, 0, 10)).isEqualTo(5);
    assertThat(p.number("io", 7, 0, 10)).isEqualTo(7);
    assertThat(p.flag("shared", true)).isTrue();
  }

  @Test
  void valuesAreDecodedAndChecked() {
    RequestParams p = RequestParams.ofQuery("cpu=%2010&shared=false");
    assertThat(p.number("cpu", 0, 0, 10)).isEqualTo(10);
    assertThat(p.flag("shared", true)).isFalse();
  }

  @Test
  void outOfRangeNonNumericAndHugeAreBadRequests() {
    RequestParams p = RequestParams.ofQuery("a=-1&b=ten&c=99999999999999999999&d=maybe");
    assertThatThrownBy(() -> p.number("a", 0, 0, 10)).isInstanceOf(BadRequestException.class)
        .hasMessage("a must be in 0..10, got -1");
    assertThatThrownBy(() -> p.number("b", 0, 0, 10)).hasMessage("b must be a whole number, got 'ten'");
    assertThatThrownBy(() -> p.number("c", 0, 0, 10)).hasMessageStartingWith("c must be a whole number");
    assertThatThrownBy(() -> p.flag("d", false)).hasMessage("d must be true or false, got 'maybe'");
  }
}
