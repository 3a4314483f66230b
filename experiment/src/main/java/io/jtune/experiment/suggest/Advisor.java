package io.jtune.experiment.suggest;

import io.jtune.gc.aggregate.MemoryAggregator;
import io.jtune.gc.aggregate.Series;
import io.jtune.gc.analysis.Analysis;
import io.jtune.common.jvm.JvmFlags;
import io.jtune.gc.event.Collector;
import io.jtune.gc.event.PauseKind;
import io.jtune.gc.finding.Finding;
import io.jtune.common.finding.Severity;
import io.jtune.gc.diagnosis.Diagnosis;
import io.jtune.gc.model.MemoryModel;
import io.jtune.gc.diagnosis.Problem;
import io.jtune.common.units.ByteSize;
import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Level;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The advisor behind {@code jtune suggest}: from an analyzed GC log (and what the user knows
 * besides: flags, QPS, concurrency, jstat samples, a pause goal, the target JDK) it proposes a
 * baseline and two to four candidate configurations, each with the evidence it rests on, plus
 * load levels and goals for the experiment that settles which one wins.
 *
 * <p>Candidates, in order, each only when it changes something:
 * <ul>
 *   <li>{@code findings}: every flag the findings recommend, together (most severe first);
 *   <li>{@code young-sizing}: the request/response sizing for collectors with a fixed young generation —
 *       the memory model's young (about 3/8 of its heap, old keeping 1.5x the live set), survivors large
 *       enough for the request data alive at a young GC; not proposed when the model refuses to grow
 *       young (rare or cheap young GCs, a leak, cache churn);
 *   <li>a collector change ({@code g1}, {@code zgc}, {@code parallel}) when the heap size, the
 *       pause goal or the pauses seen justify it, or {@code g1-pause-N} on G1 already;
 *   <li>low-risk fill-ins ({@code pretouch}, {@code metaspace}) while there are fewer than two.
 * </ul>
 * The complete configurations (young-sizing, collector changes) also carry the low-risk fixes
 * worth having in any configuration: MetaspaceSize = MaxMetaspaceSize from the observed
 * peak, -Xms = -Xmx with -XX:+AlwaysPreTouch, and the System.gc() remedy. Flags the target JDK
 * lacks are dropped, with a note.
 */
public final class Advisor {
  /** Candidates besides the baseline, at most. */
  public static final int MAX_CANDIDATES = 4;
  /** Candidates when GC is not the problem, at most. */
  public static final int MAX_HYGIENE_CANDIDATES = 2;

  private static final long MB = 1L << 20;
  private static final long GB = 1L << 30;
  /** HotSpot's TargetSurvivorRatio default: survivors are meant to be at most half full after a young GC. */
  private static final double SURVIVOR_TARGET = 0.5;
  /** Heaps from this size want a region-based, pause-goal collector. */
  private static final long LARGE_HEAP = 4 * GB;

  /**
   * What the advisor is told besides the GC log.
   *
   * @param flags the flags the service runs with, or null to take them from the log header
   * @param qps requests per second the service handled while logging, or NaN
   * @param concurrency requests in flight (threads busy) while logging, or 0
   * @param jstat {@code jstat -gc} samples of the service, or null
   * @param pauseTargetMs a pause goal in ms, or NaN when none was set (the analysis target is
   *     then used to judge pauses, but not as a goal)
   * @param jdk the major version of the JDK the candidates will run on, or 0 for the log's
   */
  public record Inputs(List<String> flags, double qps, int concurrency, JstatGc jstat, double pauseTargetMs, int jdk) {
    public static final Inputs NONE = new Inputs(null, Double.NaN, 0, null, Double.NaN, 0);

    public Inputs {
      flags = flags == null ? null : List.copyOf(flags);
    }

    public Inputs withFlags(List<String> f) {
      return new Inputs(f, qps, concurrency, jstat, pauseTargetMs, jdk);
    }

    public Inputs withQps(double q) {
      return new Inputs(flags, q, concurrency, jstat, pauseTargetMs, jdk);
    }

    public Inputs withConcurrency(int c) {
      return new Inputs(flags, qps, c, jstat, pauseTargetMs, jdk);
    }

    public Inputs withJstat(JstatGc j) {
      return new Inputs(flags, qps, concurrency, j, pauseTargetMs, jdk);
    }

    public Inputs withPauseTarget(double ms) {
      return new Inputs(flags, qps, concurrency, jstat, ms, jdk);
    }

    public Inputs withJdk(int major) {
      return new Inputs(flags, qps, concurrency, jstat, pauseTargetMs, major);
    }
  }

  private Advisor() {}

  /** The suggestion for an analyzed GC log. */
  public static Suggestion advise(Analysis analysis, Inputs inputs) {
    return new Advice(analysis, inputs).suggestion();
  }

  /** The sizes and rates one suggestion rests on, each with where it came from. */
  private static final class Advice {
    final Analysis a;
    final Inputs in;
    final JdkRange jdk;
    final List<String> current;
    final JvmFlags flags;
    final Collector collector;
    final String collectorSource;
    final double pauseTargetMs;
    final boolean pauseGoal;
    long heap = -1;
    String heapSource = "";
    long young = -1;
    String youngSource = "";
    long survivorDemand = -1;
    String survivorSource = "";
    long liveRequestData = -1;
    long metaspacePeak = -1;
    String metaspaceSource = "";
    final long fullGcs;
    final double fullMaxMs;
    final double youngP99Ms;
    final boolean startupFullGcs;
    final List<String> evidence = new ArrayList<>();
    final List<String> notes = new ArrayList<>();
    /** The analysis's memory model, with the capacities jstat knew and the log did not. */
    MemoryModel model;
    final boolean heapChosen;
    final Diagnosis diagnosis;

    Advice(Analysis a, Inputs in) {
      this.a = a;
      this.in = in;
      this.jdk = in.jdk() > 0 ? JdkRange.exactly(in.jdk(), "--jdk") : JdkRange.of(a);
      // the baseline runs exactly what the service runs: the given flags, else what the log states
      // (its command line, or its collector and heap capacities), heap bounds and collector explicit
      LoggedConfiguration logged = LoggedConfiguration.of(a);
      List<String> given = in.flags() != null ? in.flags() : logged.flags();
      if (in.flags() == null && !logged.unknown().isEmpty()) {
        notes.add("the baseline runs what the log states (" + String.join("; ", logged.sources())
            + "); the log does not state " + String.join("; ", logged.unknown()));
      }
      this.flags = a.flags().with(given);
      // the largest heap as someone chose it (the flags given, or the log's command line), not the JVM's default
      this.heapChosen = a.flags().bytes("MaxHeapSize").isPresent()
          || in.flags() != null && JvmFlags.of(in.flags()).bytes("MaxHeapSize").isPresent();
      // a baseline the target JDK cannot start compares nothing: it runs without those flags
      this.current = usable(given, "baseline");
      this.pauseGoal = in.pauseTargetMs() > 0;
      this.pauseTargetMs = pauseGoal ? in.pauseTargetMs() : a.pauses().pauseTargetMs();
      Collector c = a.jvm().collector();
      String cs = "from the log";
      if (c == null || c == Collector.UNKNOWN) {
        c = fromFlags(flags.chosenCollector());
        cs = "from the flags";
        if (c == Collector.UNKNOWN) {
          c = jdk.atLeast(9) ? Collector.G1 : jdk.max() <= 8 ? Collector.PARALLEL : Collector.UNKNOWN;
          cs = c == Collector.UNKNOWN ? "unknown" : "the JDK's default";
        }
      }
      this.collector = c;
      this.collectorSource = cs;
      this.fullGcs = a.pauses().kind(PauseKind.FULL).count();
      this.fullMaxMs = a.pauses().kind(PauseKind.FULL).maxMs();
      this.youngP99Ms = a.pauses().kind(PauseKind.YOUNG).percentileMs(99);
      this.startupFullGcs = startupFullGcs(a);
      this.model = a.memoryModel();
      this.diagnosis = a.diagnosis();
      measure();
    }

    private static Collector fromFlags(String chosen) {
      if (chosen == null) {
        return Collector.UNKNOWN;
      }
      return switch (chosen) {
        case "UseG1GC" -> Collector.G1;
        case "UseConcMarkSweepGC", "UseParNewGC" -> Collector.PARNEW_CMS;
        case "UseParallelGC", "UseParallelOldGC" -> Collector.PARALLEL;
        case "UseSerialGC" -> Collector.SERIAL;
        case "UseZGC" -> Collector.ZGC;
        case "UseShenandoahGC" -> Collector.SHENANDOAH;
        case "UseEpsilonGC" -> Collector.EPSILON;
        default -> Collector.UNKNOWN;
      };
    }

    /** A Full GC in the first minute of a log that starts at the JVM's start (a Full GC on every deploy). */
    private static boolean startupFullGcs(Analysis a) {
      Series full = a.pauses().timeline().get(PauseKind.FULL);
      if (full == null || full.points().isEmpty()) {
        return false;
      }
      return a.span().startS() <= 60 && full.points().get(0).startS() <= 60;
    }

    /** Heap, young, survivor demand, request data and metaspace: from flags, the log, jstat, the inputs. */
    private void measure() {
      MemoryAggregator m = a.memory();
      JstatGc js = in.jstat();
      MemoryModel.Capacities caps = model.capacities();
      if (flags.bytes("MaxHeapSize").isPresent()) {
        heap = flags.bytes("MaxHeapSize").getAsLong();
        heapSource = "-Xmx";
      } else if (caps.heapMax() > 0) {
        heap = caps.heapMax();
        heapSource = caps.heapSource();
      } else if (js != null && js.heapCapacityBytes() > 0) {
        heap = js.heapCapacityBytes();
        heapSource = "jstat S0C+S1C+EC+OC";
      }
      if (flags.bytes("MaxNewSize").isPresent()) {
        young = flags.bytes("MaxNewSize").getAsLong();
        youngSource = "-Xmn";
      } else if (caps.young() > 0) {
        young = caps.young();
        youngSource = caps.youngSource();
      } else if (js != null && js.youngCapacityBytes() > 0) {
        young = js.youngCapacityBytes();
        youngSource = "jstat S0C+S1C+EC";
      }
      if (model.survivorDemandBytes() > 0) {
        survivorDemand = model.survivorDemandBytes();
        survivorSource = model.survivorDemandSource() + " in the log";
      } else if (js != null && js.survivorUsedPeakBytes() > 0) {
        survivorDemand = js.survivorUsedPeakBytes();
        survivorSource = "peak survivor use in jstat (S0U/S1U)";
      }
      metaspacePeak = m.metaspace().peak();
      metaspaceSource = "log";
      if (js != null && js.metaspaceUsedPeakBytes() > metaspacePeak) {
        metaspacePeak = js.metaspaceUsedPeakBytes();
        metaspaceSource = "jstat MU";
      }
      if (js != null) {
        model = model.withCapacities(new MemoryModel.Capacities(js.heapCapacityBytes(), "jstat S0C+S1C+EC+OC", -1,
            js.youngCapacityBytes(), "jstat S0C+S1C+EC", js.oldCapacityBytes(), js.survivorCapacityBytes(),
            js.metaspaceUsedPeakBytes(), -1, -1));
      }
      requestData(m, js);
      facts();
    }

    /** Memory per request = Eden / (QPS x mean young-GC interval); alive at a young GC = that x requests in flight. */
    private void requestData(MemoryAggregator m, JstatGc js) {
      double qps = in.qps();
      if (!(qps > 0)) {
        return;
      }
      long eden = m.meanAllocationPerIntervalBytes();
      String edenSource = "eden filled between young GCs in the log";
      double interval = m.meanYoungIntervalS();
      if (eden <= 0 && js != null && js.edenCapacityBytes() > 0) {
        eden = js.edenCapacityBytes();
        edenSource = "jstat EC";
      }
      if (!(interval > 0) && js != null) {
        interval = js.meanYoungIntervalS();
      }
      if (eden <= 0 || !(interval > 0)) {
        notes.add("memory per request not computable: " + (eden <= 0 ? "no eden size" : "no young-GC interval")
            + " in the log" + (js == null ? " (a jstat -gc -t file gives both)" : " or the jstat samples"));
        return;
      }
      double perRequest = eden / (qps * interval);
      String line = String.format(Locale.US, "memory per request %s = Eden %s (%s) / (%.0f req/s x %.2f s between young GCs)",
          ByteSize.human(perRequest), ByteSize.human(eden), edenSource, qps, interval);
      if (in.concurrency() > 0) {
        liveRequestData = Math.round(perRequest * in.concurrency());
        line += String.format(Locale.US, "; alive at a young GC with %d requests in flight: %s",
            in.concurrency(), ByteSize.human(liveRequestData));
      }
      evidence.add(line);
    }

    private void facts() {
      evidence.add(0, String.format(Locale.US, "collector %s (%s), %s", collector.displayName(), collectorSource,
          jdk.describe()));
      List<String> mem = new ArrayList<>();
      if (heap > 0) {
        mem.add("heap " + ByteSize.human(heap) + " (" + heapSource + ")");
      }
      if (young > 0) {
        mem.add("young " + ByteSize.human(young) + (heap > 0 ? String.format(Locale.US, " = %.0f%% of the heap", 100.0 * young / heap) : "")
            + " (" + youngSource + ")");
      }
      if (metaspacePeak > 0) {
        mem.add("metaspace peak " + ByteSize.human(metaspacePeak) + " (" + metaspaceSource + ")");
      }
      if (!mem.isEmpty()) {
        evidence.add(1, String.join(", ", mem));
      }
      evidence.add(String.format(Locale.US, "GC throughput %.2f%%; pauses p99 %.1f ms, max %.1f ms (target %.0f ms%s)",
          a.throughputPct(), a.pauses().all().percentileMs(99), a.pauses().all().maxMs(), pauseTargetMs,
          pauseGoal ? ", a goal" : ""));
      long youngGcs = a.pauses().kind(PauseKind.YOUNG).count();
      double interval = a.memory().meanYoungIntervalS();
      evidence.add(String.format(Locale.US, "%d young GC(s)%s, %d Full GC(s)%s%s", youngGcs,
          youngGcs == 0 ? "" : String.format(Locale.US, " (p99 %.1f ms%s)", youngP99Ms,
              interval > 0 ? String.format(Locale.US, ", one every %.2f s", interval) : ""), fullGcs,
          fullGcs > 0 ? String.format(Locale.US, " (longest %.0f ms)", fullMaxMs) : "",
          startupFullGcs ? ", Full GC at startup" : ""));
      if (survivorDemand > 0) {
        evidence.add("survivor demand " + ByteSize.human(survivorDemand) + " per young GC (" + survivorSource + ")");
      }
    }

    Suggestion suggestion() {
      boolean verdictRule = a.findings().stream().anyMatch(f -> f.id().equals("gc-not-the-problem"));
      boolean seriousFlags = a.findings().stream().anyMatch(f -> f.severity() != Severity.INFO && !f.flags().isEmpty());
      boolean gcNotTheProblem = verdictRule || (!seriousFlags && a.throughputPct() > 98 && fullGcs == 0
          && a.pauses().all().maxMs() <= pauseTargetMs && a.pauses().all().count() > 0);
      List<Candidate> proposed = new ArrayList<>();
      if (gcNotTheProblem) {
        add(proposed, findings(true));
        add(proposed, pretouch());
        add(proposed, metaspace());
      } else if (diagnosis.primary() == Problem.MEMORY_LEAK) {
        // flags are not the fix for a leak: no young, survivor or collector candidates
        add(proposed, findings(true));
        add(proposed, metaspace());
        notes.add("memory leak: no young-generation, survivor or collector candidates, since flags do not fix a leak");
      } else {
        add(proposed, findings(false));
        add(proposed, youngSizing());
        add(proposed, collectorChange());
        add(proposed, pretouch());
        add(proposed, metaspace());
      }
      // candidates that change only what can fix the primary problem are tried before bundles
      List<Candidate> kept = distinct(CandidateOrder.singleProblemFirst(proposed, orderCode()),
          gcNotTheProblem ? MAX_HYGIENE_CANDIDATES : MAX_CANDIDATES);
      // the goals follow the problem: its metric must improve, every other one must not get worse
      List<Level> levels = LoadLevels.levels(in.qps(), in.concurrency(),
          new LoadLevels.Baseline(fullGcs > 0, startupFullGcs, gcNotTheProblem, diagnosis.primary().code()));
      if (!(in.qps() > 0) && in.concurrency() <= 0) {
        notes.add("no --qps or --concurrency: the load levels are placeholders (" + levels.get(0).concurrency()
            + " clients and fewer); set them to the service's high, medium and low load");
      }
      return new Suggestion(jdk, collector.displayName(), current, kept, levels, gcNotTheProblem,
          verdict(gcNotTheProblem, kept), evidence, notes, diagnosis);
    }

    /** Candidates in order, without those that equal the baseline or an earlier one, at most {@code max}. */
    /**
     * The problem the candidates are ordered for: the primary diagnosis, except that premature
     * promotion from old-to-young churn is fixed by the old generation's collector or size, not
     * by young sizing.
     */
    private String orderCode() {
      String code = diagnosis.primary().code();
      return model.cacheChurn() != null && code.equals("premature-promotion") ? CandidateOrder.CACHE_CHURN : code;
    }

    private List<Candidate> distinct(List<Candidate> proposed, int max) {
      List<Candidate> kept = new ArrayList<>();
      List<List<String>> seen = new ArrayList<>();
      seen.add(FlagSet.merge(current, List.of()));
      for (Candidate c : proposed) {
        List<String> whole = FlagSet.merge(current, c.flags());
        if (kept.size() < max && seen.stream().noneMatch(s -> FlagSet.sameConfiguration(s, whole))) {
          kept.add(c);
          seen.add(whole);
        }
      }
      return kept;
    }

    private static void add(List<Candidate> out, Candidate c) {
      if (c != null && !c.flags().isEmpty()) {
        out.add(c);
      }
    }

    private String verdict(boolean gcNotTheProblem, List<Candidate> kept) {
      String names = kept.isEmpty() ? "none" : String.join(", ", kept.stream().map(Candidate::name).toList());
      if (diagnosis.primary() == Problem.MEMORY_LEAK) {
        return "Diagnosis: memory-leak. " + diagnosis.advice() + " Candidates (low-risk only): " + names + ".";
      }
      String lead = "Diagnosis: " + diagnosis.line() + ". " + (diagnosis.advice().isEmpty() ? "" : diagnosis.advice() + " ");
      if (gcNotTheProblem) {
        return lead + String.format(Locale.US, "GC is not the problem: GC throughput %.2f%%, pause p99 %.1f ms (target %.0f ms),"
            + " no Full GC, and no finding recommends flags. JVM flags will not move latency or throughput much here:"
            + " look at CPU use in business threads, lock contention (thread dumps with BLOCKED threads), I/O"
            + " waits and downstream calls. Low-risk candidates only (%s); expect them to change little.",
            a.throughputPct(), a.pauses().all().percentileMs(99), pauseTargetMs, names);
      }
      long serious = a.findings().stream().filter(f -> f.severity() != Severity.INFO).count();
      return lead + String.format(Locale.US, "GC costs here: GC throughput %.2f%%, %d Full GC(s)%s, young p99 %.1f ms; %d"
          + " finding(s) above info level. Candidates: %s. Run the plan to see which one meets the goals"
          + " under the same load.", a.throughputPct(), fullGcs,
          fullGcs > 0 ? String.format(Locale.US, " (longest %.0f ms)", fullMaxMs) : "", youngP99Ms, serious, names);
    }

    // --- candidates ---------------------------------------------------------------------------

    /** Every flag the findings recommend (collector changes aside), most severe first, per option the first. */
    private Candidate findings(boolean hygieneOnly) {
      Map<String, String> byOption = new LinkedHashMap<>();
      List<String> cited = new ArrayList<>();
      for (Finding f : a.findings()) {
        if (f.flags().isEmpty() || f.flags().stream().anyMatch(x -> x.startsWith("-XX:+Use") && x.endsWith("GC"))) {
          continue;
        }
        List<String> proposed = f.flags().stream().map(this::sized)
            .filter(x -> diagnosis.primary() != Problem.MEMORY_LEAK || !youngOrSurvivor(x)).toList();
        List<String> usable = usable(proposed, "finding " + f.id());
        if (usable.isEmpty()) {
          continue;
        }
        List<String> taken = new ArrayList<>();
        List<String> overridden = new ArrayList<>();
        for (String flag : usable) {
          (byOption.putIfAbsent(FlagSet.option(flag), flag) == null ? taken : overridden).add(flag);
        }
        cited.add(f.id() + " (" + f.title() + ") -> " + (taken.isEmpty() ? "nothing more" : String.join(" ", taken))
            + (overridden.isEmpty() ? "" : " (" + String.join(" ", overridden) + " not taken: a finding above sets the same option)"));
      }
      if (byOption.isEmpty()) {
        return null;
      }
      String lead = hygieneOnly ? "Low-risk flag hygiene the findings recommend: " : "Every flag the findings recommend, together: ";
      return Candidate.of("findings", List.copyOf(byOption.values()), lead + String.join("; ", cited) + ".");
    }

    /** Flags that size the young generation or its survivors. */
    private static boolean youngOrSurvivor(String flag) {
      String o = FlagSet.option(flag);
      return o.equals("Xmn") || o.equals("NewSize") || o.equals("MaxNewSize") || o.equals("NewRatio")
          || o.equals("SurvivorRatio") || o.equals("UseAdaptiveSizePolicy") || o.equals("MaxTenuringThreshold");
    }

    /**
     * A flag from a finding as the advisor sizes it: a metaspace flag resized when jstat knew the
     * peak the log did not show; a survivor ratio for the survivor demand the advisor knows
     * (request data from --qps/--concurrency besides the log), so one option has one value.
     */
    private String sized(String flag) {
      String o = FlagSet.option(flag);
      if (o.equals("SurvivorRatio") && survivorRatio() > 0) {
        return "-XX:SurvivorRatio=" + survivorRatio();
      }
      boolean meta = o.equals("MetaspaceSize") || o.equals("MaxMetaspaceSize") || o.equals("PermSize") || o.equals("MaxPermSize");
      if (meta && metaspaceSource.equals("jstat MU") && metaspacePeak > 0) {
        return "-XX:" + o + "=" + ByteSize.flagValue(metaspaceMb() * MB);
      }
      return flag;
    }

    /** The survivor demand the advisor knows: the request data alive at a young GC or the logged demand, or -1. */
    private long survivorNeed() {
      return Math.max(liveRequestData, survivorDemand);
    }

    /** The survivor ratio for the model's young generation and {@link #survivorNeed()} (3 to 8), or -1. */
    private int survivorRatio() {
      long need = survivorNeed();
      long y = model.targetYoung() > 0 ? model.targetYoung() : young;
      if (need <= 0 || y <= 0) {
        return -1;
      }
      int raw = (int) Math.floor(y / (need / SURVIVOR_TARGET)) - 2;
      return Math.max(3, Math.min(8, raw));
    }

    /**
     * The young generation of the memory model (about 3/8 of its heap, old keeping 1.5x the live
     * set), survivors holding the request data alive at a young GC; none when the model refuses
     * to grow young (rare, short young GCs, a leak, cache churn).
     */
    private Candidate youngSizing() {
      if (heap <= 0 || !fixedYoung(collector)) {
        return null;
      }
      String refused = model.youngGrowthRefused();
      if (refused != null) {
        notes.add("no young-generation candidate: " + refused + (model.cacheChurn() != null
            ? "; bound the cache or move it off the heap" : ""));
        return null;
      }
      long target = model.targetYoung();
      if (target <= 0) {
        return null;
      }
      List<String> why = new ArrayList<>();
      why.add(String.format(Locale.US, "Young generation about 3/8 of the%s heap for a request/response service (most"
          + " objects die young), within what leaves old %.1fx the live set%s: %s of %s (now %s)",
          model.heapGrows() ? " advised" : "", MemoryModel.OLD_HEADROOM, model.live().known()
              ? " of " + ByteSize.human(model.live().bytes()) : "", ByteSize.human(target), ByteSize.human(model.targetHeap()),
          young > 0 ? ByteSize.human(young) + String.format(Locale.US, ", %.0f%% of %s", 100.0 * young / heap,
              ByteSize.human(heap)) : "unknown"));
      long need = survivorNeed();
      int ratio = survivorRatio();
      if (ratio > 0) {
        double survivor = need / SURVIVOR_TARGET;
        why.add(String.format(Locale.US, "survivors must hold %s alive per young GC (%s) at most half full: %s"
            + " each, so SurvivorRatio=%d (survivor = young / %d = %s)", ByteSize.human(need),
            liveRequestData >= survivorDemand ? "memory per request x requests in flight" : survivorSource,
            ByteSize.human(survivor), ratio, ratio + 2, ByteSize.human(target / (ratio + 2.0))));
        if (target / (ratio + 2.0) < survivor) {
          notes.add(String.format(Locale.US, "young-sizing: %s of request data per young GC needs survivors of %s,"
              + " more than a young generation of %s gives (young / 5 = %s): a larger heap or less memory per request"
              + " is the fix", ByteSize.human(need), ByteSize.human(survivor), ByteSize.human(target),
              ByteSize.human(target / 5.0)));
        }
      } else {
        ratio = 6;
        why.add("no survivor demand known (no tenuring data, --qps/--concurrency or jstat): SurvivorRatio=6,"
            + " survivor = young / 8 (survivors of young / 6 to young / 8 suit request/response services)");
      }
      List<String> changes = new ArrayList<>();
      if (model.youngChanges()) {
        changes.add("-Xmn" + ByteSize.flagValue(target));
      }
      changes.add("-XX:SurvivorRatio=" + ratio);
      if (collector == Collector.PARALLEL) {
        changes.add("-XX:-UseAdaptiveSizePolicy");
        why.add("Parallel's adaptive sizing would override SurvivorRatio, so it is switched off");
      }
      changes.addAll(lowRisk(collector, why));
      return candidate("young-sizing", changes, why);
    }

    /** A collector change when the heap, the pause goal or the pauses justify it; G1's pause goal on G1. */
    private Candidate collectorChange() {
      List<String> why = new ArrayList<>();
      boolean largeHeap = heap >= LARGE_HEAP;
      boolean longFull = fullGcs > 0 && fullMaxMs > pauseTargetMs;
      boolean longYoung = youngP99Ms > pauseTargetMs;
      if (largeHeap) {
        why.add("heap " + ByteSize.human(heap) + " (>= 4 GB)");
      }
      if (pauseGoal) {
        why.add(String.format(Locale.US, "a pause goal of %.0f ms", pauseTargetMs));
      }
      if (longFull) {
        why.add(String.format(Locale.US, "%d Full GC(s), the longest %.0f ms against a %.0f ms target", fullGcs, fullMaxMs, pauseTargetMs));
      }
      if (longYoung) {
        why.add(String.format(Locale.US, "young pause p99 %.1f ms above the %.0f ms target", youngP99Ms, pauseTargetMs));
      }
      if (collector.isCms() && !FlagAvailability.available("-XX:+UseConcMarkSweepGC", jdk)) {
        why.add("CMS, which the log was written by, was removed in JDK 14");
        notes.add("the log was written by CMS, which " + jdk.describe() + " does not have: the baseline runs the"
            + " JDK's default collector there; to compare with CMS itself, run the plan on the log's JDK");
      }
      a.findings().stream().filter(f -> f.id().equals("no-collector-chosen") && f.severity() != Severity.INFO)
          .findFirst().ifPresent(f -> why.add(f.title()));
      if (model.cacheChurn() != null && (collector == Collector.SERIAL || collector == Collector.PARALLEL)) {
        why.add(String.format(Locale.US, "old-to-young churn with %d Full GC(s): on a stop-the-world old generation"
            + " every evicted cache entry waits for a Full GC; G1's concurrent marking and mixed collections reclaim"
            + " old regions as they go (the cause stays the cache: bound it or move it off the heap)", fullGcs));
      }
      if (a.findings().stream().anyMatch(f -> f.id().equals("promotion-failure")) && collector.isCms()) {
        why.add("CMS promotion failures (fragmentation keeps coming back; G1 compacts as it goes)");
      }
      if (pauseGoal && pauseTargetMs <= 10 && jdk.atLeast(15) && collector != Collector.ZGC
          && collector != Collector.ZGC_GENERATIONAL) {
        return zgc(why);
      }
      boolean fixed = fixedYoung(collector) || collector == Collector.UNKNOWN;
      if (fixed && jdk.atLeast(8) && !why.isEmpty()) {
        return switchTo("g1", Collector.G1, List.of("-XX:+UseG1GC", "-XX:MaxGCPauseMillis=" + Math.round(pauseTargetMs)),
            why, "G1 with MaxGCPauseMillis=" + Math.round(pauseTargetMs) + " sizes young itself to meet the goal (so no -Xmn)");
      }
      if (collector == Collector.G1 && (longYoung || pauseGoal)) {
        long now = flags.value("MaxGCPauseMillis") != null ? parseLong(flags.value("MaxGCPauseMillis"), 200) : 200;
        if (now != Math.round(pauseTargetMs)) {
          why.add("G1's pause goal is " + now + " ms now");
          return switchTo("g1-pause-" + Math.round(pauseTargetMs), Collector.G1,
              List.of("-XX:MaxGCPauseMillis=" + Math.round(pauseTargetMs)), why,
              "G1 shrinks young to meet a tighter pause goal: more young GCs, each shorter");
        }
      }
      boolean throughputFirst = !pauseGoal && !largeHeap && !longYoung && !longFull;
      if (throughputFirst && collector == Collector.SERIAL && cpus() != 1) {
        why.add("Serial collects on one thread; with no pause goal and a heap under 4 GB, Parallel"
            + " (throughput first) collects the same generations on all cores");
        return switchTo("parallel", Collector.PARALLEL, List.of("-XX:+UseParallelGC"), why, null);
      }
      if (throughputFirst && (collector == Collector.G1 || collector.isCms()) && a.throughputPct() < 95) {
        why.add(String.format(Locale.US, "GC throughput %.1f%% with pauses within the target: Parallel spends less"
            + " on collection when throughput is the goal", a.throughputPct()));
        return switchTo("parallel", Collector.PARALLEL, List.of("-XX:+UseParallelGC"), why, null);
      }
      return null;
    }

    private Candidate zgc(List<String> why) {
      List<String> z = new ArrayList<>(List.of("-XX:+UseZGC"));
      if (FlagAvailability.available("-XX:+ZGenerational", jdk)) {
        z.add("-XX:+ZGenerational");
      }
      return switchTo("zgc", Collector.ZGC, z, why, String.format(Locale.US,
          "a pause goal of %.0f ms or less is ZGC's: its pauses do not grow with the heap (give it headroom: allocation"
              + " stalls replace pauses when it cannot keep up)", pauseTargetMs));
    }

    private Candidate switchTo(String name, Collector to, List<String> choose, List<String> why, String how) {
      List<String> reasons = new ArrayList<>();
      reasons.add("Collector change for: " + String.join("; ", why));
      if (how != null) {
        reasons.add(how);
      }
      boolean sizesYoung = to == Collector.G1 || to == Collector.ZGC;
      if (to != collector && sizesYoung && (FlagSet.sets(current, "Xmn") || FlagSet.sets(current, "NewSize"))) {
        notes.add(name + ": a target that keeps its own young size (a lab scenario's -Xmn) fixes it under "
            + to.displayName() + " too, which defeats the pause goal; a command target's plan leaves it out");
      }
      List<String> changes = new ArrayList<>(choose);
      changes.addAll(lowRisk(to, reasons));
      return candidate(name, changes, reasons);
    }

    /** -Xms = -Xmx with pre-touch alone (no page faults on an untouched heap): low risk, when little else is worth trying. */
    private Candidate pretouch() {
      if (heap <= 0) {
        return null;
      }
      List<String> why = new ArrayList<>();
      List<String> changes = heapFlags(why);
      return changes.isEmpty() ? null : candidate("pretouch", changes, why);
    }

    /** MetaspaceSize = MaxMetaspaceSize alone (no Full GCs at deploy), when not set. */
    private Candidate metaspace() {
      List<String> why = new ArrayList<>();
      List<String> changes = metaspaceFlags(why);
      return changes.isEmpty() ? null : candidate("metaspace", changes, why);
    }

    /** The low-risk part of a complete configuration for {@code to}: metaspace, fixed heap, System.gc(). */
    private List<String> lowRisk(Collector to, List<String> why) {
      List<String> out = new ArrayList<>(metaspaceFlags(why));
      out.addAll(heapFlags(why));
      // under ZGC and Shenandoah System.gc() runs a concurrent cycle: nothing to change for the switch
      a.findings().stream().filter(f -> f.id().equals("system-gc") && !to.collectsConcurrently()).findFirst().ifPresent(f -> {
        boolean concurrent = to == Collector.G1 || to.isCms();
        out.add(concurrent ? "-XX:+ExplicitGCInvokesConcurrent" : "-XX:+DisableExplicitGC");
        why.add(f.title() + (concurrent ? ": run them as concurrent cycles" : ": disable them (check NIO direct buffers first)"));
      });
      return out;
    }

    private List<String> metaspaceFlags(List<String> why) {
      boolean problem = a.findings().stream().anyMatch(f -> f.id().equals("metadata-gc-threshold"));
      if (jdk.atLeast(8)) {
        if (flags.has("MetaspaceSize") && !problem) {
          return List.of();
        }
        long mb = metaspaceMb();
        why.add(metaspacePeak > 0
            ? String.format(Locale.US, "MetaspaceSize = MaxMetaspaceSize = %d MB: metaspace peak %s (%s) + 50%%, rounded up to 64 MB%s",
                mb, ByteSize.human(metaspacePeak), metaspaceSource, problem ? ", against Metadata GC Threshold collections" : "")
            : "MetaspaceSize = MaxMetaspaceSize = 256 MB (room for a metaspace peak up to about 170 MB; the peak is"
                + " not known: jstat -gc MU gives it, and the size is then the peak + 50%)");
        return List.of("-XX:MetaspaceSize=" + ByteSize.flagValue(mb * MB), "-XX:MaxMetaspaceSize=" + ByteSize.flagValue(mb * MB));
      }
      if (jdk.max() <= 7 && problem && !flags.has("PermSize")) {
        long mb = metaspaceMb();
        why.add("PermSize = MaxPermSize = " + mb + " MB against permanent-generation collections");
        return List.of("-XX:PermSize=" + ByteSize.flagValue(mb * MB), "-XX:MaxPermSize=" + ByteSize.flagValue(mb * MB));
      }
      return List.of();
    }

    private long metaspaceMb() {
      if (metaspacePeak <= 0) {
        return 256;
      }
      long mb = (long) Math.ceil(metaspacePeak * 1.5 / MB);
      return Math.max(64, (mb + 63) / 64 * 64);
    }

    /** -Xms = -Xmx = the heap, with -XX:+AlwaysPreTouch, unless already so. */
    private List<String> heapFlags(List<String> why) {
      if (heap <= 0) {
        return List.of();
      }
      if (model.heapGrows() && diagnosis.primary() != Problem.MEMORY_LEAK) {
        String h = ByteSize.flagValue(roundMb(model.targetHeap()));
        why.add(String.format(Locale.US, "heap %s from the live set of %s (%s; now %s), fixed and touched at start"
            + " (-Xms = -Xmx, AlwaysPreTouch)", ByteSize.human(model.targetHeap()), ByteSize.human(model.live().bytes()),
            MemoryModel.HEAP_RULE, ByteSize.human(heap)));
        return List.of("-Xms" + h, "-Xmx" + h, "-XX:+AlwaysPreTouch");
      }
      long host = model.capacities().hostMemory();
      if (!heapChosen && host > 0 && heap >= 0.2 * host) {
        // the JVM's default largest heap (a quarter of memory): fixing and touching it commits memory the service never chose
        String note = "no pre-touched fixed heap: the largest heap, " + ByteSize.human(heap) + ", is the JVM's default (a quarter"
            + " of the host's " + ByteSize.human(host) + ")" + (model.live().known() ? " and the live set is "
            + ByteSize.human(model.live().bytes()) : "") + "; -Xms = -Xmx with AlwaysPreTouch would commit all of it."
            + " Choose the heap first (" + MemoryModel.HEAP_RULE + ")";
        if (!notes.contains(note)) {
          notes.add(note);
        }
        return List.of();
      }
      long xms = flags.bytes("InitialHeapSize").orElse(-1);
      boolean fixedAlready = xms == heap && flags.bytes("MaxHeapSize").orElse(-1) == heap;
      if (fixedAlready && flags.isOn("AlwaysPreTouch")) {
        return List.of();
      }
      if (fixedAlready) {
        why.add("heap touched at start (AlwaysPreTouch; -Xms = -Xmx = " + ByteSize.human(heap) + " already): no page faults or"
            + " kernel reclaim stalls while serving");
        return List.of("-XX:+AlwaysPreTouch");
      }
      String h = ByteSize.flagValue(roundMb(heap));
      why.add("heap fixed at " + ByteSize.human(heap) + " and touched at start (-Xms = -Xmx, AlwaysPreTouch): no resizing Full GCs,"
          + " no page faults or kernel reclaim stalls while serving"
          + (xms > 0 && xms != heap ? "; now -Xms is " + ByteSize.human(xms) : ""));
      return List.of("-Xms" + h, "-Xmx" + h, "-XX:+AlwaysPreTouch");
    }

    private Candidate candidate(String name, List<String> changes, List<String> why) {
      List<String> usable = usable(changes, name);
      String reason = String.join("; ", why) + ".";
      return usable.isEmpty() ? null : Candidate.of(name, usable, Character.toUpperCase(reason.charAt(0)) + reason.substring(1));
    }

    /** The flags the target JDK has; the others noted and dropped (an orphan Unlock flag with them). */
    private List<String> usable(List<String> changes, String what) {
      List<String> out = new ArrayList<>();
      Map<String, List<String>> missing = new LinkedHashMap<>();
      for (String f : changes) {
        if (FlagAvailability.available(f, jdk)) {
          out.add(f);
        } else {
          missing.computeIfAbsent(FlagAvailability.whyMissing(f, jdk), k -> new ArrayList<>()).add(f);
        }
      }
      missing.forEach((why, fs) -> {
        String note = what + ": " + String.join(" ", fs) + " left out for " + jdk.shortName() + ": " + why;
        if (!notes.contains(note)) {
          notes.add(note);
        }
      });
      if (out.stream().allMatch(f -> f.startsWith("-XX:+Unlock"))) {
        return List.of();
      }
      return out;
    }

    private int cpus() {
      Integer c = a.jvm().info().cpus();
      return c == null ? -1 : c;
    }
  }

  /** Collectors with a young generation of fixed size (-Xmn and SurvivorRatio apply as given). */
  private static boolean fixedYoung(Collector c) {
    return switch (c) {
      case SERIAL, PARALLEL, PARNEW_CMS, DEFNEW_CMS, PARNEW_SERIAL_OLD -> true;
      default -> false;
    };
  }

  private static long parseLong(String s, long dflt) {
    try {
      return Long.parseLong(s.trim());
    } catch (NumberFormatException e) {
      return dflt;
    }
  }

  /** Rounds to a step of a power of two near a sixteenth of the value (256 MB -> 64 MB steps of 16). */
  static long roundNice(double bytes) {
    long mb = Math.max(1, Math.round(bytes / MB));
    long step = Long.highestOneBit(Math.max(1, mb / 4));
    return Math.max(step, Math.round((double) mb / step) * step) * MB;
  }

  private static long roundMb(long bytes) {
    return MemoryModel.wholeMb(bytes);
  }
}
