package io.jtune.gc.input;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The line splitter against a plain reference split, across chunk boundaries and line endings. */
class LineReaderTest {

  private static List<String> lines(byte[] data, int maxRead) throws IOException {
    List<String> out = new ArrayList<>();
    InputStream in = new ByteArrayInputStream(data) {
      @Override
      public synchronized int read(byte[] b, int off, int len) {
        return super.read(b, off, Math.min(len, maxRead)); // small reads cut lines anywhere
      }
    };
    LineReader.read(in, l -> out.add((l.truncated() ? "!" : "") + l.substring(0, l.length())));
    return out;
  }

  /** What splitting on LF (dropping one CR before it, and no empty last line) gives. */
  private static List<String> reference(String text) {
    List<String> out = new ArrayList<>();
    int start = 0;
    for (int i = 0; i < text.length(); i++) {
      if (text.charAt(i) == '\n') {
        int end = i > start && text.charAt(i - 1) == '\r' ? i - 1 : i;
        out.add(text.substring(start, end));
        start = i + 1;
      }
    }
    if (start < text.length()) {
      String last = text.substring(start);
      out.add(last.endsWith("\r") ? last.substring(0, last.length() - 1) : last);
    }
    return out;
  }

  @Test
  void randomTextSplitsLikeTheReference() throws IOException {
    Random rnd = new Random(42);
    for (int round = 0; round < 50; round++) {
      StringBuilder sb = new StringBuilder();
      int lines = rnd.nextInt(300);
      for (int l = 0; l < lines; l++) {
        int len = rnd.nextInt(5) == 0 ? rnd.nextInt(3000) : rnd.nextInt(40);
        for (int c = 0; c < len; c++) {
          sb.append((char) (' ' + rnd.nextInt(95)));
        }
        sb.append(rnd.nextInt(4) == 0 ? "\r\n" : "\n");
      }
      if (rnd.nextBoolean()) {
        sb.append("last line without newline");
      }
      String text = sb.toString();
      byte[] data = text.getBytes(StandardCharsets.ISO_8859_1);
      int maxRead = 1 + rnd.nextInt(rnd.nextBoolean() ? 17 : 100_000);
      assertThat(lines(data, maxRead)).as("round %d", round).isEqualTo(reference(text));
    }
  }

  @Test
  void newlineAtEveryOffsetOfAWord() {
    for (int len = 0; len < 40; len++) {
      for (int pos = 0; pos < len; pos++) {
        byte[] b = new byte[len];
        java.util.Arrays.fill(b, (byte) 'x');
        b[pos] = '\n';
        assertThat(LineReader.indexOfNewline(b, 0, len)).isEqualTo(pos);
      }
      byte[] none = new byte[len];
      java.util.Arrays.fill(none, (byte) ('\n' ^ 0x80));
      assertThat(LineReader.indexOfNewline(none, 0, len)).isEqualTo(-1);
    }
  }

  @Test
  void overLongLineIsCutAndFlaggedOnce() throws IOException {
    String longLine = "y".repeat(LineReader.MAX_LINE * 3 + 5);
    byte[] data = ("first\n" + longLine + "\nafter\n").getBytes(StandardCharsets.ISO_8859_1);
    List<String> got = lines(data, 1 << 16);
    assertThat(got).hasSize(3);
    assertThat(got.get(0)).isEqualTo("first");
    assertThat(got.get(1)).startsWith("!").hasSize(LineReader.MAX_LINE + 1);
    assertThat(got.get(2)).isEqualTo("after");
  }
}
