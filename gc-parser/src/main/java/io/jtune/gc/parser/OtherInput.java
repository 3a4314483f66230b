package io.jtune.gc.parser;

import io.jtune.common.input.DiagnosticFile;
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
    if (DiagnosticFile.jfrRecording(head)) {
      return "a JFR recording, not a GC log: read it with 'jtune jfr " + name + "'";
    }
    if (binary) {
      return "binary data, not a GC log";
    }
    String text = new String(head, StandardCharsets.ISO_8859_1);
    if (DiagnosticFile.threadDump(text)) {
      return "a thread dump, not a GC log: read it with 'jtune threads " + name + "'";
    }
    if (DiagnosticFile.jstat(text)) {
      return "jstat output, not a GC log: give it to 'jtune suggest --jstat " + name + " GCLOG' with the GC log";
    }
    return "not a GC log: no GC log lines in the first " + sniffedLines + " lines (starts with: " + firstLine + ")";
  }
}
