package io.jtune.runtime.container;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** The groups jtune has made and not yet removed; a shutdown hook removes them when jtune exits. */
final class GroupRegistry {
  private static final Set<ContainerGroup> OPEN = ConcurrentHashMap.newKeySet();

  static {
    try {
      Runtime.getRuntime().addShutdownHook(new Thread(GroupRegistry::closeAll, "jtune-cgroup-remover"));
    } catch (IllegalStateException e) {
      // first used while jtune exits: each group is removed by its owner or on the next start
    }
  }

  private GroupRegistry() {}

  static void add(ContainerGroup group) {
    OPEN.add(group);
  }

  static void remove(ContainerGroup group) {
    OPEN.remove(group);
  }

  private static void closeAll() {
    List<Thread> closers = List.copyOf(OPEN).stream()
        .map(g -> new Thread(g::closeOnExit, "jtune-cgroup-" + g.name())).toList();
    closers.forEach(Thread::start);
    for (Thread t : closers) {
      try {
        t.join(15_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
