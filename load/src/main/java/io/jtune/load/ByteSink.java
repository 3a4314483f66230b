package io.jtune.load;

/**
 * A reusable, growable byte array that templated requests are written into: it grows (allocates)
 * only when a request is longer than any before it, so writing requests allocates nothing.
 */
final class ByteSink {
  private static final byte[] HEX = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  private static final byte[] MIN_LONG = "-9223372036854775808".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  byte[] bytes;
  int length;

  ByteSink(int capacity) {
    bytes = new byte[Math.max(16, capacity)];
  }

  void clear() {
    length = 0;
  }

  private void room(int more) {
    if (length + more > bytes.length) {
      bytes = java.util.Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + more));
    }
  }

  void put(byte[] b) {
    put(b, 0, b.length);
  }

  void put(byte[] b, int from, int count) {
    room(count);
    System.arraycopy(b, from, bytes, length, count);
    length += count;
  }

  void put(int b) {
    room(1);
    bytes[length++] = (byte) b;
  }

  /** The number in decimal. */
  void decimal(long v) {
    if (v == Long.MIN_VALUE) {
      put(MIN_LONG);
      return;
    }
    room(20);
    if (v < 0) {
      bytes[length++] = '-';
      v = -v;
    }
    int digits = 1;
    for (long p = 10; digits < 19 && v >= p; p *= 10) {
      digits++;
    }
    for (int i = length + digits - 1; i >= length; i--) {
      bytes[i] = (byte) ('0' + v % 10);
      v /= 10;
    }
    length += digits;
  }

  /** The number in decimal, zero-padded to {@code width} digits. */
  void padded(int v, int width) {
    room(width);
    for (int i = length + width - 1; i >= length; i--) {
      bytes[i] = (byte) ('0' + v % 10);
      v /= 10;
    }
    length += width;
  }

  /** The lowest {@code digits} hex digits of {@code v}, most significant first, lower case. */
  void hex(long v, int digits) {
    room(digits);
    for (int i = length + digits - 1; i >= length; i--) {
      bytes[i] = HEX[(int) (v & 15)];
      v >>>= 4;
    }
    length += digits;
  }
}
