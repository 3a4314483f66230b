package io.jtune.diagnostics.threads.parse;

import io.jtune.diagnostics.threads.DumpFormat;
import io.jtune.diagnostics.threads.ReportedDeadlock;
import io.jtune.diagnostics.threads.ThreadDump;
import io.jtune.diagnostics.threads.ThreadInfo;
import io.jtune.diagnostics.threads.ThreadLock;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads HotSpot thread dumps out of text: the output of {@code jstack PID} or
 * {@code jcmd PID Thread.print [-l]}, or a JVM's stdout into which {@code kill -QUIT} printed
 * dumps among the application's own lines. JDK 6 to 25. Never throws on odd input: lines it
 * does not know are passed over and a dump cut short is returned as incomplete.
 */
public final class HotSpotDumpParser {

  /*
   * The layout, as HotSpot prints it (Threads::print_on, JavaThread::print_on):
   *
   *   2025-01-31 10:00:00                                     timestamp, optional
   *   Full thread dump OpenJDK 64-Bit Server VM (17.0.2+8 mixed mode):   ends with "):"
   *                    JDK version: OpenJDK Runtime Environment (21.0.13+9) (build ..)
   *       (the header of some JDK 21 builds, e.g. Debian's 21.0.13: no colon after the VM's
   *       parenthesis, an indented "JDK version:" line instead)
   *   Threads class SMR info: ... }                           JDK 10+, passed over
   *   "name" #12 [4711] daemon prio=5 os_prio=0 cpu=1.2ms elapsed=3.4s tid=0x.. nid=.. status [0x..]
   *      java.lang.Thread.State: BLOCKED (on object monitor)
   *   \tat pkg.Cls.method(Cls.java:57)
   *   \t- waiting to lock <0x..> (a java.lang.Object)
   *      Locked ownable synchronizers:                        with -l
   *   \t- <0x..> (a java.util.concurrent.locks.ReentrantLock$NonfairSync)
   *   "VM Thread" os_prio=0 cpu=.. elapsed=.. tid=0x.. nid=.. runnable     no state line
   *   JNI global refs: 25, weak refs: 0                       JDK 8: "JNI global references: 25"
   *
   * "#12" appeared in JDK 8, cpu= and elapsed= in 11, the OS thread id "[4711]" in 19; every
   * header since JDK 6 has " tid=", so a line that starts with a quote and contains " tid=" is
   * a thread, and its name ends at the last quote before the last " tid=" (names may contain
   * quotes). Indented lines belong to the thread above. An unindented line that is none of
   * these is the application's output: it ends the current thread, so that an exception the
   * application prints is never taken for a thread's frames. What follows the JNI line (the
   * heap summary of a SIGQUIT) is passed over, except the JVM's deadlock report:
   *
   *   Found one Java-level deadlock:
   *   "t1":
   *     waiting to lock monitor 0x.. (object 0x.., a java.lang.Object),
   *     waiting for ownable synchronizer 0x.., (a java.util.concurrent.locks.ReentrantLock$NonfairSync),
   *     which is held by "t2"
   *   Java stack information for the threads listed above:   the stacks again, passed over
   *   Found 2 deadlocks.
   *
   * One pass, prefix tests only, no regular expressions: a dump of thousands of threads reads
   * in milliseconds.
   */

  private static final String DUMP_START = "Full thread dump ";
  private static final String JNI_LINE = "JNI global ";
  private static final String STATE = "java.lang.Thread.State: ";
  private static final String SYNCHRONIZERS = "Locked ownable synchronizers:";
  private static final String CARRYING = "Carrying virtual thread #";
  private static final String MOUNTED = "Mounted virtual thread #";
  private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
  private static final Thread.State[] STATES = Thread.State.values();

  private HotSpotDumpParser() {}

  /** Every thread dump in {@code lines}, in order. */
  public static List<ThreadDump> extract(List<String> lines) {
    List<ThreadDump> dumps = new ArrayList<>();
    DumpReader dump = null;
    DeadlockReport trailer = null;
    String previous = null;
    long number = 0;
    for (String line : lines) {
      number++;
      int start = line.indexOf(DUMP_START);
      if (start >= 0 && isHeader(line)) {
        finish(dumps, dump, trailer);
        trailer = null;
        dump = new DumpReader(timestamp(previous), jvm(line, start + DUMP_START.length()), number);
      } else if (trailer != null) {
        if (trailer.read(line)) {
          finish(dumps, dump, trailer);
          dump = null;
          trailer = null;
        }
      } else if (dump != null) {
        if (line.startsWith(JNI_LINE)) {
          dump.complete = true;
          trailer = new DeadlockReport();
        } else {
          dump.read(line);
        }
      }
      previous = line;
    }
    finish(dumps, dump, trailer);
    return dumps;
  }

  private static void finish(List<ThreadDump> dumps, DumpReader dump, DeadlockReport trailer) {
    if (dump != null) {
      dumps.add(dump.finish(trailer == null ? List.of() : trailer.deadlocks()));
    }
  }

  /** A "Full thread dump" line ending with the VM's parenthesis, with or without a colon. */
  private static boolean isHeader(String line) {
    String end = line.stripTrailing();
    return end.endsWith("):") || end.endsWith(")");
  }

  /** The JVM name between "Full thread dump " and the final colon, if any. */
  private static String jvm(String line, int from) {
    String jvm = line.substring(from).strip();
    return jvm.endsWith(":") ? jvm.substring(0, jvm.length() - 1) : jvm;
  }

  private static LocalDateTime timestamp(String line) {
    if (line == null || line.length() != 19 || line.charAt(4) != '-' || line.charAt(10) != ' ') {
      return null;
    }
    try {
      return LocalDateTime.parse(line, TIMESTAMP);
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  /** The threads of one dump, read line by line. */
  private static final class DumpReader {
    private final LocalDateTime timestamp;
    private final String jvm;
    private final long line;
    private final List<ThreadReader> threads = new ArrayList<>();
    private ThreadReader current;
    private boolean complete;

    DumpReader(LocalDateTime timestamp, String jvm, long line) {
      this.timestamp = timestamp;
      this.jvm = jvm;
      this.line = line;
    }

    void read(String text) {
      if (text.isEmpty()) {
        return;
      }
      char first = text.charAt(0);
      if (first == ' ' || first == '\t') {
        if (current != null) {
          current.read(text);
        }
        return;
      }
      current = null;
      if (first == '"') {
        int tid = text.lastIndexOf(" tid=");
        int close = tid < 0 ? -1 : text.lastIndexOf('"', tid);
        if (close > 0) {
          current = new ThreadReader(text, close, tid);
          threads.add(current);
        }
      }
    }

    ThreadDump finish(List<ReportedDeadlock> deadlocks) {
      List<ThreadInfo> infos = new ArrayList<>(threads.size());
      boolean synchronizers = false;
      for (ThreadReader t : threads) {
        infos.add(t.info());
        synchronizers |= t.synchronizers;
      }
      DumpFormat format = synchronizers ? DumpFormat.HOTSPOT_WITH_SYNCHRONIZERS : DumpFormat.HOTSPOT;
      return new ThreadDump(timestamp, jvm, infos, complete, line, format, deadlocks);
    }
  }

  /** One thread: its header, then its indented lines. */
  private static final class ThreadReader {
    private final String name;
    private long number = -1;
    private boolean daemon;
    private Double cpuMs;
    private Double elapsedS;
    private Thread.State state;
    private final List<String> frames = new ArrayList<>();
    private final List<ThreadLock> locks = new ArrayList<>();
    private boolean synchronizers;
    private long nid = -1;
    private String carrying;
    private boolean mounted;

    /** Reads the header: the name up to {@code close}, then the attributes up to {@code tid}. */
    ThreadReader(String header, int close, int tid) {
      name = header.substring(1, close);
      int i = close + 1;
      while (i < tid) {
        int end = header.indexOf(' ', i);
        if (end < 0 || end > tid) {
          end = tid;
        }
        attribute(header, i, end);
        i = end + 1;
      }
      int n = header.indexOf(" nid=", tid);
      if (n > 0) {
        int end = header.indexOf(' ', n + 5);
        nid = nativeId(header, n + 5, end < 0 ? header.length() : end);
      }
    }

    /** {@code nid=0x1b82} (JDK 18 and older) or {@code nid=11773} (JDK 19+). */
    private static long nativeId(String h, int from, int to) {
      if (h.startsWith("0x", from)) {
        try {
          return Long.parseLong(h, from + 2, to, 16);
        } catch (NumberFormatException e) {
          return -1;
        }
      }
      return parseLong(h, from, to);
    }

    private void attribute(String h, int from, int to) {
      if (to - from < 2) {
        return;
      }
      if (h.charAt(from) == '#') {
        number = parseLong(h, from + 1, to);
      } else if (h.startsWith("daemon", from) && to - from == 6) {
        daemon = true;
      } else if (h.startsWith("cpu=", from) && h.startsWith("ms", to - 2)) {
        cpuMs = parseDouble(h, from + 4, to - 2);
      } else if (h.startsWith("elapsed=", from) && h.charAt(to - 1) == 's') {
        elapsedS = parseDouble(h, from + 8, to - 1);
      }
    }

    void read(String text) {
      int p = 0;
      while (p < text.length() && (text.charAt(p) == ' ' || text.charAt(p) == '\t')) {
        p++;
      }
      if (mounted) {
        return; // the stack of the virtual thread it carries, not the carrier's own
      }
      if (text.startsWith("at ", p)) {
        frames.add(text.substring(p + 3));
      } else if (text.startsWith("- ", p)) {
        lock(text, p + 2);
      } else if (text.startsWith(STATE, p)) {
        state = state(text, p + STATE.length());
      } else if (text.startsWith(SYNCHRONIZERS, p)) {
        synchronizers = true;
      } else if (text.startsWith(CARRYING, p)) {
        carrying = "#" + text.substring(p + CARRYING.length()).strip();
      } else if (text.startsWith(MOUNTED, p)) {
        mounted = true;
      }
    }

    private void lock(String text, int p) {
      ThreadLock.Kind kind = synchronizers ? ThreadLock.Kind.OWNS : LockLines.kind(text, p);
      if (kind == null) {
        return; // "- eliminated <owner is scalar replaced>", "- None", ...
      }
      int open = text.indexOf("<0x", p);
      int close = open < 0 ? -1 : text.indexOf('>', open);
      if (close < 0) {
        return; // "<no object reference available>", or cut short
      }
      String className = null;
      int a = text.indexOf("(a ", close);
      int end = text.lastIndexOf(')');
      if (a >= 0 && end > a) {
        className = text.substring(a + 3, end);
      }
      int frame = kind == ThreadLock.Kind.OWNS ? -1 : frames.size() - 1;
      locks.add(new ThreadLock(kind, text.substring(open + 1, close), className, frame));
    }

    private static Thread.State state(String text, int from) {
      int end = text.indexOf(' ', from);
      if (end < 0) {
        end = text.length();
      }
      for (Thread.State s : STATES) {
        if (s.name().length() == end - from && text.startsWith(s.name(), from)) {
          return s;
        }
      }
      return null;
    }

    ThreadInfo info() {
      // JDK 21+ prints no state line for a carrier: it is running the virtual thread it carries
      Thread.State s = state == null && carrying != null ? Thread.State.RUNNABLE : state;
      return new ThreadInfo(name, number, daemon, s, cpuMs, elapsedS, frames, locks, nid, false, carrying);
    }
  }

  static long parseLong(String s, int from, int to) {
    long n = 0;
    for (int i = from; i < to; i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9' || n > Long.MAX_VALUE / 10 - 1) {
        return -1;
      }
      n = n * 10 + (c - '0');
    }
    return from < to ? n : -1;
  }

  private static Double parseDouble(String s, int from, int to) {
    try {
      return Double.valueOf(s.substring(from, to));
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
