package io.jtune.diagnostics.threads.analysis;

import io.jtune.diagnostics.threads.DumpFormat;
import io.jtune.diagnostics.threads.ThreadDump;
import io.jtune.diagnostics.threads.ThreadInfo;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * What jtune threads reports on one or more dumps of one JVM: the last dump's threads, pools,
 * locks, deadlocks and identical stacks; with several dumps, CPU per thread and stuck threads.
 *
 * @param dumps how many dumps were read
 * @param format the last dump's layout
 * @param jvm the last dump's JVM
 * @param total every thread of the last dump (virtual and VM-internal ones included)
 * @param javaThreads the platform Java threads: with a state in a HotSpot dump, every non-virtual
 *     thread of a Thread.dump_to_file (whose JDK 21-24 layout prints no states)
 * @param virtualThreads the virtual threads (listed by Thread.dump_to_file only)
 * @param mountedVirtual virtual threads mounted on a carrier: "Carrying virtual thread" lines of a
 *     HotSpot dump, or virtual threads with a carrier in a JSON Thread.dump_to_file; in a dump
 *     that names no carriers, the platform threads running a continuation
 * @param statesAndLocks false when the last dump has no thread states and no locks (a
 *     Thread.dump_to_file of JDK 21-24): its states count nothing and it shows no contention
 * @param states the platform Java threads by state
 * @param pools pools of two or more threads, largest first
 * @param locks contended locks, most waiters first
 * @param deadlocks one entry per deadlock
 * @param identicalStacks groups of threads with the same state and stack, largest first
 * @param cpu CPU per thread between dumps (or from /proc), most first
 * @param stuck threads in the same frame in every dump
 * @param findings what needs attention
 * @param last the last dump itself
 */
public record ThreadsReport(int dumps, DumpFormat format, String jvm, int total, int javaThreads, int virtualThreads, int mountedVirtual,
    boolean statesAndLocks, Map<Thread.State, Integer> states, List<Pool> pools, List<LockPileUp> locks, List<Deadlock> deadlocks,
    List<StackGroup> identicalStacks, List<CpuUse> cpu, List<StuckThread> stuck, List<ThreadFinding> findings,
    ThreadDump last) {

  /** Analyzes dumps of one JVM taken in this order; {@code procCpu} is CPU from /proc, or empty. */
  public static ThreadsReport of(List<ThreadDump> dumps, List<CpuUse> procCpu) {
    ThreadDump last = dumps.get(dumps.size() - 1);
    EnumMap<Thread.State, Integer> states = new EnumMap<>(Thread.State.class);
    for (Thread.State s : List.of(Thread.State.RUNNABLE, Thread.State.BLOCKED, Thread.State.WAITING,
        Thread.State.TIMED_WAITING)) {
      states.put(s, 0);
    }
    int java = 0;
    int virtual = 0;
    int mounted = 0;
    boolean carriersNamed = last.threads().stream().anyMatch(ThreadInfo::mountedVirtual);
    for (ThreadInfo t : last.threads()) {
      if (carriersNamed ? t.mountedVirtual() && t.virtual() == (last.format() == DumpFormat.DUMP_TO_FILE_JSON)
          : t.runsVirtualThread()) {
        mounted++;
      }
      if (t.virtual()) {
        virtual++;
      } else if (last.javaThread(t)) {
        java++;
        if (t.state() != null) {
          states.merge(t.state(), 1, Integer::sum);
        }
      }
    }
    List<CpuUse> cpu = new ArrayList<>(procCpu.isEmpty() ? CpuDeltas.of(dumps) : procCpu);
    ThreadsReport partial = new ThreadsReport(dumps.size(), last.format(), last.jvm(), last.threads().size(), java,
        virtual, mounted, last.showsStatesAndLocks(), states, Pools.of(last), LockPileUps.of(last), Deadlocks.of(last),
        IdenticalStacks.of(last), cpu, StuckThreads.of(dumps), List.of(), last);
    return partial.withFindings(ThreadFindings.of(partial));
  }

  public ThreadsReport {
    states = Map.copyOf(states);
    pools = List.copyOf(pools);
    locks = List.copyOf(locks);
    deadlocks = List.copyOf(deadlocks);
    identicalStacks = List.copyOf(identicalStacks);
    cpu = List.copyOf(cpu);
    stuck = List.copyOf(stuck);
    findings = List.copyOf(findings);
  }

  private ThreadsReport withFindings(List<ThreadFinding> f) {
    return new ThreadsReport(dumps, format, jvm, total, javaThreads, virtualThreads, mountedVirtual, statesAndLocks, states, pools, locks, deadlocks,
        identicalStacks, cpu, stuck, f, last);
  }

  /** The number of platform Java threads in {@code state}. */
  public int count(Thread.State state) {
    return states.getOrDefault(state, 0);
  }

  /** The top frame of the named thread in the last dump, or "none". */
  public String topFrame(String thread) {
    return last.threads().stream().filter(t -> t.name().equals(thread) && t.topFrame() != null).findFirst()
        .map(ThreadInfo::topFrame).orElse("none");
  }
}
