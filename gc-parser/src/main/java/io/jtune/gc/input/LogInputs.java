package io.jtune.gc.input;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Turns what the user named (files, directories, zip archives, "-") into an ordered list of
 * {@link LogSource}s. Several sources are ordered by their content (the first time stamp in
 * each), so a rotated set (gc.log.0..N, .current, unified filecount rotation) becomes one
 * timeline whatever order the file numbers suggest; the files of one rotated set (one
 * {@link RotationStem}) stay together.
 */
public final class LogInputs {

  /** The sources found, in timeline order, and the paths that could not be used. */
  public record Resolved(List<LogSource> sources, List<String> problems) {}

  private static final int HEAD_BYTES = 64 * 1024;

  private LogInputs() {}

  public static Resolved resolve(List<String> args, InputStream stdin) {
    List<LogSource> sources = new ArrayList<>();
    List<String> problems = new ArrayList<>();
    for (String arg : args) {
      if (arg.equals("-")) {
        sources.add(LogSource.stdin(stdin));
        continue;
      }
      Path p = Path.of(arg);
      try {
        if (Files.isDirectory(p)) {
          List<Path> files;
          try (Stream<Path> s = Files.list(p)) {
            files = s.filter(Files::isRegularFile)
                .filter(f -> !f.getFileName().toString().startsWith("."))
                .sorted()
                .toList();
          }
          if (files.isEmpty()) {
            problems.add(arg + ": directory has no files");
          }
          for (Path f : files) {
            addFile(f, sources);
          }
        } else if (!Files.exists(p)) {
          problems.add(arg + ": no such file or directory");
        } else if (!Files.isReadable(p)) {
          problems.add(arg + ": permission denied");
        } else if (!Files.isRegularFile(p)) {
          // a pipe, FIFO or process substitution: opening it to peek would consume or block it
          sources.add(LogSource.stream(p));
        } else {
          addFile(p, sources);
        }
      } catch (AccessDeniedException e) {
        problems.add(arg + ": permission denied");
      } catch (NoSuchFileException e) {
        problems.add(arg + ": no such file or directory");
      } catch (IOException e) {
        problems.add(arg + ": cannot read (" + e.getMessage() + ")");
      }
    }
    if (sources.size() > 1) {
      sources = orderByContent(sources);
    }
    return new Resolved(sources, problems);
  }

  private static void addFile(Path f, List<LogSource> out) throws IOException {
    if (LogSource.isZip(f)) {
      try (ZipFile zf = new ZipFile(f.toFile())) {
        List<String> members = new ArrayList<>();
        for (ZipEntry e : Collections.list(zf.entries())) {
          String n = e.getName();
          String base = n.substring(n.lastIndexOf('/') + 1);
          if (!e.isDirectory() && !base.startsWith(".") && !n.startsWith("__MACOSX/")) {
            members.add(n);
          }
        }
        members.sort(null);
        for (String m : members) {
          out.add(LogSource.zipMember(f, m));
        }
      }
    } else {
      out.add(LogSource.file(f));
    }
  }

  /**
   * Sources the caller made, ordered as the inputs of {@link #resolve} are: by content, the
   * files of a rotated set together.
   */
  public static Resolved of(List<LogSource> sources) {
    return new Resolved(sources.size() > 1 ? orderByContent(sources) : List.copyOf(sources), List.of());
  }

  /** Orders sources by the first time stamp in each; sources without one keep name order, last. */
  static List<LogSource> orderByContent(List<LogSource> sources) {
    record Keyed(LogSource source, long epochMs, double uptimeS, int index) {}
    List<Keyed> keyed = new ArrayList<>();
    for (int i = 0; i < sources.size(); i++) {
      LogSource s = sources.get(i);
      long[] epoch = {Long.MIN_VALUE};
      double[] uptime = {Double.NaN};
      try {
        // a pipe is looked into without using it up: its bytes stay for the reader
        byte[] head = s.head(HEAD_BYTES);
        LineReader.read(new java.io.ByteArrayInputStream(head), line -> {
          if (epoch[0] == Long.MIN_VALUE && Double.isNaN(uptime[0])) {
            FirstStamp.scan(line, epoch, uptime);
          }
        });
      } catch (IOException e) {
        // unreadable sources sort last; the reader reports the problem
      }
      keyed.add(new Keyed(s, epoch[0], uptime[0], i));
    }
    boolean allEpoch = keyed.stream().allMatch(k -> k.epochMs() != Long.MIN_VALUE);
    Comparator<Keyed> order = allEpoch
        ? Comparator.comparingLong(Keyed::epochMs)
        : Comparator.comparingDouble((Keyed k) -> Double.isNaN(k.uptimeS()) ? Double.MAX_VALUE : k.uptimeS());
    keyed.sort(order.thenComparingInt(Keyed::index));
    // a rotated set stays together, in the place of its earliest file: another JVM's log that
    // started meanwhile must not cut the set into pieces
    Map<String, List<LogSource>> byStem = new LinkedHashMap<>();
    for (Keyed k : keyed) {
      byStem.computeIfAbsent(RotationStem.of(k.source().name()), x -> new ArrayList<>()).add(k.source());
    }
    return byStem.values().stream().flatMap(List::stream).toList();
  }

  /** Finds the first wall-clock or uptime stamp of a GC log line in either format. */
  static final class FirstStamp {
    private FirstStamp() {}

    static void scan(Line line, long[] epoch, double[] uptime) {
      int n = line.length();
      if (n == 0) {
        return;
      }
      if (line.charAt(0) == '[') {
        // unified decorators: [2020-..][12.3s] ...
        int i = 0;
        while (i < n && line.charAt(i) == '[') {
          int close = line.indexOf(']', i);
          if (close < 0) {
            return;
          }
          long e = line.parseIsoEpochMs(i + 1);
          if (e != Long.MIN_VALUE) {
            epoch[0] = e;
            return;
          }
          double u = line.parseDouble(i + 1);
          if (!Double.isNaN(u) && line.end() + 1 == close && line.charAt(line.end()) == 's') {
            uptime[0] = u;
            return;
          }
          i = close + 1;
        }
        return;
      }
      long e = line.parseIsoEpochMs(0);
      if (e != Long.MIN_VALUE) {
        epoch[0] = e;
        return;
      }
      double u = line.parseDouble(0);
      if (!Double.isNaN(u) && line.end() < n && line.charAt(line.end()) == ':' && line.indexOf('[') > 0) {
        uptime[0] = u;
      }
    }
  }
}
