package io.jtune.runtime.output;

import io.jtune.common.JtuneException;
import java.io.BufferedWriter;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.PosixFileAttributes;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Writes a file the user named (a report, a plan), the way every jtune command does it.
 *
 * <ul>
 *   <li>A regular file, or a name that does not exist yet, is written to a temporary file in the
 *       same directory and renamed over it, so a reader never sees half a report. A file that
 *       existed keeps its permissions (and, when allowed, its owner); a new one gets the
 *       process's default mode (the umask applies).
 *   <li>Anything else (a FIFO, a device, a symbolic link such as {@code /dev/stdout} or the
 *       {@code /dev/fd/N} of a shell's process substitution) is opened and written directly:
 *       it stays what it is.
 *   <li>A directory, a missing parent directory or a denied permission is a {@link
 *       JtuneException} (exit code 2) with one line saying so.
 * </ul>
 */
public final class OutputFile {
  private OutputFile() {}

  /** What goes into the file. */
  @FunctionalInterface
  public interface Content {
    void writeTo(PrintWriter out) throws IOException;
  }

  /**
   * Fails early, before any work, when {@code target} cannot be written: it is a directory, or
   * its directory is missing or not a directory.
   */
  public static void check(Path target) {
    kindOf(target);
  }

  /** Refuses a target that is one of the inputs ({@code -} is standard input and never a file). */
  public static void refuseInput(Path target, List<String> inputs) {
    for (String in : inputs) {
      Path p = Path.of(in);
      try {
        if (!in.equals("-") && Files.exists(p) && Files.exists(target) && Files.isSameFile(p, target)) {
          throw new JtuneException("--output " + target + " is one of the inputs: refusing to overwrite it");
        }
      } catch (IOException e) {
        throw failure(target, e);
      }
    }
  }

  /** Writes {@code content} into {@code target} as described above; returns {@code target}. */
  public static Path write(Path target, Content content) {
    return write(target, content, false);
  }

  /**
   * Writes {@code content} as {@link #write} does into a file only its owner may read (mode 0600
   * from its creation, on a POSIX file system): a file that holds request data.
   */
  public static Path writePrivate(Path target, Content content) {
    return write(target, content, true);
  }

  /** Creates {@code file} empty with mode 0600 (on a POSIX file system), failing when it exists. */
  public static void createPrivate(Path file) throws IOException {
    if (Files.getFileStore(file.toAbsolutePath().getParent()).supportsFileAttributeView(PosixFileAttributeView.class)) {
      Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    } else {
      Files.createFile(file);
    }
  }

  private static Path write(Path target, Content content, boolean owner) {
    Kind kind = kindOf(target);
    try {
      if (kind == Kind.SPECIAL) {
        try (OutputStream os = Files.newOutputStream(target, StandardOpenOption.WRITE, StandardOpenOption.CREATE,
            StandardOpenOption.TRUNCATE_EXISTING)) {
          writeAll(os, content);
        }
      } else {
        replace(target, kind == Kind.REGULAR, content, owner);
      }
      return target;
    } catch (IOException e) {
      throw failure(target, e);
    }
  }

  private enum Kind { ABSENT, REGULAR, SPECIAL }

  private static Kind kindOf(Path target) {
    BasicFileAttributes own;
    try {
      own = Files.readAttributes(target, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
    } catch (IOException e) {
      // not there (ENOENT), or a file where its directory should be (ENOTDIR)
      Path parent = target.toAbsolutePath().getParent();
      if (parent != null && !Files.isDirectory(parent)) {
        throw new JtuneException("cannot write " + target + ": "
            + (Files.exists(parent) ? parent + " is not a directory" : "no directory " + parent), e);
      }
      if (e instanceof NoSuchFileException) {
        return Kind.ABSENT;
      }
      throw failure(target, e);
    }
    if (Files.isDirectory(target)) {
      throw new JtuneException("cannot write " + target + ": it is a directory");
    }
    return own.isRegularFile() ? Kind.REGULAR : Kind.SPECIAL;
  }

  /** Temp file beside the target, renamed over it when complete. */
  private static void replace(Path target, boolean existed, Content content, boolean owner) throws IOException {
    Path tmp = createTemp(target, owner);
    try {
      try (OutputStream os = Files.newOutputStream(tmp, StandardOpenOption.WRITE)) {
        writeAll(os, content);
      }
      if (existed) {
        keepAttributes(target, tmp);
      }
      PosixFileAttributeView view = Files.getFileAttributeView(tmp, PosixFileAttributeView.class);
      if (owner && view != null) {
        view.setPermissions(PosixFilePermissions.fromString("rw-------"));
      }
      Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  private static Path createTemp(Path target, boolean owner) throws IOException {
    Path dir = target.toAbsolutePath().getParent();
    String base = "." + target.getFileName() + ".";
    while (true) {
      Path tmp = dir.resolve(base + Long.toHexString(ThreadLocalRandom.current().nextLong() >>> 1) + ".tmp");
      try {
        // created like any new file (mode 0666 less the umask), not 0600 as createTempFile would,
        // unless it holds request data
        if (owner) {
          createPrivate(tmp);
        } else {
          Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE).close();
        }
        return tmp;
      } catch (FileAlreadyExistsException e) {
        // another name
      }
    }
  }

  /** The replaced file's mode and, where the process may set them, its owner and group. */
  private static void keepAttributes(Path target, Path tmp) throws IOException {
    PosixFileAttributeView view = Files.getFileAttributeView(tmp, PosixFileAttributeView.class);
    if (view == null) {
      return; // not a POSIX file system
    }
    PosixFileAttributes old = Files.readAttributes(target, PosixFileAttributes.class);
    view.setPermissions(old.permissions());
    try {
      PosixFileAttributes now = view.readAttributes();
      if (!now.owner().equals(old.owner())) {
        view.setOwner(old.owner());
      }
      if (!now.group().equals(old.group())) {
        view.setGroup(old.group());
      }
    } catch (IOException e) {
      // only a privileged process may give a file away: the new file stays the writer's
    }
  }

  private static void writeAll(OutputStream os, Content content) throws IOException {
    ErrorKeeping kept = new ErrorKeeping(os);
    PrintWriter out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(kept, StandardCharsets.UTF_8)));
    content.writeTo(out);
    out.flush();
    if (out.checkError()) {
      throw kept.error != null ? kept.error : new IOException("write failed");
    }
  }

  /** Remembers the first write error, which a PrintWriter reports only as a flag. */
  private static final class ErrorKeeping extends FilterOutputStream {
    IOException error;

    ErrorKeeping(OutputStream out) {
      super(out);
    }

    @Override
    public void write(int b) throws IOException {
      write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      try {
        out.write(b, off, len);
      } catch (IOException e) {
        error = error == null ? e : error;
        throw e;
      }
    }

    @Override
    public void flush() throws IOException {
      try {
        out.flush();
      } catch (IOException e) {
        error = error == null ? e : error;
        throw e;
      }
    }
  }

  private static JtuneException failure(Path target, IOException e) {
    return new JtuneException("cannot write " + target + ": " + FileProblem.why(e), e);
  }
}
