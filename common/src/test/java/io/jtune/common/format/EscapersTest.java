package io.jtune.common.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The one escaper per target: HTML, Markdown (terminal: TerminalText). */
class EscapersTest {
  @Test
  void htmlEscapesTheFiveCharactersWithMeaning() {
    assertThat(Html.escape("<script>alert('x' & \"y\")</script>"))
        .isEqualTo("&lt;script&gt;alert(&#39;x&#39; &amp; &quot;y&quot;)&lt;/script&gt;");
    assertThat(Html.escape("G1 Young Generation")).isEqualTo("G1 Young Generation");
  }

  @Test
  void markdownShowsControlsEscapesHtmlAndBackslashesPunctuation() {
    // a control character is first made visible (\x1b), then that backslash is escaped like any
    // other, so a viewer shows the text \x1b
    assertThat(Markdown.escape("a\u001b[31m*b*_c_ <i>&</i> `d` [e](f) #g {h} |i| \\j"))
        .isEqualTo("a\\\\x1b\\[31m\\*b\\*\\_c\\_ &lt;i&gt;&amp;&lt;/i&gt; \\`d\\` \\[e\\](f) \\#g \\{h\\} \\|i\\| \\\\j");
    assertThat(Markdown.escape("-XX:+UseG1GC, 512 MB")).isEqualTo("-XX:+UseG1GC, 512 MB");
  }

  @Test
  void aMarkdownRowEscapesEachCell() {
    assertThat(Markdown.row(List.of("a|b", "c"))).isEqualTo("| a\\|b | c |");
  }
}
