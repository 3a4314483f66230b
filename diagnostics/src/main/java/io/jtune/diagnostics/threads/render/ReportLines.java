package io.jtune.diagnostics.threads.render;

import io.jtune.diagnostics.threads.analysis.CpuUse;
import io.jtune.diagnostics.threads.analysis.Deadlock;
import io.jtune.diagnostics.threads.analysis.LockPileUp;
import io.jtune.diagnostics.threads.analysis.Pool;
import io.jtune.diagnostics.threads.analysis.StackGroup;
import io.jtune.diagnostics.threads.analysis.StuckThread;
import io.jtune.diagnostics.threads.analysis.ThreadFinding;
import io.jtune.diagnostics.threads.analysis.ThreadsReport;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * The sections of a threads report as headings, lines and items, the same in text and Markdown;
 * each renderer says how a heading, a line and an item look (and escapes them).
 */
final class ReportLines {
  private static final int MAX_LIST = 10;
  static final String NO_STATES = "this dump has no thread states and no locks (Thread.dump_to_file before JDK 25): "
      + "for lock pile-ups and deadlocks take jstack -l PID or jcmd PID Thread.print -l";

  /** How one output format writes the three kinds of line. */
  interface Style {
    void heading(String text);

    void line(String text);

    void item(String text);

    /**
     * A style that writes each kind of line after its prefix, escaped: a heading after a blank
     * line (and followed by {@code afterHeading}).
     */
    static Style prefixed(PrintWriter out, String heading, String afterHeading, String line, String item,
        UnaryOperator<String> escape) {
      return new Style() {
        @Override
        public void heading(String text) {
          out.println();
          out.print(heading + escape.apply(text) + System.lineSeparator() + afterHeading);
        }

        @Override
        public void line(String text) {
          out.println(line + escape.apply(text));
        }

        @Override
        public void item(String text) {
          out.println(item + escape.apply(text));
        }
      };
    }
  }

  private ReportLines() {}

  static void write(ThreadsReport r, Style out) {
    out.heading("Threads");
    out.line(r.dumps() + (r.dumps() == 1 ? " dump" : " dumps") + " (" + r.format().label() + ") of " + r.jvm());
    out.line(r.total() + " threads: " + r.javaThreads() + " Java platform threads, " + r.virtualThreads()
        + " virtual, " + (r.total() - r.javaThreads() - r.virtualThreads()) + " JVM-internal"
        + (r.mountedVirtual() > 0 ? "; " + r.mountedVirtual() + " virtual mounted on a carrier" : ""));
    out.line(states(r));
    if (!r.statesAndLocks()) {
      out.line(NO_STATES);
    }
    out.heading("Findings");
    if (r.findings().isEmpty()) {
      out.line(r.statesAndLocks() ? "none: no deadlock, no lock with two or more waiters, no exhausted pool, no CPU-hot thread"
          : "none of those the dump can show: no exhausted pool, no CPU-hot thread");
    }
    for (ThreadFinding f : r.findings()) {
      out.line("[" + f.severity().label() + "] " + f.title());
      f.evidence().forEach(out::item);
    }
    if (!r.deadlocks().isEmpty()) {
      out.heading("Deadlocks");
      for (Deadlock d : r.deadlocks()) {
        out.line(String.join(" -> ", d.threads()) + (d.reportedByJvm() ? " (reported by the JVM)" : " (from the locks)"));
        for (Deadlock.Link l : d.links()) {
          out.item(l.thread() + " waits for " + lock(l.className(), l.address()) + " held by " + l.heldBy());
        }
      }
    }
    out.heading("Locks");
    if (r.locks().isEmpty()) {
      out.line(r.statesAndLocks() ? "no thread waits for a lock" : "not in this dump");
    }
    for (LockPileUp l : r.locks()) {
      out.line(l.waiters().size() + " waiting for " + (l.monitor() ? "monitor " : "lock ") + lock(l.className(), l.address())
          + ", " + (l.owner() == null ? "owner not in dump" : "held by " + l.owner() + " (" + l.ownerState() + ")"));
      if (!l.ownerFrames().isEmpty()) {
        out.item("owner at " + l.ownerFrames().get(0));
      }
      out.item("waiters: " + limited(l.waiters()));
    }
    out.heading("Pools");
    if (r.pools().isEmpty()) {
      out.line("no group of threads named alike");
    }
    for (Pool p : r.pools()) {
      out.line(p.name() + ": " + p.threads().size() + " threads, " + p.busy() + " busy, " + p.idle() + " idle");
    }
    if (!r.identicalStacks().isEmpty()) {
      out.heading("Identical stacks");
      for (StackGroup g : r.identicalStacks().subList(0, Math.min(MAX_LIST, r.identicalStacks().size()))) {
        out.line(g.threads().size() + " threads " + (g.state() == null ? "" : g.state() + " ") + "at " + g.frames().get(0));
        out.item(limited(g.threads()));
      }
    }
    if (!r.cpu().isEmpty()) {
      out.heading("CPU per thread (" + r.cpu().get(0).source() + ")");
      for (CpuUse u : r.cpu().subList(0, Math.min(MAX_LIST, r.cpu().size()))) {
        out.line(String.format(Locale.ROOT, "%-40s %9.1f ms in %.1f s  %5.1f %% of a core", u.thread(), u.cpuMs(),
            u.intervalS(), u.pctOfCore()));
      }
    }
    if (!r.stuck().isEmpty()) {
      out.heading("In the same frame in all " + r.dumps() + " dumps");
      for (StuckThread s : r.stuck()) {
        out.line(s.thread() + " (" + s.state() + ") at " + s.frame());
      }
    }
  }

  static String states(ThreadsReport r) {
    if (!r.statesAndLocks()) {
      return "Java threads by state: not in this dump";
    }
    List<String> parts = new ArrayList<>();
    for (Thread.State s : Thread.State.values()) {
      if (r.states().containsKey(s)) {
        parts.add(s + " " + r.count(s));
      }
    }
    return "Java threads by state: " + String.join(", ", parts);
  }

  static String lock(String className, String address) {
    return (className == null ? "" : className + " ") + "<" + address + ">";
  }

  private static String limited(List<String> names) {
    if (names.size() <= MAX_LIST) {
      return String.join(", ", names);
    }
    return String.join(", ", names.subList(0, MAX_LIST)) + " and " + (names.size() - MAX_LIST) + " more";
  }
}
