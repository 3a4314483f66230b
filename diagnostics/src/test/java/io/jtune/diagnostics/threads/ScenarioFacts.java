package io.jtune.diagnostics.threads;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.diagnostics.threads.analysis.Deadlock;
import io.jtune.diagnostics.threads.analysis.LockPileUp;
import io.jtune.diagnostics.threads.analysis.Pool;
import io.jtune.diagnostics.threads.analysis.ThreadFinding;
import io.jtune.diagnostics.threads.analysis.ThreadsReport;
import java.util.List;
import java.util.Set;

/** The known facts of a DumpScenarios.java dump, asserted on a report of it. */
final class ScenarioFacts {
  static final List<String> BLOCKED_WORKERS = List.of("http-nio-8080-exec-2", "http-nio-8080-exec-3",
      "http-nio-8080-exec-4", "http-nio-8080-exec-5");
  static final List<String> PARKED = List.of("rl-waiter-1", "rl-waiter-2", "rl-waiter-3");

  private ScenarioFacts() {}

  /**
   * @param rlOwnerListed whether the dump lists owners of java.util.concurrent locks (-l)
   * @param jvmReport whether the dump carries the JVM's deadlock report (HotSpot layouts)
   * @param virtual how many virtual threads the dump lists
   */
  /**
   * The facts a Thread.dump_to_file of JDK 21-24 can show (names and stacks only): the counts,
   * the pools with busy and idle workers from their frames, the blocked workers' identical
   * stack; no states, locks or deadlocks, and no finding that needs them.
   */
  static void checkWithoutStatesAndLocks(ThreadsReport r) {
    assertThat(r.statesAndLocks()).isFalse();
    assertThat(r.virtualThreads()).isEqualTo(4);
    assertThat(r.javaThreads()).isEqualTo(r.total() - 4).isGreaterThanOrEqualTo(25);
    assertThat(r.states().values()).containsOnly(0);
    assertThat(r.locks()).isEmpty();
    assertThat(r.deadlocks()).isEmpty();
    assertThat(r.pools()).extracting(Pool::name, p -> p.threads().size(), Pool::busy, Pool::idle)
        .contains(org.assertj.core.groups.Tuple.tuple("http-nio-8080-exec", 5, 5, 0),
            org.assertj.core.groups.Tuple.tuple("pool-1-thread", 3, 0, 3));
    assertThat(r.identicalStacks()).anySatisfy(g -> {
      assertThat(g.state()).isNull();
      assertThat(g.threads()).containsExactlyInAnyOrderElementsOf(BLOCKED_WORKERS);
      assertThat(g.frames().get(0)).startsWith("DumpScenarios$SharedParser.parse(");
    });
    assertThat(r.findings()).extracting(ThreadFinding::id).containsOnly("exhausted-pool");
    assertThat(r.findings()).anyMatch(f -> f.title().startsWith("pool http-nio-8080-exec: all 5 threads busy"));
  }

  static void check(ThreadsReport r, boolean rlOwnerListed, boolean jvmReport, int virtual) {
    assertThat(r.virtualThreads()).isEqualTo(virtual);
    assertThat(r.count(Thread.State.BLOCKED)).as("4 workers and the 2 threads of the monitor deadlock").isEqualTo(6);
    assertThat(r.states().values().stream().mapToInt(Integer::intValue).sum()).isEqualTo(r.javaThreads());

    LockPileUp monitor = r.locks().get(0);
    assertThat(monitor.className()).isEqualTo("DumpScenarios$SharedParser");
    assertThat(monitor.monitor()).isTrue();
    assertThat(monitor.owner()).isEqualTo("http-nio-8080-exec-1");
    assertThat(monitor.ownerState()).isEqualTo(Thread.State.TIMED_WAITING);
    assertThat(monitor.ownerFrames()).anyMatch(f -> f.startsWith("DumpScenarios$SharedParser.parse("));
    assertThat(monitor.waiters()).containsExactlyInAnyOrderElementsOf(BLOCKED_WORKERS);

    LockPileUp reentrant = r.locks().get(1);
    assertThat(reentrant.className()).isEqualTo("java.util.concurrent.locks.ReentrantLock$NonfairSync");
    assertThat(reentrant.monitor()).isFalse();
    assertThat(reentrant.waiters()).containsExactlyInAnyOrderElementsOf(PARKED);
    assertThat(reentrant.owner()).isEqualTo(rlOwnerListed ? "rl-holder" : null);
    assertThat(r.locks()).extracting(l -> l.waiters().size()).isSortedAccordingTo((a, b) -> b - a);

    List<Set<String>> deadlocks = r.deadlocks().stream().map(d -> Set.copyOf(d.threads())).toList();
    if (jvmReport || rlOwnerListed) {
      assertThat(deadlocks).containsExactlyInAnyOrder(Set.of("deadlock-mon-a", "deadlock-mon-b"),
          Set.of("deadlock-rl-a", "deadlock-rl-b"));
    } else {
      assertThat(deadlocks).as("without owners of j.u.c locks only the monitor cycle shows")
          .containsExactly(Set.of("deadlock-mon-a", "deadlock-mon-b"));
    }
    assertThat(r.deadlocks()).allMatch(d -> d.reportedByJvm() == jvmReport);
    for (Deadlock d : r.deadlocks()) {
      for (Deadlock.Link l : d.links()) {
        assertThat(d.threads()).contains(l.heldBy()).doesNotHaveDuplicates();
        assertThat(l.monitor()).isEqualTo(l.thread().startsWith("deadlock-mon"));
      }
    }

    assertThat(r.pools()).extracting(Pool::name, p -> p.threads().size(), Pool::busy, Pool::idle)
        .contains(org.assertj.core.groups.Tuple.tuple("http-nio-8080-exec", 5, 5, 0),
            org.assertj.core.groups.Tuple.tuple("pool-1-thread", 3, 0, 3));
    assertThat(r.identicalStacks()).anySatisfy(g -> {
      assertThat(g.state()).isEqualTo(Thread.State.BLOCKED);
      assertThat(g.threads()).containsExactlyInAnyOrderElementsOf(BLOCKED_WORKERS);
    });

    List<String> ids = r.findings().stream().map(ThreadFinding::id).toList();
    assertThat(ids).contains("deadlock", "lock-contention", "exhausted-pool");
    assertThat(r.findings()).filteredOn(f -> f.id().equals("lock-contention")).first()
        .satisfies(f -> assertThat(f.title()).isEqualTo("lock contention: 4 of 5 http-nio-8080-exec workers wait for "
            + "DumpScenarios$SharedParser <" + monitor.address() + ">, held by http-nio-8080-exec-1 (TIMED_WAITING)"));
    assertThat(r.findings()).filteredOn(f -> f.id().equals("exhausted-pool"))
        .anyMatch(f -> f.title().startsWith("pool http-nio-8080-exec: all 5 threads busy"));
  }
}
