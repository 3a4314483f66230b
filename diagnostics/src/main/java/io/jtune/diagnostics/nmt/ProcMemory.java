package io.jtune.diagnostics.nmt;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A process's resident set as the kernel counts it: {@code /proc/PID/status} (VmRSS and its split
 * into RssAnon, RssFile and RssShmem, Linux 4.5 and later) and {@code /proc/PID/smaps} for the
 * resident pages of one address range.
 */
public final class ProcMemory {
  private static final Pattern MAPPING = Pattern.compile("^([0-9a-f]+)-([0-9a-f]+) ");

  private ProcMemory() {}

  /** VmRSS of {@code pid} in bytes, or -1 when /proc does not tell. */
  public static long rssBytes(long pid) {
    return status(pid).getOrDefault("VmRSS", -1L);
  }

  /** VmHWM (the peak resident set) of {@code pid} in bytes, or -1. */
  public static long peakRssBytes(long pid) {
    return status(pid).getOrDefault("VmHWM", -1L);
  }

  /** RssAnon of {@code pid} in bytes, or -1. */
  public static long anonBytes(long pid) {
    return status(pid).getOrDefault("RssAnon", -1L);
  }

  /**
   * The resident set of {@code pid} split as the kernel counts it, with the heap's resident part
   * when {@code heapFrom}..{@code heapTo} (the heap's address range, -1 when not known) is given.
   */
  public static ResidentSet resident(long pid, long heapFrom, long heapTo) {
    Map<String, Long> s = status(pid);
    long heap = heapFrom >= 0 && heapTo > heapFrom ? residentIn(pid, heapFrom, heapTo) : -1;
    return new ResidentSet(s.getOrDefault("VmRSS", -1L), s.getOrDefault("RssAnon", -1L),
        s.getOrDefault("RssFile", -1L), s.getOrDefault("RssShmem", -1L), heap, -1);
  }

  /** The resident bytes of {@code pid}'s mappings inside [{@code from}, {@code to}), or -1 when smaps cannot be read. */
  public static long residentIn(long pid, long from, long to) {
    try (BufferedReader r = Files.newBufferedReader(Path.of("/proc", Long.toString(pid), "smaps"),
        StandardCharsets.UTF_8)) {
      return residentIn(r.lines().toList(), from, to);
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }

  /** The resident bytes ("Rss:") of the mappings of a smaps text inside [{@code from}, {@code to}). */
  static long residentIn(List<String> smaps, long from, long to) {
    long sum = 0;
    boolean inside = false;
    for (String line : smaps) {
      Matcher m = MAPPING.matcher(line);
      if (m.find()) {
        long start = Long.parseUnsignedLong(m.group(1), 16);
        long end = Long.parseUnsignedLong(m.group(2), 16);
        inside = start < to && end > from;
      } else if (inside && line.startsWith("Rss:")) {
        sum += kb(line.substring(4));
      }
    }
    return sum;
  }

  private static Map<String, Long> status(long pid) {
    Map<String, Long> out = new HashMap<>();
    try {
      for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
        int colon = line.indexOf(':');
        if (colon > 0 && line.endsWith(" kB")) {
          out.put(line.substring(0, colon), kb(line.substring(colon + 1)));
        }
      }
    } catch (IOException | RuntimeException e) {
      return out;
    }
    return out;
  }

  private static long kb(String value) {
    return Long.parseLong(value.trim().split("\\s+")[0]) << 10;
  }
}
