package io.jtune.runtime.container;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Reads and writes the small text files of a cgroup directory. */
final class CgroupFiles {
  private CgroupFiles() {}

  /** Writes {@code value} to {@code file}; the kernel checks it and refuses a bad one with an error. */
  static void write(Path file, String value) throws IOException {
    try {
      Files.writeString(file, value + "\n", StandardCharsets.US_ASCII);
    } catch (IOException e) {
      throw new CgroupProblem("cannot write " + value + " to " + file + " (" + reason(e) + ")");
    }
  }

  /**
   * Writes {@code value} to {@code file} if the kernel has the file (it has some only with a
   * feature, such as swap accounting); returns whether it wrote.
   */
  static boolean writeIfPresent(Path file, String value) throws IOException {
    boolean present = Files.exists(file);
    try {
      Files.writeString(file, value + "\n", StandardCharsets.US_ASCII);
      return true;
    } catch (IOException e) {
      if (!present) {
        return false;
      }
      throw new CgroupProblem("cannot write " + value + " to " + file + " (" + reason(e) + ")");
    }
  }

  /** A number file, or -1 when missing or unreadable. */
  static long number(Path file) {
    try {
      String s = Files.readString(file, StandardCharsets.US_ASCII).trim();
      return s.equals("max") ? Long.MAX_VALUE : Long.parseLong(s);
    } catch (IOException | NumberFormatException e) {
      return -1;
    }
  }

  /** A file of {@code key value} lines (cpu.stat, memory.events, memory.oom_control); empty when missing. */
  static Map<String, Long> keyValues(Path file) {
    Map<String, Long> values = new HashMap<>();
    for (String line : lines(file)) {
      String[] kv = line.trim().split("\\s+");
      if (kv.length == 2) {
        try {
          values.put(kv[0], Long.parseLong(kv[1]));
        } catch (NumberFormatException e) {
          // not a counter
        }
      }
    }
    return values;
  }

  /** The pids in a group's {@code cgroup.procs}; empty when the group is gone. */
  static List<Long> pids(Path dir) {
    List<Long> pids = new ArrayList<>();
    for (String line : lines(dir.resolve("cgroup.procs"))) {
      try {
        pids.add(Long.parseLong(line.trim()));
      } catch (NumberFormatException e) {
        // blank line
      }
    }
    return pids;
  }

  static List<String> lines(Path file) {
    try {
      return Files.readAllLines(file, StandardCharsets.US_ASCII);
    } catch (IOException e) {
      return List.of();
    }
  }

  /** The system's reason for an I/O error, without Java's class names. */
  static String reason(IOException e) {
    if (e instanceof NoSuchFileException) {
      return "no such file or directory";
    }
    if (e instanceof java.nio.file.AccessDeniedException) {
      return "permission denied";
    }
    String m = e.getMessage();
    int colon = m == null ? -1 : m.lastIndexOf(": ");
    return m == null ? e.getClass().getSimpleName() : colon >= 0 ? m.substring(colon + 2) : m;
  }
}
