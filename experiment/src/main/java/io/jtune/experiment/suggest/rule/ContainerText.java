package io.jtune.experiment.suggest.rule;

import io.jtune.common.units.ByteSize;
import io.jtune.gc.model.ContainerBudget;
import java.util.Locale;

/** The container advice's sentences: the heap budget, the JVM defaults that are the problem, the CPU quota. */
public final class ContainerText {
  private ContainerText() {}

  /** The evidence line of a heap budget. */
  public static String budget(ContainerBudget b) {
    return "Heap budget: " + b.explain() + ".";
  }

  /** The heap is more than the limit holds beside the rest of the JVM. */
  public static String heapOverLimit(long heap, String heapSource, ContainerBudget b) {
    return f("The heap (%s, %s) is more than the %s limit holds beside the JVM's %s of non-heap memory and headroom:"
        + " once the heap is touched the process passes the limit and the kernel's OOM killer ends it with SIGKILL (exit"
        + " code 137, no OutOfMemoryError, no stack trace). A heap of %s fits.", ByteSize.human(heap), heapSource,
        ByteSize.human(b.limitBytes()), ByteSize.human(b.nonHeapBytes()), ByteSize.human(b.heapBytes()));
  }

  /** The JVM's default heap (a share of the limit) is the problem. */
  public static String defaultHeap(long heap, long limit, long fullGcs, boolean saturates) {
    String share = heap > 0 && limit > 0 ? f(" (%s, %.0f %% of the %s limit: the JVM gives the heap a quarter of a"
        + " container's memory above 512 MB, about 127 MB from 256 to 512 MB)", ByteSize.human(heap),
        100.0 * heap / limit, ByteSize.human(limit)) : "";
    return f("No -Xmx: the JVM's default heap%s is the problem: %s, while most of the container's memory stays"
        + " unused. State the heap the container allows.", share, saturates
            ? "the live set fills it and Full GCs that free almost nothing come back to back (" + fullGcs + ")"
            : fullGcs + " Full GC(s) the application did not ask for");
  }

  /** The live set needs more heap than the limit allows. */
  public static String limitTooSmall(long live, long heapWanted, ContainerBudget b) {
    long limit = heapWanted + b.nonHeapBytes() + ContainerBudget.headroom(b.limitBytes());
    return f("The live set (%s) asks for a heap of %s, more than the %s limit allows (%s): if the candidate within"
        + " the limit still runs Full GCs back to back, raise the limit to about %s rather than the heap.",
        ByteSize.human(live), ByteSize.human(heapWanted), ByteSize.human(b.limitBytes()),
        ByteSize.human(b.heapBytes()), ByteSize.human(limit));
  }

  /** The limit leaves no room for a heap. */
  public static String noRoom(ContainerBudget b) {
    return "The container limit leaves no room for a heap: " + b.explain() + ". Raise the limit.";
  }

  /** The JVM's ergonomics picked Serial for a latency-sensitive service because of the container's CPUs. */
  public static String serialByErgonomics(String cpus, double goalMs) {
    return f("No collector chosen: the JVM picked Serial because the container gives it %s (below 2 CPUs, or below"
        + " 1792 MB, the JVM does not count as a server): every collection stops the service on one thread, against"
        + " the %.0f ms pause goal. G1 with its pause goal, named explicitly; with a single CPU its concurrent"
        + " marking takes that CPU from requests, so a limit of 2 CPUs is the better fix.", cpus, goalMs);
  }

  /** The collector the baseline runs is named, rather than left to the ergonomics. */
  public static String collectorNamed(String collector) {
    return f("The collector named (%s) rather than left to the JVM's ergonomics, which pick it from the container's"
        + " CPUs and memory and change with them.", collector);
  }

  /** GC and JIT threads sized to the quota. */
  public static String quota(double cpus, int whole, int logged, double throttledPct) {
    String seen = logged > whole ? f("the JVM saw %d CPUs", logged) : "";
    String thr = throttledPct >= 0 ? f("the quota throttled %.0f %% of its periods", throttledPct) : "";
    String because = seen.isEmpty() ? thr : thr.isEmpty() ? seen : seen + " and " + thr;
    return f("CPU limit %s: %s. GC worker threads for %d CPU(s) (-XX:ActiveProcessorCount=%d, -XX:ParallelGCThreads=%d):"
        + " more threads than the quota burn it in bursts, and every 100 ms period the quota is spent the whole"
        + " service waits, a pause of its own.", num(cpus), because, whole, whole, whole);
  }

  private static String num(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.US, "%.2f", v);
  }

  private static String f(String format, Object... args) {
    return String.format(Locale.US, format, args);
  }
}
