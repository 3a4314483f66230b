package io.jtune.gc.render.openmetrics;

import io.jtune.common.format.OpenMetrics;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jtune.common.format.OpenMetrics.Labels;
import io.jtune.common.format.OpenMetrics.Syntax;
import io.jtune.common.format.OpenMetrics.Type;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/**
 * The writer's own rules: what it refuses (names the formats do not allow, a unit that does not
 * end the name, a sample twice), how it writes numbers and escapes text, and the two syntaxes.
 * That its output parses is checked with Prometheus' parsers in the cli tests.
 */
class OpenMetricsTest {

  private static String text(OpenMetrics om, Syntax syntax) {
    StringWriter w = new StringWriter();
    om.write(new PrintWriter(w), syntax);
    return w.toString();
  }

  @Test
  void refusesWhatTheFormatDoesNotAllow() {
    OpenMetrics om = new OpenMetrics();
    assertThatThrownBy(() -> om.family("jtune-gc", Type.GAUGE, null, "h")).hasMessageContaining("not a metric family name");
    assertThatThrownBy(() -> om.family("jtune_gc_total", Type.COUNTER, null, "h")).hasMessageContaining("not a metric");
    assertThatThrownBy(() -> om.family("jtune_gc_span", Type.GAUGE, "seconds", "h")).hasMessageContaining("unit");
    assertThatThrownBy(() -> Labels.of("__name__", "x")).hasMessageContaining("not a label name");
    assertThatThrownBy(() -> Labels.of("a", "1", "a", "2")).hasMessageContaining("twice");
    OpenMetrics.Family f = om.family("jtune_x", Type.COUNTER, null, "h");
    f.sample(Labels.of("kind", "young"), 1);
    assertThatThrownBy(() -> f.sample(Labels.of("kind", "young"), 2)).hasMessageContaining("two samples");
    assertThatThrownBy(() -> f.sample(Labels.of("kind", "full"), -1)).hasMessageContaining("negative");
    assertThatThrownBy(() -> om.family("jtune_x", Type.GAUGE, null, "h")).hasMessageContaining("already a counter");
  }

  @Test
  void numbersEscapesAndLeftOutValues() {
    OpenMetrics om = new OpenMetrics();
    om.family("jtune_v", Type.GAUGE, null, "a \"help\"\nwith \\ two lines")
        .sample(Labels.of("path", "a\"b\\c\nd", "none", null), 1.2432840000000003)
        .sample(Labels.of("path", "whole"), 617.0)
        .sample(Labels.of("path", "unknown"), Double.NaN);
    String om1 = text(om, Syntax.OPENMETRICS);
    assertThat(om1).isEqualTo("""
        # TYPE jtune_v gauge
        # HELP jtune_v a \\"help\\"\\nwith \\\\ two lines
        jtune_v{path="a\\"b\\\\c\\nd"} 1.243284
        jtune_v{path="whole"} 617
        # EOF
        """);
    assertThat(text(om, Syntax.PROMETHEUS)).startsWith("# HELP jtune_v a \"help\"\\nwith \\\\ two lines\n# TYPE jtune_v gauge\n")
        .doesNotContain("# EOF");
  }

  @Test
  void countersAndInfosAreNamedAsEachSyntaxWants() {
    OpenMetrics om = new OpenMetrics();
    om.family("jtune_pause_seconds", Type.COUNTER, "seconds", "t").sample(Labels.NONE, 1.5);
    om.family("jtune_build", Type.INFO, null, "b").info(Labels.of("version", "1"));
    om.family("jtune_empty", Type.GAUGE, null, "no samples, not written");
    assertThat(text(om, Syntax.OPENMETRICS)).isEqualTo("""
        # TYPE jtune_pause_seconds counter
        # UNIT jtune_pause_seconds seconds
        # HELP jtune_pause_seconds t
        jtune_pause_seconds_total 1.5
        # TYPE jtune_build info
        # HELP jtune_build b
        jtune_build_info{version="1"} 1
        # EOF
        """);
    assertThat(text(om, Syntax.PROMETHEUS)).isEqualTo("""
        # HELP jtune_pause_seconds_total t
        # TYPE jtune_pause_seconds_total counter
        jtune_pause_seconds_total 1.5
        # HELP jtune_build_info b
        # TYPE jtune_build_info gauge
        jtune_build_info{version="1"} 1
        """);
  }
}
