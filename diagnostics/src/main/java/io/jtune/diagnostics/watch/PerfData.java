package io.jtune.diagnostics.watch;

import io.jtune.common.JtuneException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A HotSpot JVM's performance counters, read from the memory-mapped file it keeps in
 * {@code TMPDIR/hsperfdata_USER/PID} (what jstat reads; no agent, no attach, no process started):
 * a 32-byte prologue (magic 0xcafec0c0, byte order, version 2.0, the offset and number of
 * entries) and entries of a length, a name, a type ('J' long, 'B' byte vector for strings) and a
 * value. Only the scalar longs and the strings are kept.
 */
public final class PerfData {
  private static final int MAGIC = 0xcafec0c0;

  private PerfData() {}

  /** The counters file of JVM {@code pid}: in any hsperfdata_* directory of the temporary directories. */
  public static Path locate(long pid) {
    for (String tmp : List.of(System.getProperty("java.io.tmpdir"), "/tmp")) {
      Path dir = Path.of(tmp);
      try (Stream<Path> s = Files.list(dir)) {
        for (Path d : s.filter(p -> p.getFileName().toString().startsWith("hsperfdata_")).toList()) {
          Path f = d.resolve(Long.toString(pid));
          if (Files.isRegularFile(f)) {
            return f;
          }
        }
      } catch (IOException | SecurityException e) {
        // not readable: try the next place
      }
    }
    throw new JtuneException("no performance counters for JVM " + pid + " (no hsperfdata file: not a HotSpot JVM on this"
        + " host, another user's, or started with -XX:-UsePerfData)");
  }

  /** The counters in {@code file}: longs as Long, strings as String. */
  public static Map<String, Object> read(Path file) {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (IOException e) {
      throw new JtuneException("cannot read the JVM's counters " + file + ": " + e.getMessage());
    }
    return parse(bytes, file.toString());
  }

  static Map<String, Object> parse(byte[] bytes, String name) {
    ByteBuffer b = ByteBuffer.wrap(bytes);
    if (bytes.length < 32 || b.getInt(0) != MAGIC) {
      throw new JtuneException(name + ": not a JVM performance counters file");
    }
    b.order(bytes[4] == 1 ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
    int entryOffset = b.getInt(24);
    int entries = b.getInt(28);
    Map<String, Object> out = new HashMap<>(entries * 2);
    int off = entryOffset;
    for (int i = 0; i < entries && off + 20 <= bytes.length; i++) {
      int length = b.getInt(off);
      int nameOffset = b.getInt(off + 4);
      int vectorLength = b.getInt(off + 8);
      byte type = b.get(off + 12);
      int dataOffset = b.getInt(off + 16);
      if (length <= 0 || off + length > bytes.length) {
        break;
      }
      String key = cString(bytes, off + nameOffset, off + length);
      if (vectorLength == 0 && type == 'J' && off + dataOffset + 8 <= bytes.length) {
        out.put(key, b.getLong(off + dataOffset));
      } else if (type == 'B' && vectorLength > 0) {
        out.put(key, cString(bytes, off + dataOffset, Math.min(bytes.length, off + dataOffset + vectorLength)));
      }
      off += length;
    }
    return out;
  }

  private static String cString(byte[] bytes, int from, int limit) {
    int end = from;
    while (end < limit && bytes[end] != 0) {
      end++;
    }
    return new String(bytes, from, end - from, StandardCharsets.UTF_8);
  }
}
