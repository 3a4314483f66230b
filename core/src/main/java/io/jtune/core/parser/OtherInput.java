package io.jtune.core.parser;

import io.jtune.core.threads.ThreadDumps;
import java.nio.charset.StandardCharsets;

/**
 * What an input that is no GC log is, when it is one of the other things a JVM engineer
 * collects: a JFR recording, a thread dump or jstat output; the message names the jtune
 * command that reads it.
 */
final class OtherInput {
  private OtherInput() {}

  /** The one-line problem for a source that no GC log parser takes, {@code binary} when the sniffer says so. */
  static String message(byte[] head, String name, boolean binary, int sniffedLines, String firstLine) {
    if (head.length >= 4 && head[0] == 'F' && head[1] == 'L' && head[2] == 'R' && head[3] == 0) {
      return "a JFR recording, not a GC log: read it with 'jtune jfr " + name + "'";
    }
    if (binary) {
      return "binary data, not a GC log";
    }
    String text = new String(head, StandardCharsets.ISO_8859_1);
    if (ThreadDumps.looksLikeDump(text)) {
      return "a thread dump, not a GC log: read it with 'jtune threads " + name + "'";
    }
    if (jstat(text)) {
      return "jstat output, not a GC log: give it to 'jtune suggest --jstat " + name + " GCLOG' with the GC log";
    }
    return "not a GC log: no GC log lines in the first " + sniffedLines + " lines (starts with: " + firstLine + ")";
  }

  /** A header of jstat -gc (or -gcutil): the occupancy and collection count columns. */
  private static boolean jstat(String text) {
    for (String line : text.lines().limit(5).toList()) {
      String t = " " + line.trim().replaceAll("\\s+", " ") + " ";
      if (t.contains(" YGC ") && t.contains(" FGC ") && (t.contains(" EC ") || t.contains(" E "))) {
        return true;
      }
    }
    return false;
  }
}
