package io.jtune.diagnostics.threads.analysis;

import java.util.List;

/**
 * Threads each waiting for a lock the next one holds.
 *
 * @param reportedByJvm true when the JVM reported it ("Found one Java-level deadlock"); false when
 *     only the wait-for graph of the threads' locks shows it
 * @param links the cycle: each thread, the lock it waits for, and that lock's holder
 */
public record Deadlock(boolean reportedByJvm, List<Link> links) {
  public Deadlock {
    links = List.copyOf(links);
  }

  /** @param monitor true for a monitor, false for a java.util.concurrent lock */
  public record Link(String thread, String className, String address, boolean monitor, String heldBy) {}

  /** The threads of the cycle. */
  public List<String> threads() {
    return links.stream().map(Link::thread).toList();
  }
}
