package io.jtune.gc.finding;

import io.jtune.common.finding.Severity;
import io.jtune.gc.facts.GcFacts;
import io.jtune.gc.model.MemoryModel;
import io.jtune.gc.event.GcNotice;
import io.jtune.gc.event.PauseKind;
import java.util.List;
import java.util.Locale;

/**
 * Concurrent collectors falling behind: ZGC allocation stalls, Shenandoah cancelled cycles (those
 * that degenerated are {@link DegeneratedCycleRule}'s), G1 concurrent mark aborts; and, as
 * information only, collections the JVM's exit cut off.
 */
final class ConcurrentTroubleRule implements FindingRule {
  @Override
  public void evaluate(GcFacts a, MemoryModel model, List<Finding> out) {
    var stalls = a.concurrent().notices(GcNotice.Kind.ALLOCATION_STALL);
    if (stalls.count() > 0) {
      var d = a.concurrent().allocationStalls();
      out.add(new Finding("allocation-stall", Severity.CRITICAL,
          String.format(Locale.US, "%d allocation stall(s): threads waited for memory (max %.1f ms)",
              stalls.count(), d.maxMs()),
          stalls.examples(), stalls.count(),
          "The concurrent collector could not free memory as fast as the application allocated, so"
              + " allocating threads waited until a collection freed some. Give the heap more headroom"
              + " (a larger -Xmx; if -XX:SoftMaxHeapSize is set, raise it or remove it), let ZGC use more"
              + " concurrent GC threads (-XX:ConcGCThreads), or cut the allocation rate.",
          List.of()));
    }
    var cancelled = a.concurrent().notices(GcNotice.Kind.CYCLE_CANCELLED);
    // cycles a System.gc() call cancelled are the explicit collection's (the system-gc finding's),
    // not a race with allocation lost
    long raced = cancelled.count() - a.concurrent().cancelledBySystemGc();
    // cancelled cycles that degenerated are the degenerated-cycle finding's
    if (raced > 0 && a.pauses().kind(PauseKind.DEGENERATED).count() == 0) {
      out.add(new Finding("cycle-cancelled", Severity.WARNING,
          raced + " concurrent cycle(s) cancelled",
          cancelled.examples().stream().filter(x -> !String.valueOf(x.detail()).contains("System.gc()")).toList(),
          raced,
          "The concurrent cycle lost the race with allocation and fell back to a stop-the-world (degenerated"
              + " or full) collection. Start cycles earlier, give the heap more headroom, or reduce allocation.",
          List.of()));
    }
    var cutOff = a.concurrent().notices(GcNotice.Kind.CYCLE_CUT_OFF);
    if (cutOff.count() > 0) {
      out.add(new Finding("cycle-cut-off", Severity.INFO,
          cutOff.count() + (cutOff.count() == 1 ? " cycle" : " cycles") + " cut off by JVM exit",
          cutOff.examples(), cutOff.count(),
          "The JVM exited (or the log ends) while a concurrent collection was running; it was stopped"
              + " where it stood. This is no sign of trouble and needs no action.",
          List.of()));
    }
    var aborts = a.concurrent().notices(GcNotice.Kind.CONCURRENT_MARK_ABORT);
    if (aborts.count() > 0 && a.pauses().kind(PauseKind.FULL).count() > 0) {
      out.add(new Finding("concurrent-mark-abort", Severity.WARNING,
          aborts.count() + " G1 concurrent mark(s) aborted by a Full GC",
          aborts.examples(), aborts.count(),
          "Marking did not finish before the heap filled up. Start marking earlier"
              + " (-XX:InitiatingHeapOccupancyPercent) or give the heap more room." + InitiatingOccupancy.why(model),
          InitiatingOccupancy.flags(model)));
    }
  }
}
