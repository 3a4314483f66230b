package io.jtune.gc.input;

import java.io.BufferedInputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * One input log: a file (plain or gzip, detected by its magic bytes), a member of a zip
 * archive, or standard input. Sources are opened read-only; nothing the user gave is modified.
 */
public abstract class LogSource {
  private final String name;

  protected LogSource(String name) {
    this.name = name;
  }

  /** Name for messages: the path, "zip!member" or "-". */
  public String name() {
    return name;
  }

  /** Opens the (decompressed) content; the caller closes it. */
  public abstract InputStream open() throws IOException;

  /** Size of the content in bytes when known without reading it (plain files), else -1. */
  public long knownSize() {
    return -1;
  }

  /**
   * The first {@code n} bytes of the content (fewer if it is shorter) without using it up: the
   * next {@link #open()} still starts at the beginning.
   */
  public byte[] head(int n) throws IOException {
    try (InputStream in = open()) {
      return in.readNBytes(n);
    }
  }

  /** The file on disk when the content is its bytes as they are (a plain file, not compressed), else null. */
  public Path plainFile() {
    return null;
  }

  /** Whether the content can be opened more than once (not so for standard input). */
  public boolean reopenable() {
    return true;
  }

  @Override
  public String toString() {
    return name;
  }

  /** A file on disk; gzip content is decompressed transparently. */
  public static LogSource file(Path path) {
    return new LogSource(path.toString()) {
      @Override
      public InputStream open() throws IOException {
        return maybeGunzip(new BufferedInputStream(Files.newInputStream(path), 1 << 16));
      }

      @Override
      public long knownSize() {
        try {
          return isGzip(path) ? -1 : Files.size(path);
        } catch (IOException e) {
          return -1;
        }
      }

      @Override
      public Path plainFile() {
        return knownSize() >= 0 && Files.isRegularFile(path) ? path : null;
      }
    };
  }

  private static boolean isGzip(Path path) throws IOException {
    try (InputStream in = Files.newInputStream(path)) {
      return in.read() == 0x1f && in.read() == 0x8b;
    }
  }

  /** One member of a zip archive (opened from the archive each time). */
  public static LogSource zipMember(Path zip, String member) {
    return new LogSource(zip + "!" + member) {
      @Override
      public InputStream open() throws IOException {
        ZipFile zf = new ZipFile(zip.toFile());
        ZipEntry e = zf.getEntry(member);
        if (e == null) {
          zf.close();
          throw new IOException("no member " + member + " in " + zip);
        }
        InputStream in = zf.getInputStream(e);
        return maybeGunzip(new BufferedInputStream(new InputStream() {
          @Override
          public int read() throws IOException {
            return in.read();
          }

          @Override
          public int read(byte[] b, int off, int len) throws IOException {
            return in.read(b, off, len);
          }

          @Override
          public void close() throws IOException {
            in.close();
            zf.close();
          }
        }, 1 << 16));
      }
    };
  }

  /** Standard input (readable once; gzip detected too). */
  public static LogSource stdin(InputStream in) {
    return new OnceSource("-", () -> in, "standard input");
  }

  /**
   * A log the caller knows how to open (from a distributed file system, an object store, bytes in
   * memory): opened again for each read, gzip content decompressed transparently.
   */
  public static LogSource of(String name, Opener opener) {
    return new LogSource(name) {
      @Override
      public InputStream open() throws IOException {
        return maybeGunzip(new BufferedInputStream(opener.open(), 1 << 16));
      }
    };
  }

  /** A stream the caller opened, named {@code name} in messages (readable once; gzip detected too). */
  public static LogSource stream(InputStream in, String name) {
    return new OnceSource(name, () -> in, name);
  }

  /**
   * A file that is not a regular file: a named pipe (FIFO), a process substitution such as
   * {@code <(cat gc.log)} ({@code /dev/fd/N}), a character device. It is opened once, read as
   * a stream and never seeked or peeked at by a second open; gzip is recognised from the bytes
   * read.
   */
  public static LogSource stream(Path path) {
    return new OnceSource(path.toString(), () -> new FileInputStream(path.toFile()), "a pipe");
  }

  /** Opens the content of a source, from its start. */
  @FunctionalInterface
  public interface Opener {
    InputStream open() throws IOException;
  }

  /** A source that can be read only once, from its start to its end. */
  private static final class OnceSource extends LogSource {
    private final Opener opener;
    private final String what;
    private boolean opened;
    /** The stream {@link #head(int)} looked into, handed to the next {@link #open()}. */
    private BufferedInputStream peeked;
    /** Why the look by {@link #head(int)} failed, for the {@link #open()} that follows it. */
    private IOException failure;

    OnceSource(String name, Opener opener, String what) {
      super(name);
      this.opener = opener;
      this.what = what;
    }

    @Override
    public byte[] head(int n) throws IOException {
      if (peeked == null) {
        try {
          peeked = openOnce();
        } catch (IOException e) {
          failure = e;
          throw e;
        }
      }
      peeked.mark(n + 1);
      byte[] head = peeked.readNBytes(n);
      peeked.reset();
      return head;
    }

    @Override
    public InputStream open() throws IOException {
      if (peeked != null) {
        InputStream in = peeked;
        peeked = null;
        return in;
      }
      if (failure != null) {
        throw failure;
      }
      return openOnce();
    }

    private BufferedInputStream openOnce() throws IOException {
      if (opened) {
        throw new IOException(what + " can be read only once");
      }
      opened = true;
      BufferedInputStream in = new BufferedInputStream(opener.open(), 1 << 16);
      if (startsWithZipMagic(in)) {
        in.close();
        throw new IOException("a zip archive cannot be read from " + what + "; give it as a file");
      }
      return maybeGunzip(in);
    }

    @Override
    public boolean reopenable() {
      return false;
    }
  }

  private static boolean startsWithZipMagic(BufferedInputStream in) throws IOException {
    in.mark(4);
    byte[] m = in.readNBytes(4);
    in.reset();
    return isZipMagic(m);
  }

  private static boolean isZipMagic(byte[] m) {
    return m.length == 4 && m[0] == 'P' && m[1] == 'K' && m[2] == 3 && m[3] == 4;
  }

  /** Wraps a stream in a gzip decoder when it starts with the gzip magic bytes. */
  static BufferedInputStream maybeGunzip(BufferedInputStream in) throws IOException {
    in.mark(2);
    int b1 = in.read();
    int b2 = in.read();
    in.reset();
    if (b1 == 0x1f && b2 == 0x8b) {
      return new Decompressed(new CutShort(new GZIPInputStream(in, 1 << 16)));
    }
    return in;
  }

  /**
   * Decompressed content that may end early: a truncated or corrupt archive reads as its intact
   * part followed by the end of the stream, and {@link #cut()} then says why it ended.
   */
  public static final class Decompressed extends BufferedInputStream {
    private final CutShort source;

    private Decompressed(CutShort source) {
      super(source, 1 << 16);
      this.source = source;
    }

    /** Why the content ended before the archive's own end, or null if it did not. */
    public IOException cut() {
      return source.cut;
    }
  }

  /**
   * Ends the stream where the decompressor fails, keeping the failure. (A BufferedInputStream
   * reading on after a partial fill would lose that fill's bytes with the exception.)
   */
  private static final class CutShort extends java.io.FilterInputStream {
    private IOException cut;

    CutShort(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      if (cut != null) {
        return -1;
      }
      try {
        return super.read(b, off, len);
      } catch (java.io.EOFException | java.util.zip.ZipException e) {
        cut = e;
        return -1;
      }
    }

    @Override
    public int available() throws IOException {
      return cut != null ? 0 : super.available();
    }
  }

  /** True when the file starts with the zip local-header magic "PK\3\4". */
  public static boolean isZip(Path path) throws IOException {
    try (InputStream in = Files.newInputStream(path)) {
      return isZipMagic(in.readNBytes(4));
    }
  }
}
