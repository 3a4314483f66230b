package io.jtune.diagnostics.threads.analysis;

import io.jtune.diagnostics.threads.ReportedDeadlock;
import io.jtune.diagnostics.threads.ThreadDump;
import io.jtune.diagnostics.threads.ThreadInfo;
import io.jtune.diagnostics.threads.ThreadLock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The deadlocks of a dump: those the JVM reports, and the cycles of the wait-for graph (a thread
 * points to the holder of the monitor or ownable synchronizer it waits for), each cycle once.
 */
public final class Deadlocks {
  private Deadlocks() {}

  public static List<Deadlock> of(ThreadDump dump) {
    List<Deadlock> found = new ArrayList<>();
    Set<Set<String>> seen = new HashSet<>();
    for (ReportedDeadlock r : dump.reportedDeadlocks()) {
      List<Deadlock.Link> links = r.edges().stream()
          .map(e -> new Deadlock.Link(e.thread(), e.className(), e.address(), e.monitor(), e.heldBy())).toList();
      found.add(new Deadlock(true, links));
      seen.add(Set.copyOf(r.threads()));
    }
    Map<String, Deadlock.Link> waitsFor = waitForGraph(dump.threads());
    Set<String> visited = new HashSet<>();
    for (String start : waitsFor.keySet()) {
      List<String> path = new ArrayList<>();
      String at = start;
      while (at != null && !visited.contains(at) && !path.contains(at)) {
        path.add(at);
        Deadlock.Link link = waitsFor.get(at);
        at = link == null ? null : link.heldBy();
      }
      if (at != null && path.contains(at)) {
        List<Deadlock.Link> cycle = new ArrayList<>();
        for (String t : path.subList(path.indexOf(at), path.size())) {
          cycle.add(waitsFor.get(t));
        }
        if (seen.add(Set.copyOf(cycle.stream().map(Deadlock.Link::thread).toList()))) {
          found.add(new Deadlock(false, cycle));
        }
      }
      visited.addAll(path);
    }
    return found;
  }

  /** Each waiting thread's link to the holder of what it waits for, where the dump names the holder. */
  private static Map<String, Deadlock.Link> waitForGraph(List<ThreadInfo> threads) {
    Map<String, ThreadInfo> holders = new HashMap<>();
    for (ThreadInfo t : threads) {
      for (ThreadLock lock : t.locks()) {
        boolean holding = lock.kind() == ThreadLock.Kind.LOCKED || lock.kind() == ThreadLock.Kind.OWNS;
        if (holding && t.holds(lock.address())) {
          holders.putIfAbsent(lock.address(), t);
        }
      }
    }
    Map<String, Deadlock.Link> graph = new LinkedHashMap<>();
    for (ThreadInfo t : threads) {
      ThreadLock awaited = t.awaitedLock();
      ThreadInfo holder = awaited == null ? null : holders.get(awaited.address());
      if (holder != null && holder != t) {
        graph.put(t.name(), new Deadlock.Link(t.name(), awaited.className(), awaited.address(),
            awaited.kind() != ThreadLock.Kind.PARKED_ON, holder.name()));
      }
    }
    return graph;
  }
}
