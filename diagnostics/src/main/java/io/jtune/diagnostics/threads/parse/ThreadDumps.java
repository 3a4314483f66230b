package io.jtune.diagnostics.threads.parse;

import io.jtune.diagnostics.threads.ThreadDump;
import io.jtune.common.input.DiagnosticFile;

import java.util.List;

/**
 * Reads thread dumps out of text, whatever tool made them: HotSpot's "Full thread dump" of
 * {@code jstack [-l] [-e]}, {@code jcmd PID Thread.print [-l]} or {@code kill -QUIT} (several per
 * file, among the application's own lines), and {@code jcmd PID Thread.dump_to_file} in text or
 * JSON. Never throws on odd text input: lines it does not know are passed over and a dump cut short
 * is returned as incomplete.
 */
public final class ThreadDumps {
  private ThreadDumps() {}

  /** Every thread dump in {@code lines}, in order; none when the lines hold no dump. */
  public static List<ThreadDump> extract(List<String> lines) {
    if (DumpToFileTextParser.looksLike(lines)) {
      return List.of(DumpToFileTextParser.parse(lines));
    }
    return HotSpotDumpParser.extract(lines);
  }

  /** Every thread dump in a file's text (a JSON {@code Thread.dump_to_file} included). */
  public static List<ThreadDump> read(String text) {
    if (DumpToFileJsonParser.looksLike(text.substring(0, Math.min(text.length(), 4096)))) {
      return List.of(DumpToFileJsonParser.parse(text));
    }
    return extract(text.lines().toList());
  }

  /** True when the start of a file (a few KB) looks like a thread dump of a format jtune reads. */
  public static boolean looksLikeDump(String head) {
    return DiagnosticFile.threadDump(head);
  }
}
