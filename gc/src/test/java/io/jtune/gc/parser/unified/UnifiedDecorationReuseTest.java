package io.jtune.gc.parser.unified;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.gc.event.GcEvent;
import io.jtune.gc.input.LineReader;
import io.jtune.gc.parser.ParseReport;
import io.jtune.gc.parser.ParserContext;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The parser reuses what it read from a line's decorations when the next line starts with the
 * same bytes. Reading with and without that reuse must give the same events and line counts:
 * on every unified log of the corpus, and on lines whose decorations end without a space (then
 * the byte after them was looked at too, and they must not be reused).
 */
class UnifiedDecorationReuseTest {

  private record Read(List<GcEvent> events, long gcLines, long otherText, long unparsed) {}

  private static Read read(InputStream in, boolean reuse) throws IOException {
    ParseReport report = new ParseReport();
    List<GcEvent> events = new ArrayList<>();
    UnifiedLogParser parser = new UnifiedLogParser(new ParserContext(report), events::add);
    parser.reuseDecorations(reuse);
    LineReader.read(in, parser::accept);
    parser.endOfSource();
    return new Read(events, report.gcLines(), report.otherText(), report.unparsed());
  }

  static List<String> unifiedFiles() throws IOException {
    return UnifiedCorpusTest.unifiedFiles().map(a -> (String) a.get()[0]).toList();
  }

  @ParameterizedTest
  @MethodSource("unifiedFiles")
  void corpusLogReadsTheSameWithAndWithoutReuse(String file) throws IOException {
    Path path = UnifiedCorpusTest.corpus().resolve(file);
    Read plain;
    Read reused;
    try (InputStream in = Files.newInputStream(path)) {
      plain = read(in, false);
    }
    try (InputStream in = Files.newInputStream(path)) {
      reused = read(in, true);
    }
    assertThat(reused).isEqualTo(plain);
  }

  @Test
  void decorationsNotEndedByASpaceAreReadAgain() throws IOException {
    String log = String.join("\n",
        "[1.000s][info][gc] Using G1",
        "[1.000s][info][gc]",
        "[1.000s][info][gc][gc,heap] GC(0) Eden regions: 3->0(5)",
        "[1.000s][info][gc]x GC(0) Pause Young (Normal) (G1 Evacuation Pause) 7M->2M(16M) 1.234ms",
        "[1.000s][info][gc] GC(0) Pause Young (Normal) (G1 Evacuation Pause) 7M->2M(16M) 1.234ms",
        "[1.000s][info][gc] GC(0) User=0.00s Sys=0.00s Real=0.00s",
        "[1.001s][info][gc] GC(1) Pause Young (Normal) (G1 Evacuation Pause) 8M->2M(16M) 2.5ms",
        "[1.001s][info][gc]",
        "[1.001s][info][gc]GC(2) Pause Full (System.gc()) 9M->1M(16M) 9.75ms",
        "");
    byte[] bytes = log.getBytes(StandardCharsets.ISO_8859_1);
    Read plain = read(new ByteArrayInputStream(bytes), false);
    Read reused = read(new ByteArrayInputStream(bytes), true);
    assertThat(plain.events()).isNotEmpty();
    assertThat(reused).isEqualTo(plain);
  }
}
