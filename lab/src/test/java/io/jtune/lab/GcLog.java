package io.jtune.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A unified GC log ({@code -Xlog:gc*}) read as text, just enough to check a scenario's
 * signature: pauses, causes, old-gen growth per young GC and heap after each GC.
 */
final class GcLog {
  private static final Pattern PAUSE = Pattern.compile(
      "GC\\((\\d+)\\) Pause (Young|Full) .*?(\\d+)M->(\\d+)M\\((\\d+)M\\) ([\\d.]+)ms$");
  private static final Pattern OLD_GEN = Pattern.compile(
      "GC\\((\\d+)\\) (?:Tenured|PSOldGen|ParOldGen): (\\d+)K\\(\\d+K\\)->(\\d+)K");

  /** One pause: kind, heap before and after in MiB, duration. */
  record Pause(int id, boolean young, String line, int beforeMb, int afterMb, double ms) {}

  private static final Pattern CPU = Pattern.compile(
      "GC\\((\\d+)\\) User=([\\d.]+)s Sys=([\\d.]+)s Real=([\\d.]+)s");

  private final List<String> lines;

  private GcLog(List<String> lines) {
    this.lines = lines;
  }

  static GcLog read(Path file) throws IOException {
    return new GcLog(Files.readAllLines(file));
  }

  List<Pause> pauses() {
    List<Pause> pauses = new ArrayList<>();
    for (String line : lines) {
      Matcher m = PAUSE.matcher(line);
      if (m.find()) {
        pauses.add(new Pause(Integer.parseInt(m.group(1)), m.group(2).equals("Young"), line,
            Integer.parseInt(m.group(3)), Integer.parseInt(m.group(4)), Double.parseDouble(m.group(6))));
      }
    }
    return pauses;
  }

  List<Pause> youngPauses() {
    return pauses().stream().filter(Pause::young).toList();
  }

  List<Pause> fullPauses() {
    return pauses().stream().filter(p -> !p.young()).toList();
  }

  /** Old-gen growth in KiB at each young GC (Serial and Parallel logs). */
  List<Long> promotedKbPerYoungGc() {
    Set<Integer> full = new HashSet<>();
    fullPauses().forEach(p -> full.add(p.id()));
    List<Long> promoted = new ArrayList<>();
    for (String line : lines) {
      Matcher m = OLD_GEN.matcher(line);
      if (m.find() && !full.contains(Integer.parseInt(m.group(1)))) {
        promoted.add(Long.parseLong(m.group(3)) - Long.parseLong(m.group(2)));
      }
    }
    return promoted;
  }

  /**
   * CPU seconds (user + sys) the collector spent in the given young pauses: their work, which
   * a busy host does not inflate the way it inflates their wall time.
   */
  double youngPauseCpuSeconds(List<Pause> pauses) {
    Set<Integer> young = new HashSet<>();
    pauses.stream().filter(Pause::young).forEach(p -> young.add(p.id()));
    double total = 0;
    for (String line : lines) {
      Matcher m = CPU.matcher(line);
      if (m.find() && young.contains(Integer.parseInt(m.group(1)))) {
        total += Double.parseDouble(m.group(2)) + Double.parseDouble(m.group(3));
      }
    }
    return total;
  }

  boolean contains(String text) {
    return lines.stream().anyMatch(l -> l.contains(text));
  }

  /** The first lines of the log that contain {@code text}, for assertion messages. */
  List<String> linesWith(String text) {
    return lines.stream().filter(l -> l.contains(text)).limit(5).toList();
  }
}
