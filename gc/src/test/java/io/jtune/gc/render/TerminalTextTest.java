package io.jtune.gc.render;

import io.jtune.common.format.TerminalText;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TerminalTextTest {
  @Test
  void escapeSequencesAndControlsAreShownEscaped() {
    assertThat(TerminalText.safe("a\u001b[2J\u001b]0;title\u0007b")).isEqualTo("a\\x1b[2J\\x1b]0;title\\x07b");
    assertThat(TerminalText.safe("line\r\nnext\u0000\u007f\u009b31m")).isEqualTo("line\\r\\nnext\\x00\\x7f\\x9b31m");
    assertThat(TerminalText.safe("evil\u202etxt.exe")).isEqualTo("evil\\u202etxt.exe");
  }

  @Test
  void ordinaryTextIsReturnedAsItIs() {
    String text = "GC(12) Pause Young (Normal) 24M->3M(256M) 1.234ms\tµs — café";
    assertThat(TerminalText.safe(text)).isSameAs(text);
    assertThat(TerminalText.safe(null)).isNull();
  }
}
