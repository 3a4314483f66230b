package io.jtune.gc.finding;

import io.jtune.common.jvm.JvmOption;
import io.jtune.common.finding.Severity;
import io.jtune.gc.aggregate.Example;
import io.jtune.gc.facts.GcFacts;
import io.jtune.gc.model.MemoryModel;
import java.util.ArrayList;
import java.util.List;

/**
 * Pauses where wall time far exceeds the GC threads' CPU time, or the kernel's share (sys)
 * exceeds user time: the collector was waiting on the OS — swapping, direct reclaim, page
 * faults on a heap not yet touched, CPU starvation (as when JVMs share a host).
 */
final class OsInterferenceRule implements FindingRule {
  @Override
  public void evaluate(GcFacts a, MemoryModel model, List<Finding> out) {
    long waits = a.pauses().realExceedsCpu().count();
    long sys = a.pauses().sysExceedsUser().count();
    if (waits + sys == 0) {
      return;
    }
    List<Example> ev = new ArrayList<>(a.pauses().realExceedsCpu().examples());
    ev.addAll(a.pauses().sysExceedsUser().examples());
    String title = (waits > 0 ? waits + " pause(s) with real time over twice user+sys" : "")
        + (waits > 0 && sys > 0 ? ", " : "") + (sys > 0 ? sys + " pause(s) with sys > user" : "")
        + ": the OS, not the collector";
    out.add(new Finding("os-interference", Severity.WARNING, title, ev.subList(0, Math.min(10, ev.size())),
        waits + sys,
        "Check the host at those times: 'jtune host --sample 30s' (with --pid for this JVM) reads swap,"
            + " direct reclaim and compaction stalls, transparent huge pages, memory pressure and the cgroup's CPU"
            + " throttling; other processes competing for CPU or memory show in top. Touch the heap at start so pages are not faulted in during pauses,"
            + " keep the JVM out of swap, and enable THP only when free memory comfortably exceeds the heap.",
        List.of(JvmOption.ALWAYS_PRE_TOUCH.on())));
  }
}
