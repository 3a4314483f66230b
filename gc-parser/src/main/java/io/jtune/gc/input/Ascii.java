package io.jtune.gc.input;

/**
 * A constant ASCII text held as bytes, for the prefixes and markers parsers look for in {@link
 * Line}s. Comparing bytes with bytes avoids {@code String.charAt}, whose bounds checks are calls
 * when the JVM runs with C1 only (as the launcher runs it), and that comparison is the most
 * frequent operation of parsing.
 */
public final class Ascii {
  final byte[] bytes;
  /** The first (up to) eight bytes as a little-endian long, and the mask of the bytes used. */
  final long head;
  final long headMask;
  private final String text;

  private Ascii(String text) {
    this.text = text;
    this.bytes = new byte[text.length()];
    for (int i = 0; i < bytes.length; i++) {
      char c = text.charAt(i);
      if (c >= 0x80) {
        throw new IllegalArgumentException("not ASCII: " + text);
      }
      bytes[i] = (byte) c;
    }
    long h = 0;
    int n = Math.min(8, bytes.length);
    for (int i = 0; i < n; i++) {
      h |= (bytes[i] & 0xffL) << (8 * i);
    }
    head = h;
    headMask = n == 8 ? -1L : (1L << (8 * n)) - 1;
  }

  /** The key for {@code text}, which must be ASCII. */
  public static Ascii of(String text) {
    return new Ascii(text);
  }

  public int length() {
    return bytes.length;
  }

  public char charAt(int index) {
    return (char) bytes[index];
  }

  /** Keys for several texts, in order. */
  public static Ascii[] of(String... texts) {
    Ascii[] keys = new Ascii[texts.length];
    for (int i = 0; i < texts.length; i++) {
      keys[i] = of(texts[i]);
    }
    return keys;
  }

  /** The text as a String. */
  @Override
  public String toString() {
    return text;
  }
}
