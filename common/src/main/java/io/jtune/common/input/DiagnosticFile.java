package io.jtune.common.input;

import java.util.List;

/**
 * The signatures of the files a JVM engineer collects besides GC logs, read from a file's first
 * bytes: so the GC log reader can name what it was given instead ("a thread dump, not a GC log")
 * and the thread dump reader can tell its three forms apart.
 */
public final class DiagnosticFile {
  private DiagnosticFile() {}

  /** A JFR recording: the magic bytes "FLR\0". */
  public static boolean jfrRecording(byte[] head) {
    return head.length >= 4 && head[0] == 'F' && head[1] == 'L' && head[2] == 'R' && head[3] == 0;
  }

  /** A thread dump in any of the JVM's forms: jstack / Thread.print, or jcmd Thread.dump_to_file as JSON or text. */
  public static boolean threadDump(String head) {
    return head.contains("Full thread dump ") || threadDumpJson(head) || threadDumpToFileText(head.lines().limit(200).toList());
  }

  /** {@code jcmd PID Thread.dump_to_file -format=json}: an object with "threadDump". */
  public static boolean threadDumpJson(String head) {
    String s = head.stripLeading();
    return s.startsWith("{") && s.contains("\"threadDump\"");
  }

  /** {@code jcmd PID Thread.dump_to_file} as text: the pid, an ISO time, then "#id "name"" thread lines. */
  public static boolean threadDumpToFileText(List<String> lines) {
    int i = 0;
    while (i < lines.size() && lines.get(i).isBlank()) {
      i++;
    }
    if (i + 2 >= lines.size() || !lines.get(i).strip().matches("\\d+") || !lines.get(i + 1).matches("\\d{4}-\\d\\d-\\d\\dT.*")) {
      return false;
    }
    return lines.stream().limit(200).anyMatch(l -> l.startsWith("#") && l.contains(" \""));
  }

  /** A header of jstat -gc (or -gcutil): the occupancy and collection count columns. */
  public static boolean jstat(String text) {
    for (String line : text.lines().limit(5).toList()) {
      String t = " " + line.trim().replaceAll("\\s+", " ") + " ";
      if (t.contains(" YGC ") && t.contains(" FGC ") && (t.contains(" EC ") || t.contains(" E "))) {
        return true;
      }
    }
    return false;
  }
}
