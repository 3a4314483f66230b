package io.jtune.diagnostics.nmt;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Which pages of an address range are resident, page by page, from {@code /proc/PID/pagemap}: one
 * 64-bit entry per virtual page, bit 63 set when the page is in memory and bit 61 when it is a
 * page of a file or shared memory (counted by the kernel as RssFile or RssShmem, not RssAnon).
 * Exact where /proc/PID/smaps is not: smaps counts per mapping, and the kernel merges neighbouring
 * mappings of the same protection (a collector's structures next to malloc's arenas) into one.
 * Reading it needs the rights to read the process's memory (its own user, or root).
 */
public final class PageMap implements AutoCloseable {
  private static final long PAGE = 4096;
  private static final long PRESENT = 1L << 63;
  private static final long FILE_OR_SHARED = 1L << 61;
  private static final int CHUNK_PAGES = 8192;

  private final FileChannel channel;
  private final ByteBuffer buffer = ByteBuffer.allocate(CHUNK_PAGES * 8).order(ByteOrder.LITTLE_ENDIAN);

  /** Resident bytes of a range: all of them, and those of files or shared memory among them. */
  public record Resident(long bytes, long fileOrSharedBytes) {
    Resident plus(Resident o) {
      return new Resident(bytes + o.bytes, fileOrSharedBytes + o.fileOrSharedBytes);
    }
  }

  private PageMap(FileChannel channel) {
    this.channel = channel;
  }

  /** Opens {@code pid}'s page map; throws IOException when it cannot be read. */
  public static PageMap open(long pid) throws IOException {
    return new PageMap(FileChannel.open(Path.of("/proc", Long.toString(pid), "pagemap"), StandardOpenOption.READ));
  }

  /** The resident pages of [{@code from}, {@code to}) (rounded out to whole pages). */
  public Resident resident(long from, long to) throws IOException {
    long first = Long.divideUnsigned(from, PAGE);
    long end = Long.divideUnsigned(to + PAGE - 1, PAGE);
    long present = 0;
    long file = 0;
    for (long p = first; p < end; ) {
      int n = (int) Math.min(CHUNK_PAGES, end - p);
      buffer.clear().limit(n * 8);
      int read = 0;
      while (read < n * 8) {
        int r = channel.read(buffer, p * 8 + read);
        if (r <= 0) {
          break;
        }
        read += r;
      }
      buffer.flip();
      while (buffer.remaining() >= 8) {
        long e = buffer.getLong();
        if ((e & PRESENT) != 0) {
          present++;
          if ((e & FILE_OR_SHARED) != 0) {
            file++;
          }
        }
      }
      if (read < n * 8) {
        break;
      }
      p += n;
    }
    return new Resident(present * PAGE, file * PAGE);
  }

  @Override
  public void close() throws IOException {
    channel.close();
  }
}
