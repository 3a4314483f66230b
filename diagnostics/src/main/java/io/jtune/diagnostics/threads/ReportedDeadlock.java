package io.jtune.diagnostics.threads;

import java.util.List;

/**
 * One deadlock as the JVM reports it after the threads of a HotSpot dump ("Found one Java-level
 * deadlock:"): each thread of the cycle, the lock it waits for and who holds that.
 *
 * @param edges the cycle in the order printed
 */
public record ReportedDeadlock(List<Edge> edges) {

  public ReportedDeadlock {
    edges = List.copyOf(edges);
  }

  /**
   * @param thread the waiting thread
   * @param address the object waited for, e.g. {@code 0x00000000ff40a958}
   * @param className its class, or null
   * @param monitor true for "waiting to lock monitor", false for "waiting for ownable synchronizer"
   * @param heldBy the thread holding it
   */
  public record Edge(String thread, String address, String className, boolean monitor, String heldBy) {}

  /** The names of the threads in the cycle. */
  public List<String> threads() {
    return edges.stream().map(Edge::thread).toList();
  }
}
