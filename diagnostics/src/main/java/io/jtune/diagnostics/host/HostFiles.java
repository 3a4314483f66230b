package io.jtune.diagnostics.host;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The kernel's files under a root ("/" on the machine itself; a captured copy of /proc and /sys
 * in tests): a missing or unreadable file reads as null, never as an error, since what a kernel
 * or a container exposes differs from host to host.
 */
final class HostFiles {
  private final Path root;

  HostFiles(Path root) {
    this.root = root;
  }

  Path root() {
    return root;
  }

  /** The file's text, trimmed; null when missing or unreadable. */
  String text(String relative) {
    Path p = root.resolve(relative);
    try {
      if (!Files.isRegularFile(p)) {
        return null;
      }
      // a stream, not Files.readString: /proc and /sys files report size 0, and reading a sysctl
      // file in one sized read gives only its first byte ("6" for vm.swappiness 60)
      try (InputStream in = Files.newInputStream(p)) {
        return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1).trim();
      }
    } catch (IOException | SecurityException e) {
      return null;
    }
  }

  /** The file's lines; empty when missing. */
  List<String> lines(String relative) {
    String t = text(relative);
    return t == null ? List.of() : t.lines().toList();
  }

  /** The file's first number; null when missing or not a number. */
  Long number(String relative) {
    String t = text(relative);
    if (t == null || t.isEmpty()) {
      return null;
    }
    String first = t.split("\\s+")[0];
    try {
      return Long.parseLong(first);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /**
   * "key value" lines (/proc/vmstat, cpu.stat, memory.events) or "Key: value kB" lines
   * (/proc/meminfo, /proc/PID/status; kB are turned into bytes) as a map; empty when missing.
   */
  Map<String, Long> keyValues(String relative) {
    Map<String, Long> out = new LinkedHashMap<>();
    for (String line : lines(relative)) {
      String[] f = line.trim().split("[:\\s]+");
      if (f.length < 2) {
        continue;
      }
      try {
        long v = Long.parseLong(f[1]);
        out.put(f[0], f.length > 2 && f[2].equalsIgnoreCase("kB") ? v * 1024 : v);
      } catch (NumberFormatException e) {
        // not a number: a line this reader does not use
      }
    }
    return out;
  }

  boolean exists(String relative) {
    return Files.exists(root.resolve(relative));
  }

  /** The names in a directory; empty when missing. */
  List<String> list(String relative) {
    try (var s = Files.list(root.resolve(relative))) {
      return s.map(p -> p.getFileName().toString()).sorted().toList();
    } catch (IOException | SecurityException e) {
      return List.of();
    }
  }

  /** The option in brackets of a kernel choice file ("always [madvise] never" -> "madvise"). */
  static String chosen(String text) {
    if (text == null) {
      return null;
    }
    int open = text.indexOf('[');
    int close = text.indexOf(']', open + 1);
    return open >= 0 && close > open ? text.substring(open + 1, close) : text.trim();
  }
}
