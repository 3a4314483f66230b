package io.jtune.experiment.tune;

import io.jtune.common.jvm.JvmFlags;
import io.jtune.common.jvm.JvmOption;
import io.jtune.common.units.ByteSize;
import io.jtune.diagnostics.nmt.NativeMemory;
import io.jtune.experiment.run.RunResult;
import io.jtune.experiment.suggest.rule.ContainerLimit;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.model.ContainerBudget;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A baseline the container's memory limit killed: that kill is the diagnosis. The kernel's OOM
 * killer ended the JVM with SIGKILL (no OutOfMemoryError, no stack trace) once the whole process
 * passed the limit; what it held is told part by part: the heap (what the flags made resident, or
 * what the log shows committed), the non-heap memory beside it (measured by Native Memory Tracking
 * when the run lived long enough, else estimated as the container budget estimates it), and
 * what fits: the heap the limit allows, or the limit this heap needs.
 *
 * @param failure the run's failure line ("killed by the container's memory limit at RSS X of Y ...")
 * @param limitBytes the memory limit
 * @param rssBytes the JVM's resident set last seen before the kill, or the group's peak memory
 * @param rssSampled whether {@code rssBytes} is the JVM's resident set (else the group's peak)
 * @param heapBytes the heap resident or committed at the kill, -1 when not known
 * @param heapSource how the heap is known
 * @param nonHeapBytes the non-heap memory (measured or estimated)
 * @param nonHeapSource how it is known
 * @param fittingHeapBytes the heap the limit allows (limit less non-heap less headroom), -1 when none
 * @param neededLimitBytes the limit the baseline's heap needs with its non-heap and headroom, -1 when not known
 */
public record BaselineKill(String failure, long limitBytes, long rssBytes, boolean rssSampled, long heapBytes, String heapSource,
    long nonHeapBytes, String nonHeapSource, long fittingHeapBytes, long neededLimitBytes) {

  /**
   * The kill of {@code run} (which the memory limit killed), with the baseline's whole
   * {@code flags}, its GC log's {@code analysis} (null when unreadable) and the container as the
   * advice reads it.
   */
  static BaselineKill of(RunResult run, List<String> flags, Analysis analysis, ContainerLimit container) {
    RunResult.ContainerSeen seen = run.container();
    long limit = seen.memoryLimitBytes() != null ? seen.memoryLimitBytes() : container.memoryBytes();
    long rss = seen.peakRssBytes() != null ? seen.peakRssBytes()
        : seen.peakMemoryBytes() != null ? seen.peakMemoryBytes() : -1;
    JvmFlags f = JvmFlags.of(flags);
    long heap = -1;
    String heapSource = "not known";
    long xms = f.bytes(JvmOption.INITIAL_HEAP_SIZE).orElse(-1);
    long logged = analysis == null ? -1 : analysis.memoryModel().capacities().heapInitial();
    if (xms > 0 && f.isOn(JvmOption.ALWAYS_PRE_TOUCH)) {
      heap = xms;
      heapSource = "-Xms" + ByteSize.flagValue(xms) + " with -XX:+AlwaysPreTouch: every page of it resident from the start";
    } else if (run.nativeMemory() != null) {
      heap = run.nativeMemory().heapBytes();
      heapSource = "committed, measured by Native Memory Tracking";
    } else if (logged > 0) {
      heap = logged;
      heapSource = "the initial heap the GC log states, committed from the start";
    }
    long metaspace = analysis == null ? -1 : analysis.memoryModel().capacities().metaspacePeak();
    ContainerLimit c = container.withNativeMemory(run.nativeMemory());
    ContainerBudget b = ContainerLimit.of(limit, container.cpus(), container.memorySource())
        .withNativeMemory(c.measured()).budget(metaspace);
    NativeMemory nm = c.measured();
    long nonHeap;
    String nonHeapSource;
    if (nm != null) {
      nonHeap = nm.nonHeapBytes();
      nonHeapSource = "measured by Native Memory Tracking on the baseline";
    } else {
      nonHeap = b == null ? -1 : b.nonHeapBytes();
      nonHeapSource = "estimated, since a JVM killed this early leaves no Native Memory Tracking summary: metaspace,"
          + " code cache, thread stacks, symbols and buffers, the collector's structures";
    }
    long needed = heap > 0 && nonHeap > 0 ? heap + nonHeap + ContainerBudget.headroom(heap + nonHeap) : -1;
    return new BaselineKill(run.failure(), limit, rss, seen.peakRssBytes() != null, heap, heapSource, nonHeap, nonHeapSource,
        b == null ? -1 : b.heapBytes(), needed);
  }

  /** The breakdown, one line a part, then what fits. */
  public List<String> lines() {
    List<String> out = new ArrayList<>();
    out.add(String.format(Locale.US, "%s at the kill: %s of the %s limit", rssSampled ? "RSS"
        : "memory (the group's peak)", rssBytes > 0 ? ByteSize.human(rssBytes) : "at the limit",
        ByteSize.human(limitBytes)));
    if (heapBytes > 0) {
      out.add("heap: " + ByteSize.human(heapBytes) + " (" + heapSource + ")");
      long left = limitBytes - heapBytes;
      out.add(String.format(Locale.US, "non-heap: about %s (%s), where the limit left %s beside the heap",
          ByteSize.human(nonHeapBytes), nonHeapSource, left > 0 ? ByteSize.human(left) : "nothing"));
    } else {
      out.add(String.format(Locale.US, "non-heap: about %s (%s)", ByteSize.human(nonHeapBytes), nonHeapSource));
    }
    String fits = fits();
    if (fits != null) {
      out.add("what fits: " + fits);
    }
    return out;
  }

  /** What fits, in words (a smaller heap, or a larger limit), or null when neither is known. */
  public String fits() {
    List<String> fixes = new ArrayList<>();
    if (fittingHeapBytes > 0) {
      fixes.add("a heap of at most " + ByteSize.human(fittingHeapBytes) + " (the limit less non-heap less headroom)");
    }
    if (neededLimitBytes > 0) {
      fixes.add("a limit of about " + ByteSize.human(neededLimitBytes) + " to keep this heap");
    }
    return fixes.isEmpty() ? null : String.join(", or ", fixes);
  }

  /** The kill and its breakdown in one paragraph, for a verdict's words. */
  public String words() {
    String f = failure == null ? "killed by the container's memory limit" : failure;
    int from = Math.max(0, f.indexOf("killed"));
    int colon = f.indexOf(": the kernel");
    return "The baseline was " + (colon > from ? f.substring(from, colon) : f.substring(from)) + " — "
        + String.join("; ", lines()) + ".";
  }
}
