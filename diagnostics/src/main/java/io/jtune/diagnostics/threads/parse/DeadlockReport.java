package io.jtune.diagnostics.threads.parse;

import io.jtune.diagnostics.threads.ReportedDeadlock;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the lines after a HotSpot dump's "JNI global" line for the JVM's own deadlock report:
 * each "Found one Java-level deadlock:" section up to "Found N deadlock(s).".
 */
final class DeadlockReport {
  private static final String FOUND_ONE = "Found one Java-level deadlock:";
  private static final String STACKS = "Java stack information for the threads listed above:";
  private static final String MONITOR = "waiting to lock monitor ";
  private static final String SYNCHRONIZER = "waiting for ownable synchronizer ";
  private static final String HELD_BY = "which is held by \"";

  private final List<ReportedDeadlock> deadlocks = new ArrayList<>();
  private List<ReportedDeadlock.Edge> edges;
  private boolean inCycle;
  private String thread;
  private String address;
  private String className;
  private boolean monitor;

  /** Reads one line; true when the report has ended ("Found N deadlocks."). */
  boolean read(String line) {
    if (line.startsWith(FOUND_ONE)) {
      close();
      edges = new ArrayList<>();
      inCycle = true;
      return false;
    }
    if (line.startsWith("Found ") && line.contains(" deadlock")) {
      close();
      return true;
    }
    if (!inCycle) {
      return false;
    }
    if (line.startsWith(STACKS)) {
      close();
      return false;
    }
    String text = line.strip();
    if (line.startsWith("\"") && text.endsWith("\":")) {
      thread = text.substring(1, text.length() - 2);
      address = null;
    } else if (text.startsWith(MONITOR)) {
      monitor = true;
      waitingFor(text, text.indexOf("(object ") + 8);
    } else if (text.startsWith(SYNCHRONIZER)) {
      monitor = false;
      waitingFor(text, SYNCHRONIZER.length());
    } else if (text.startsWith(HELD_BY) && thread != null && address != null) {
      int end = text.lastIndexOf('"');
      if (end > HELD_BY.length()) {
        edges.add(new ReportedDeadlock.Edge(thread, address, className, monitor, text.substring(HELD_BY.length(), end)));
      }
      thread = null;
    }
    return false;
  }

  /** "0x.. (object 0x.., a cls)," or "0x.., (a cls),": the object's address from {@code from}, and its class. */
  private void waitingFor(String text, int from) {
    if (from < 8 || from >= text.length()) {
      address = null;
      return;
    }
    int end = from;
    while (end < text.length() && text.charAt(end) != ',' && text.charAt(end) != ' ') {
      end++;
    }
    address = text.substring(from, end);
    int a = text.indexOf(", a ", end);
    if (a < 0) {
      a = text.indexOf("(a ", end);
    }
    int close = text.lastIndexOf(')');
    className = a >= 0 && close > a ? text.substring(text.indexOf("a ", a) + 2, close) : null;
  }

  private void close() {
    if (inCycle && edges != null && !edges.isEmpty()) {
      deadlocks.add(new ReportedDeadlock(edges));
    }
    inCycle = false;
    edges = null;
    thread = null;
  }

  List<ReportedDeadlock> deadlocks() {
    close();
    return deadlocks;
  }
}
