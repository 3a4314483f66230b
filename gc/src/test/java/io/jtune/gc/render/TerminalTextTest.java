package io.jtune.gc.render;

import io.jtune.common.format.TerminalText;
import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.gc.AnalyzedLogs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Escape sequences and control characters from inputs never reach the terminal raw: shown escaped
 * (\x1b), also in the text report's examples of unparsed lines.
 */
class TerminalTextTest {
  private static final String ESC = "\u001b";
  /** Clears the screen, sets the window title and rings the bell. */
  private static final String NASTY = ESC + "[2J" + ESC + "]0;pwned" + "\u0007" + ESC + "[31mred\r";

  @TempDir Path dir;

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

  @Test
  void unparsedLineExamplesInTheTextReportAreEscaped() throws Exception {
    Path log = AnalyzedLogs.corpusFile("GCViewer/src__test__resources__openjdk__SampleSun1_8_0CmsPrintGcId.txt");
    List<String> lines = new ArrayList<>(Files.readAllLines(log, StandardCharsets.UTF_8));
    lines.add(lines.size() / 2, "12.345: [GC (Allocation Failure) " + NASTY + " garbage");
    Path tampered = Files.write(dir.resolve("gc.log"), lines, StandardCharsets.UTF_8);
    String text = AnalyzedLogs.text(AnalyzedLogs.analyze(tampered));
    assertThat(text).contains("\\x1b[2J");
    assertThat(text.chars().filter(c -> c < 0x20 && c != '\n' && c != '\t')).as(text).isEmpty();
  }
}
