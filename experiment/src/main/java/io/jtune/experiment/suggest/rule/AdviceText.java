package io.jtune.experiment.suggest.rule;

import io.jtune.common.jvm.JdkRange;
import io.jtune.common.units.ByteSize;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.diagnosis.Diagnosis;
import io.jtune.gc.event.Collector;
import io.jtune.gc.event.PauseKind;
import io.jtune.gc.model.MemoryModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The sentences of a suggestion: its evidence, the reasons of its candidates, its notes and its
 * verdict, worded in one place. Numbers are formatted with {@link Locale#US}.
 */
public final class AdviceText {
  private AdviceText() {}

  private static String f(String format, Object... args) {
    return String.format(Locale.US, format, args);
  }

  // --- evidence -------------------------------------------------------------------------------

  /** "collector G1 (from the log), JDK 17 (from the log)". */
  public static String collector(AdviceContext c) {
    return f("collector %s (%s), %s", c.collector().displayName(), c.collectorSource(), c.jdk().describe());
  }

  /** Why compact object headers: the live set's share of the heap and what the smaller headers save. */
  public static String compactHeaders(long liveBytes, long heapBytes, String liveSource) {
    return f("The live set is %s of a %s heap (%s, %.0f%%). On JDK 25 compact object headers"
        + " (-XX:+UseCompactObjectHeaders) shrink every object's header from 12 to 8 bytes: published results show"
        + " about 22%% less heap used and 8%% less CPU on heaps of many small objects, so the same live set leaves"
        + " more room to the collector. It changes no GC setting; compare its GC share and p99, and its CPU.",
        ByteSize.human(liveBytes), ByteSize.human(heapBytes), liveSource, 100.0 * liveBytes / heapBytes);
  }

  public static String shenandoahGenerational(long cycles, double busyPct, boolean degenerated) {
    return f("Single-generation Shenandoah ran %d cycles, busy %.0f%% of the time%s: every cycle marks the whole heap,"
        + " however few objects survive. On JDK 25 the generational mode (-XX:ShenandoahGCMode=generational, a product"
        + " mode from 25) collects the young generation, where most objects die, in short cycles of its own. Compare"
        + " its GC share, p99 and CPU.", cycles, busyPct, degenerated ? ", and some cycles degenerated to stop-the-world" : "");
  }

  /** "heap 2 GB (-Xmx), young ... (...), metaspace peak ... (...)", or null when none is known. */
  public static String memory(AdviceContext c) {
    List<String> mem = new ArrayList<>();
    if (c.heap() > 0) {
      mem.add("heap " + ByteSize.human(c.heap()) + " (" + c.heapSource() + ")");
    }
    if (c.young() > 0) {
      mem.add("young " + ByteSize.human(c.young()) + (c.heap() > 0 ? f(" = %.0f%% of the heap", 100.0 * c.young() / c.heap()) : "")
          + " (" + c.youngSource() + ")");
    }
    if (c.metaspacePeak() > 0) {
      mem.add("metaspace peak " + ByteSize.human(c.metaspacePeak()) + " (" + c.metaspaceSource() + ")");
    }
    return mem.isEmpty() ? null : String.join(", ", mem);
  }

  /** GC throughput and pauses against the target. */
  public static String pauses(AdviceContext c) {
    Analysis a = c.analysis();
    return f("GC throughput %.2f%%; pauses p99 %.1f ms, max %.1f ms (target %.0f ms%s)", a.throughputPct(),
        a.pauses().all().percentileMs(99), a.pauses().all().maxMs(), c.pauseTargetMs(), c.pauseGoal() ? ", a goal" : "");
  }

  /** Young and Full GC counts. */
  public static String collections(AdviceContext c) {
    long youngGcs = c.analysis().pauses().kind(PauseKind.YOUNG).count();
    double interval = c.analysis().memory().meanYoungIntervalS();
    return f("%d young GC(s)%s, %d Full GC(s)%s%s", youngGcs,
        youngGcs == 0 ? "" : f(" (p99 %.1f ms%s)", c.youngP99Ms(), interval > 0 ? f(", one every %.2f s", interval) : ""),
        c.fullGcs(), c.fullGcs() > 0 ? f(" (longest %.0f ms)", c.fullMaxMs()) : "",
        c.startupFullGcs() ? ", Full GC at startup" : "");
  }

  public static String survivorDemand(long bytes, String source) {
    return "survivor demand " + ByteSize.human(bytes) + " per young GC (" + source + ")";
  }

  /** Memory per request = Eden / (QPS x interval), with what is alive at a young GC when the concurrency is known. */
  public static String memoryPerRequest(double perRequest, long eden, String edenSource, double qps, double interval,
      int concurrency, long alive) {
    String line = f("memory per request %s = Eden %s (%s) / (%.0f req/s x %.2f s between young GCs)",
        ByteSize.human(perRequest), ByteSize.human(eden), edenSource, qps, interval);
    if (concurrency > 0) {
      line += f("; alive at a young GC with %d requests in flight: %s", concurrency, ByteSize.human(alive));
    }
    return line;
  }

  // --- notes ----------------------------------------------------------------------------------

  public static String loggedBaseline(List<String> sources, List<String> unknown) {
    return "the baseline runs what the log states (" + String.join("; ", sources) + "); the log does not state "
        + String.join("; ", unknown);
  }

  public static String memoryPerRequestUnknown(boolean noEden, boolean noJstat) {
    return "memory per request not computable: " + (noEden ? "no eden size" : "no young-GC interval")
        + " in the log" + (noJstat ? " (a jstat -gc -t file gives both)" : " or the jstat samples");
  }

  public static String leftOut(String what, List<String> flags, JdkRange jdk, String why) {
    return what + ": " + String.join(" ", flags) + " left out for " + jdk.shortName() + ": " + why;
  }

  public static String deprecated(String what, String flag, int since) {
    return what + ": " + flag + " is deprecated from JDK " + since
        + " (it still works there, with a warning, until a later JDK removes it): plan to drop it";
  }

  public static final String LEAK = "memory leak: no young-generation, survivor or collector candidates, since flags"
      + " do not fix a leak";

  public static String placeholderLevels(int clients) {
    return "no --qps or --concurrency: the load levels are placeholders (" + clients
        + " clients and fewer); set them to the service's high, medium and low load";
  }

  // --- candidates -----------------------------------------------------------------------------

  /** A candidate's reason: the sentences joined, capitalised, with a full stop. */
  static String reason(List<String> why) {
    String reason = String.join("; ", why) + ".";
    return Character.toUpperCase(reason.charAt(0)) + reason.substring(1);
  }

  static String findingCited(String id, String title, List<String> taken, List<String> overridden) {
    return id + " (" + title + ") -> " + (taken.isEmpty() ? "nothing more" : String.join(" ", taken))
        + (overridden.isEmpty() ? "" : " (" + String.join(" ", overridden) + " not taken: a finding above sets the same option)");
  }

  static String findings(boolean hygieneOnly, List<String> cited) {
    String lead = hygieneOnly ? "Low-risk flag hygiene the findings recommend: " : "Every flag the findings recommend, together: ";
    return lead + String.join("; ", cited) + ".";
  }

  static String noYoungCandidate(String refused, boolean cacheChurn) {
    return "no young-generation candidate: " + refused + (cacheChurn ? "; bound the cache or move it off the heap" : "");
  }

  static String youngTarget(AdviceContext c, long target) {
    MemoryModel model = c.model();
    return f("Young generation about 3/8 of the%s heap for a request/response service (most"
        + " objects die young), within what leaves old %.1fx the live set%s: %s of %s (now %s)",
        model.heapGrows() ? " advised" : "", MemoryModel.OLD_HEADROOM, model.live().known()
            ? " of " + ByteSize.human(model.live().bytes()) : "", ByteSize.human(target), ByteSize.human(model.targetHeap()),
        c.young() > 0 ? ByteSize.human(c.young()) + f(", %.0f%% of %s", 100.0 * c.young() / c.heap(),
            ByteSize.human(c.heap())) : "unknown");
  }

  static String survivors(AdviceContext c, long need, double survivor, int ratio, long target) {
    return f("survivors must hold %s alive per young GC (%s) at most half full: %s"
        + " each, so SurvivorRatio=%d (survivor = young / %d = %s)", ByteSize.human(need),
        c.liveRequestData() >= c.survivorDemand() ? "memory per request x requests in flight" : c.survivorSource(),
        ByteSize.human(survivor), ratio, ratio + 2, ByteSize.human(target / (ratio + 2.0)));
  }

  static String survivorsTooLarge(long need, double survivor, long target) {
    return f("young-sizing: %s of request data per young GC needs survivors of %s,"
        + " more than a young generation of %s gives (young / 5 = %s): a larger heap or less memory per request"
        + " is the fix", ByteSize.human(need), ByteSize.human(survivor), ByteSize.human(target),
        ByteSize.human(target / 5.0));
  }

  static final String NO_SURVIVOR_DEMAND = "no survivor demand known (no tenuring data, --qps/--concurrency or jstat):"
      + " SurvivorRatio=6, survivor = young / 8 (survivors of young / 6 to young / 8 suit request/response services)";

  static final String ADAPTIVE_OFF = "Parallel's adaptive sizing would override SurvivorRatio, so it is switched off";

  static String largeHeap(long heap) {
    return "heap " + ByteSize.human(heap) + " (>= 4 GB)";
  }

  static String pauseGoal(double ms) {
    return f("a pause goal of %.0f ms", ms);
  }

  static String longFullGcs(long count, double maxMs, double targetMs) {
    return f("%d Full GC(s), the longest %.0f ms against a %.0f ms target", count, maxMs, targetMs);
  }

  static String longYoungPauses(double p99Ms, double targetMs) {
    return f("young pause p99 %.1f ms above the %.0f ms target", p99Ms, targetMs);
  }

  static final String CMS_REMOVED = "CMS, which the log was written by, was removed in JDK 14";

  static String cmsMissing(JdkRange jdk) {
    return "the log was written by CMS, which " + jdk.describe() + " does not have: the baseline runs the"
        + " JDK's default collector there; to compare with CMS itself, run the plan on the log's JDK";
  }

  static String cacheChurnOnStopTheWorld(long fullGcs) {
    return f("old-to-young churn with %d Full GC(s): on a stop-the-world old generation"
        + " every evicted cache entry waits for a Full GC; G1's concurrent marking and mixed collections reclaim"
        + " old regions as they go (the cause stays the cache: bound it or move it off the heap)", fullGcs);
  }

  static final String CMS_PROMOTION_FAILURES = "CMS promotion failures (fragmentation keeps coming back; G1 compacts as it goes)";

  static String g1SizesYoung(long pauseMs) {
    return "G1 with MaxGCPauseMillis=" + pauseMs + " sizes young itself to meet the goal (so no -Xmn)";
  }

  static String stricterThanG1Default(long goal, long g1Default, boolean given) {
    return f("; %d ms is stricter than G1's default %d ms because %s, and the pauses under load (start-up's left"
        + " out) pass it: G1 then keeps young smaller and collects more often, trading throughput for shorter"
        + " pauses", goal, g1Default, given ? "it is the pause goal given" : "it is the pause target the analysis"
        + " judges pauses against (no pause goal was given)");
  }

  static String g1PauseNow(long ms) {
    return "G1's pause goal is " + ms + " ms now";
  }

  static final String G1_TIGHTER = "G1 shrinks young to meet a tighter pause goal: more young GCs, each shorter";

  static final String SERIAL_ONE_THREAD = "Serial collects on one thread; with no pause goal and a heap under 4 GB, Parallel"
      + " (throughput first) collects the same generations on all cores";

  static String throughputFirst(double throughputPct) {
    return f("GC throughput %.1f%% with pauses within the target: Parallel spends less"
        + " on collection when throughput is the goal", throughputPct);
  }

  static String zgcGoal(double pauseTargetMs) {
    return f("a pause goal of %.0f ms or less is ZGC's: its pauses do not grow with the heap (give it headroom: allocation"
        + " stalls replace pauses when it cannot keep up)", pauseTargetMs);
  }

  static String collectorChange(List<String> why) {
    return "Collector change for: " + String.join("; ", why);
  }

  static String keepsOwnYoung(String name, Collector to) {
    return name + ": a target that keeps its own young size (a lab scenario's -Xmn) fixes it under "
        + to.displayName() + " too, which defeats the pause goal; a command target's plan leaves it out";
  }

  // --- low-risk parts -------------------------------------------------------------------------

  static String explicitGc(String title, boolean concurrent) {
    return title + (concurrent ? ": run them as concurrent cycles" : ": disable them (check NIO direct buffers first)");
  }

  static String metaspace(long mb, long cap, long peak, long committed, String source, boolean problem) {
    String bound = f("; MaxMetaspaceSize = %d MB, twice the peak and at least what the JVM committed: a cap is a"
        + " guard against a class-loader leak, and a run this short has not loaded every class the service loads over"
        + " days (a deploy, a rarely used path), so a cap near its peak would turn the next deploy into"
        + " OutOfMemoryError: Metaspace", cap);
    return peak > 0
        ? f("MetaspaceSize = %d MB: metaspace peak %s (%s) + 50%%%s, rounded up to 64 MB%s", mb, ByteSize.human(peak),
            source, committed > 0 ? f(", at least the %s committed", ByteSize.human(committed)) : "",
            problem ? ", against Metadata GC Threshold collections" : "") + bound
        : f("MetaspaceSize = MaxMetaspaceSize = %d MB (room for a metaspace peak up to about 170 MB; the peak is"
            + " not known: jstat -gc MU gives it, and the sizes are then the peak + 50%% and twice the peak)", mb);
  }

  static String permGen(long mb) {
    return "PermSize = MaxPermSize = " + mb + " MB against permanent-generation collections";
  }

  static String heapFromLiveSet(MemoryModel model, long heap) {
    return f("heap %s from the live set of %s (%s; now %s), fixed and touched at start"
        + " (-Xms = -Xmx, AlwaysPreTouch)", ByteSize.human(model.targetHeap()), ByteSize.human(model.live().bytes()),
        MemoryModel.HEAP_RULE, ByteSize.human(heap));
  }

  static String defaultHeapNotFixed(MemoryModel model, long heap, long host) {
    // a quarter of the memory the JVM sees, but never less than its floor (MaxHeapSize's own default, about 126 MB
    // on 64 bits): in a container of 256-512 MB the default heap is that floor, more than a quarter
    String share = heap <= 0.26 * host ? "a quarter of the " + ByteSize.human(host) + " it sees"
        : "its floor for the " + ByteSize.human(host) + " it sees, more than a quarter of it";
    return "no pre-touched fixed heap: the largest heap, " + ByteSize.human(heap) + ", is the JVM's default (" + share
        + ")" + (model.live().known() ? " and the live set is "
        + ByteSize.human(model.live().bytes()) : "") + "; -Xms = -Xmx with AlwaysPreTouch would commit all of it."
        + " Choose the heap first (" + MemoryModel.HEAP_RULE + ")";
  }

  static String pretouchFixedHeap(long heap) {
    return "heap touched at start (AlwaysPreTouch; -Xms = -Xmx = " + ByteSize.human(heap) + " already): no page faults or"
        + " kernel reclaim stalls while serving";
  }

  static String fixHeap(long heap, long xms) {
    return "heap fixed at " + ByteSize.human(heap) + " and touched at start (-Xms = -Xmx, AlwaysPreTouch): no resizing Full GCs,"
        + " no page faults or kernel reclaim stalls while serving"
        + (xms > 0 && xms != heap ? "; now -Xms is " + ByteSize.human(xms) : "");
  }

  // --- verdict --------------------------------------------------------------------------------

  /** The suggestion's verdict: the diagnosis, whether GC is the problem, and the candidates' names. */
  public static String verdict(AdviceContext c, List<String> names, long seriousFindings) {
    String list = names.isEmpty() ? "none" : String.join(", ", names);
    Diagnosis diagnosis = c.diagnosis();
    Analysis a = c.analysis();
    if (c.leak()) {
      return "Diagnosis: memory-leak. " + diagnosis.advice() + " Candidates (low-risk only): " + list + ".";
    }
    String lead = "Diagnosis: " + diagnosis.line() + ". " + (diagnosis.advice().isEmpty() ? "" : diagnosis.advice() + " ");
    if (c.gcNotTheProblem()) {
      return lead + f("GC is not the problem: GC throughput %.2f%%, pause p99 %.1f ms (target %.0f ms),"
          + " no Full GC, and no finding recommends flags. JVM flags will not move latency or throughput much here:"
          + " look at CPU use in business threads, lock contention (thread dumps with BLOCKED threads), I/O"
          + " waits and downstream calls. Low-risk candidates only (%s); expect them to change little.",
          a.throughputPct(), a.pauses().all().percentileMs(99), c.pauseTargetMs(), list);
    }
    return lead + f("GC costs here: GC throughput %.2f%%, %d Full GC(s)%s, young p99 %.1f ms; %d"
        + " finding(s) above info level. Candidates: %s. Run the plan to see which one meets the goals"
        + " under the same load.", a.throughputPct(), c.fullGcs(),
        c.fullGcs() > 0 ? f(" (longest %.0f ms)", c.fullMaxMs()) : "", c.youngP99Ms(), seriousFindings, list);
  }
}
