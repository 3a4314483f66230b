package io.jtune.gc.render;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.gc.analysis.GcAnalyzer;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** ZGC pauses last microseconds: the text and Markdown reports keep them ("0.012", not "0.01"). */
class MicrosecondPausesTest {
  @Test
  void zgcPausesKeepTheirMicroseconds() throws Exception {
    Path log = Path.of(MicrosecondPausesTest.class.getResource("/unified/real/jdk17-zgc-info.log").toURI());
    Analysis a = GcAnalyzer.analyze(List.of(log.toString()), InputStream.nullInputStream(), AnalysisOptions.DEFAULTS);
    double max = a.pauses().all().maxMs();
    assertThat(max).isLessThan(1).isPositive();
    String expected = String.format(Locale.US, "%.3f", max);
    StringWriter text = new StringWriter();
    new AnalysisText(false).write(a, new PrintWriter(text));
    StringWriter md = new StringWriter();
    AnalysisMarkdown.write(a, new PrintWriter(md));
    assertThat(text.toString()).contains("max " + expected);
    assertThat(md.toString()).contains(expected);
    assertThat(Format.ms(0.012)).isEqualTo("0.012");
    assertThat(Format.ms(1.5)).isEqualTo("1.50");
  }
}
