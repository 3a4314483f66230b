package io.jtune.core.input;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Line's eight-bytes-at-a-time searches against a plain loop, at every offset and length. */
class LineIndexOfTest {
  // the searched bytes, their neighbours (borrows in the zero-byte test) and high bytes
  private static final byte[] ALPHABET = {'[', ']', 'Z', '\\', '^', 0x01, 0, (byte) 0x80, (byte) 0xdb, (byte) 0xff, 'a'};

  @Test
  void matchesAPlainLoop() {
    Random r = new Random(11);
    for (int round = 0; round < 3000; round++) {
      int len = r.nextInt(40);
      int start = r.nextInt(9);
      byte[] buf = new byte[start + len + r.nextInt(9)];
      for (int i = 0; i < buf.length; i++) {
        buf[i] = ALPHABET[r.nextInt(ALPHABET.length)];
      }
      Line line = new Line().set(buf, start, len, 1, false);
      int from = r.nextInt(len + 2) - 1;
      for (char c : new char[] {'[', ']', 0xff, 0x80, 0x100}) {
        assertThat(line.indexOf(c, from)).isEqualTo(naive(buf, start, len, from, c, c));
      }
      assertThat(line.indexOf('[', ']', from)).isEqualTo(naive(buf, start, len, from, '[', ']'));
      assertThat(line.indexOf((char) 0xff, (char) 0x01, from)).isEqualTo(naive(buf, start, len, from, 0xff, 0x01));
      assertThat(line.indexOf((char) 0x100, ']', from)).isEqualTo(naive(buf, start, len, from, ']', ']'));
    }
  }

  private static int naive(byte[] buf, int start, int len, int from, int a, int b) {
    for (int i = Math.max(from, 0); i < len; i++) {
      int c = buf[start + i] & 0xff;
      if (c == a || c == b) {
        return i;
      }
    }
    return -1;
  }
}
