package io.jtune.diagnostics.threads.parse;

import io.jtune.common.input.DiagnosticFile;

import io.jtune.diagnostics.threads.DumpFormat;
import io.jtune.diagnostics.threads.ThreadDump;
import io.jtune.diagnostics.threads.ThreadInfo;
import io.jtune.diagnostics.threads.ThreadLock;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the plain-text output of {@code jcmd PID Thread.dump_to_file FILE} (JDK 21+), which
 * lists platform and virtual threads alike:
 *
 * <pre>
 *   11770                                        process id
 *   2026-11-24T19:21:56.503132677Z               time
 *   25.0.3+9-LTS                                 runtime version
 *
 *   #25 "http-nio-8080-exec-2" BLOCKED 2026-11-24T19:21:56.537067757Z     (state and time: JDK 25)
 *       at DumpScenarios$SharedParser.parse(DumpScenarios.java:31)         ("at " since JDK 25)
 *       - waiting to lock &lt;DumpScenarios$SharedParser@35f05e81&gt;
 *   #42 "vt-sleeper-1" virtual TIMED_WAITING 2026-...
 * </pre>
 *
 * Locks are named by class and identity hash; the hash stands for the address.
 */
public final class DumpToFileTextParser {
  private DumpToFileTextParser() {}

  /** True when the first lines are a process id, an ISO time and a thread line follows. */
  public static boolean looksLike(List<String> lines) {
    return DiagnosticFile.threadDumpToFileText(lines);
  }

  /** The one dump in the lines. */
  public static ThreadDump parse(List<String> lines) {
    List<ThreadInfo> threads = new ArrayList<>();
    String version = null;
    int headerLines = 0;
    String name = null;
    long number = -1;
    boolean virtual = false;
    Thread.State state = null;
    List<String> frames = new ArrayList<>();
    List<ThreadLock> locks = new ArrayList<>();
    for (String line : lines) {
      if (headerLines < 3 && name == null) {
        if (!line.isBlank() && ++headerLines == 3) {
          version = line.strip();
        }
        continue;
      }
      if (line.startsWith("#")) {
        if (name != null) {
          threads.add(new ThreadInfo(name, number, false, state, null, null, frames, locks, -1, virtual, null));
        }
        int open = line.indexOf(" \"");
        int close = line.lastIndexOf('"');
        if (open < 0 || close <= open + 1) {
          name = null;
          continue;
        }
        name = line.substring(open + 2, close);
        number = HotSpotDumpParser.parseLong(line, 1, open);
        virtual = false;
        state = null;
        for (String word : line.substring(close + 1).strip().split(" ")) {
          if (word.equals("virtual")) {
            virtual = true;
          } else if (state == null) {
            state = StateNames.of(word);
          }
        }
        frames = new ArrayList<>();
        locks = new ArrayList<>();
      } else if (name != null && (line.startsWith(" ") || line.startsWith("\t"))) {
        String text = line.strip();
        if (text.startsWith("- ")) {
          ThreadLock.Kind kind = LockLines.kind(text, 2);
          int lt = text.indexOf('<');
          int gt = text.lastIndexOf('>');
          if (kind != null && lt > 0 && gt > lt) {
            locks.add(LockLines.identity(kind, text.substring(lt + 1, gt), frames.size() - 1));
          }
        } else if (!text.isEmpty()) {
          frames.add(text.startsWith("at ") ? text.substring(3) : text);
        }
      }
    }
    if (name != null) {
      threads.add(new ThreadInfo(name, number, false, state, null, null, frames, locks, -1, virtual, null));
    }
    String jvm = version == null ? "Thread.dump_to_file" : "runtime " + version;
    return new ThreadDump(null, jvm, threads, true, 1, DumpFormat.DUMP_TO_FILE_TEXT, List.of());
  }
}
