package io.jtune.gc.input;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** Line's eight-bytes-at-a-time searches and compares against plain loops, at every offset and length. */
class LineIndexOfTest {
  // the searched bytes, their neighbours (borrows in the zero-byte test) and high bytes
  private static final byte[] ALPHABET = {'[', ']', 'Z', '\\', '^', 0x01, 0, (byte) 0x80, (byte) 0xdb, (byte) 0xff, 'a'};

  @Test
  void matchesAPlainLoop() {
    Random r = new Random(11);
    for (int round = 0; round < 3000; round++) {
      int len = r.nextInt(r.nextBoolean() ? 40 : 90);
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

  /** Prefix tests (first eight bytes as one long, the rest byte by byte) and region compares. */
  @Test
  void startsWithAndRegionEqualsMatchAPlainLoop() {
    Random r = new Random(12);
    byte[] ascii = {'[', ']', 'Z', '\\', '^', 0x01, 0, 'a'};
    for (int round = 0; round < 20000; round++) {
      int len = r.nextInt(30);
      int start = r.nextInt(9);
      byte[] buf = new byte[start + len + r.nextInt(12)];
      for (int i = 0; i < buf.length; i++) {
        buf[i] = ascii[r.nextInt(3)];
      }
      Line line = new Line().set(buf, start, len, 1, false);
      int at = r.nextInt(len + 3) - 1;
      // keys copied from the buffer (often equal) and then changed at one place (often not)
      int keyLen = 1 + r.nextInt(20);
      StringBuilder key = new StringBuilder();
      for (int i = 0; i < keyLen; i++) {
        int src = start + Math.max(at, 0) + i;
        key.append((char) (src < buf.length && r.nextInt(8) > 0 ? buf[src] : ascii[r.nextInt(ascii.length)]));
      }
      Ascii k = Ascii.of(key.toString());
      boolean expected = at >= 0 && at + keyLen <= len;
      for (int i = 0; expected && i < keyLen; i++) {
        expected = buf[start + at + i] == key.charAt(i);
      }
      assertThat(line.startsWith(k, at)).as("%s at %d", key, at).isEqualTo(expected);
      assertThat(line.regionEquals(at, key.toString().getBytes(java.nio.charset.StandardCharsets.ISO_8859_1)))
          .as("%s at %d", key, at).isEqualTo(expected);
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
