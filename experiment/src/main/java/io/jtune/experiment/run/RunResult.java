package io.jtune.experiment.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import io.jtune.diagnostics.nmt.NativeMemory;
import io.jtune.experiment.attribution.GcAttribution;
import java.util.List;
import java.util.Map;

/**
 * What one run (level x candidate x repetition) measured, as written to its {@code result.json}
 * the moment it finishes. Reports are computed from these files alone, so a resumed experiment
 * reports exactly what an uninterrupted one would for the runs they share.
 *
 * @param schema {@value #SCHEMA}
 * @param id the run's id, such as {@code high-baseline-r2}
 * @param level the load level
 * @param candidate the candidate
 * @param repetition from 1
 * @param status {@code ok} or {@code failed}
 * @param failure why it failed, one line; null when ok
 * @param startedAt ISO-8601 start time
 * @param flags the JVM flags the candidate added
 * @param jvmPid the target JVM's pid
 * @param windowStartEpochMs start of the measured window (wall clock)
 * @param windowEndEpochMs its end
 * @param metrics by {@link io.jtune.experiment.plan.Metric} key, counts written as integers; absent when
 *     not measured
 * @param threads what a thread dump taken during warm-up showed, or null
 * @param gcLinesNotUnderstood GC log lines the analyzer did not understand
 * @param outputTail the last lines of the target's output (failed runs, and every run for the record)
 * @param gcProblem the problem the run's GC log (and output) shows ({@link RunDiagnosis}), or null when
 *     it shows none or was not analyzed
 * @param recording what the run's JFR recording (experiment --jfr) shows, or null without one
 * @param gcAttribution the measured requests lined up with the target's stop-the-world pauses, or null
 *     when not measured (a failed run, a GC log without wall-clock stamps)
 * @param container what the container did when the run ran under container limits, or null without limits
 * @param ergonomics what the JVM chose for itself (collector, heap, processors, threads), or null when
 *     it was not asked
 * @param nativeMemory the JVM's native memory by Native Memory Tracking at the end of the measured
 *     window, beside its RSS (the baseline's runs), or null
 * @param endpoints per endpoint of the load (several URLs, or groups of replayed paths), or null
 *     when the load had one
 * @param steadiness how long the warm-up took and why it ended, the per-second series of the
 *     warm-up and of the window, and whether the service served the offered rate; null for runs
 *     recorded before it was kept, and failed runs
 * @param classGrowth what grew between a class histogram at the end of the warm-up and one at the end of
 *     the window (the runs that check a rising live set), or why none was taken; null when not asked
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunResult(
    String schema,
    String id,
    String level,
    String candidate,
    int repetition,
    String status,
    String failure,
    String startedAt,
    List<String> flags,
    long jvmPid,
    long windowStartEpochMs,
    long windowEndEpochMs,
    @JsonSerialize(using = MetricValuesJson.class) Map<String, Double> metrics,
    ThreadsSeen threads,
    long gcLinesNotUnderstood,
    List<String> outputTail,
    GcProblem gcProblem,
    RecordingSeen recording,
    GcAttribution gcAttribution,
    ContainerSeen container,
    Ergonomics ergonomics,
    NativeMemory nativeMemory,
    List<EndpointSeen> endpoints,
    Steadiness steadiness,
    ClassGrowth classGrowth) {

  public static final String SCHEMA = "jtune.run/1";

  /** A result without class histograms (see {@link #withClassGrowth}). */
  public RunResult(String schema, String id, String level, String candidate, int repetition, String status,
      String failure, String startedAt, List<String> flags, long jvmPid, long windowStartEpochMs,
      long windowEndEpochMs, Map<String, Double> metrics, ThreadsSeen threads, long gcLinesNotUnderstood,
      List<String> outputTail, GcProblem gcProblem, RecordingSeen recording, GcAttribution gcAttribution,
      ContainerSeen container, Ergonomics ergonomics, NativeMemory nativeMemory, List<EndpointSeen> endpoints,
      Steadiness steadiness) {
    this(schema, id, level, candidate, repetition, status, failure, startedAt, flags, jvmPid, windowStartEpochMs,
        windowEndEpochMs, metrics, threads, gcLinesNotUnderstood, outputTail, gcProblem, recording, gcAttribution,
        container, ergonomics, nativeMemory, endpoints, steadiness, null);
  }

  /** This result with what its class histograms showed (null: none asked). */
  public RunResult withClassGrowth(ClassGrowth g) {
    return new RunResult(schema, id, level, candidate, repetition, status, failure, startedAt, flags, jvmPid,
        windowStartEpochMs, windowEndEpochMs, metrics, threads, gcLinesNotUnderstood, outputTail, gcProblem, recording,
        gcAttribution, container, ergonomics, nativeMemory, endpoints, steadiness, g);
  }

  /** A result without its warm-up's record (see {@link #withSteadiness}). */
  public RunResult(String schema, String id, String level, String candidate, int repetition, String status,
      String failure, String startedAt, List<String> flags, long jvmPid, long windowStartEpochMs,
      long windowEndEpochMs, Map<String, Double> metrics, ThreadsSeen threads, long gcLinesNotUnderstood,
      List<String> outputTail, GcProblem gcProblem, RecordingSeen recording, GcAttribution gcAttribution,
      ContainerSeen container, Ergonomics ergonomics, NativeMemory nativeMemory, List<EndpointSeen> endpoints) {
    this(schema, id, level, candidate, repetition, status, failure, startedAt, flags, jvmPid, windowStartEpochMs,
        windowEndEpochMs, metrics, threads, gcLinesNotUnderstood, outputTail, gcProblem, recording, gcAttribution,
        container, ergonomics, nativeMemory, endpoints, null);
  }

  /** This result with its warm-up's and window's record (null: none). */
  public RunResult withSteadiness(Steadiness s) {
    return new RunResult(schema, id, level, candidate, repetition, status, failure, startedAt, flags, jvmPid,
        windowStartEpochMs, windowEndEpochMs, metrics, threads, gcLinesNotUnderstood, outputTail, gcProblem, recording,
        gcAttribution, container, ergonomics, nativeMemory, endpoints, s, classGrowth);
  }

  /** Whether the run served clearly less than its open-model load offered: its latencies are a queue's. */
  public boolean overloaded() {
    return steadiness != null && steadiness.overloaded();
  }

  /**
   * A run's warm-up and window second by second, and whether it served its offered rate.
   *
   * @param warmupS how long the warm-up lasted
   * @param warmupEnded {@code steady} (the steady-state rule held), {@code saturated} (serving less
   *     than offered, stably, JIT done), {@code ceiling} (not steady by maxWarmup) or {@code fixed}
   * @param minWarmupS the level's warm-up (the shortest)
   * @param maxWarmupS its ceiling
   * @param warmup per second of the warm-up: t from the load's start, throughput, p99, JIT time
   * @param window per second of the measured window: t from the window's start
   * @param offeredRps the open model's rate, null in the closed model
   * @param servedRps responses per second in the window
   * @param overloaded served less than 90 % of the offered rate: the latencies are a queue's
   * @param windowUnanswered true when no request sent in the window got an answer, the service
   *     spending the window on the warm-up's queued requests: the run's latencies are then those
   *     requests' (from their intended send, the time they queued); null otherwise
   * @param rampUpS the open-model rate grew from 0 over this many seconds at the start of the
   *     warm-up (its steady state judged after it); null without a ramp-up
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Steadiness(double warmupS, String warmupEnded, double minWarmupS, double maxWarmupS,
      List<SecondSeen> warmup, List<SecondSeen> window, Double offeredRps, double servedRps, boolean overloaded,
      Boolean windowUnanswered, Double rampUpS) {

    static Steadiness of(double warmupS, String ended, double minS, double maxS, List<SteadyState.Second> warmup,
        List<SteadyState.Second> window, double offered, double served, boolean overloaded) {
      return new Steadiness(r(warmupS), ended, minS, maxS, warmup.stream().map(SecondSeen::of).toList(),
          window.stream().map(SecondSeen::of).toList(), Double.isNaN(offered) ? null : r(offered), r(served),
          overloaded, null, null);
    }

    /** This record with the warm-up's ramp-up (null: none). */
    Steadiness withRampUp(Double seconds) {
      return new Steadiness(warmupS, warmupEnded, minWarmupS, maxWarmupS, warmup, window, offeredRps, servedRps,
          overloaded, windowUnanswered, seconds);
    }

    /** This record of a window whose own requests got no answer (see {@link #windowUnanswered}). */
    Steadiness unanswered() {
      return new Steadiness(warmupS, warmupEnded, minWarmupS, maxWarmupS, warmup, window, offeredRps, servedRps,
          overloaded, true, rampUpS);
    }

    /** The per-second throughput of the window, for a line of text: "72 71 73 ..." (at most {@code n}). */
    public String windowThroughput(int n) {
      return series(window, n, SecondSeen::rps);
    }

    /** The per-second throughput of the warm-up (at most {@code n}, evenly picked). */
    public String warmupThroughput(int n) {
      return series(warmup, n, SecondSeen::rps);
    }

    private static String series(List<SecondSeen> s, int n, java.util.function.ToDoubleFunction<SecondSeen> f) {
      StringBuilder b = new StringBuilder();
      int step = Math.max(1, (int) Math.ceil(s.size() / (double) n));
      for (int i = 0; i < s.size(); i += step) {
        b.append(b.length() == 0 ? "" : " ").append(Math.round(f.applyAsDouble(s.get(i))));
      }
      return b.toString();
    }
  }

  /**
   * One second of load.
   *
   * @param t seconds from the start of the warm-up (or window) to the end of this second
   * @param rps responses in it
   * @param p99Ms their p99
   * @param jitMs time the JIT compilers spent in it, null when the JVM does not publish it
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record SecondSeen(double t, double rps, double p99Ms, Double jitMs) {
    static SecondSeen of(SteadyState.Second s) {
      return new SecondSeen(r(s.t()), r(s.rps()), r(s.p99Ms()), Double.isNaN(s.jitMs()) ? null : r(s.jitMs()));
    }
  }

  private static double r(double v) {
    return io.jtune.common.format.JsonNumbers.round(v, 3);
  }

  /** A result of a run without container limits and without the JVM's ergonomics. */
  public RunResult(String schema, String id, String level, String candidate, int repetition, String status,
      String failure, String startedAt, List<String> flags, long jvmPid, long windowStartEpochMs,
      long windowEndEpochMs, Map<String, Double> metrics, ThreadsSeen threads, long gcLinesNotUnderstood,
      List<String> outputTail, GcProblem gcProblem, RecordingSeen recording, GcAttribution gcAttribution) {
    this(schema, id, level, candidate, repetition, status, failure, startedAt, flags, jvmPid, windowStartEpochMs,
        windowEndEpochMs, metrics, threads, gcLinesNotUnderstood, outputTail, gcProblem, recording, gcAttribution,
        null, null, null);
  }

  /** A result without native memory (taken on the baseline's runs only; see {@link #withNativeMemory}). */
  public RunResult(String schema, String id, String level, String candidate, int repetition, String status,
      String failure, String startedAt, List<String> flags, long jvmPid, long windowStartEpochMs,
      long windowEndEpochMs, Map<String, Double> metrics, ThreadsSeen threads, long gcLinesNotUnderstood,
      List<String> outputTail, GcProblem gcProblem, RecordingSeen recording, GcAttribution gcAttribution,
      ContainerSeen container, Ergonomics ergonomics) {
    this(schema, id, level, candidate, repetition, status, failure, startedAt, flags, jvmPid, windowStartEpochMs,
        windowEndEpochMs, metrics, threads, gcLinesNotUnderstood, outputTail, gcProblem, recording, gcAttribution,
        container, ergonomics, null);
  }

  /** A result without per-endpoint figures (see {@link #withEndpoints}). */
  public RunResult(String schema, String id, String level, String candidate, int repetition, String status,
      String failure, String startedAt, List<String> flags, long jvmPid, long windowStartEpochMs,
      long windowEndEpochMs, Map<String, Double> metrics, ThreadsSeen threads, long gcLinesNotUnderstood,
      List<String> outputTail, GcProblem gcProblem, RecordingSeen recording, GcAttribution gcAttribution,
      ContainerSeen container, Ergonomics ergonomics, NativeMemory nativeMemory) {
    this(schema, id, level, candidate, repetition, status, failure, startedAt, flags, jvmPid, windowStartEpochMs,
        windowEndEpochMs, metrics, threads, gcLinesNotUnderstood, outputTail, gcProblem, recording, gcAttribution,
        container, ergonomics, nativeMemory, null);
  }

  /** This result with the native memory taken at the end of its window (null: none). */
  public RunResult withNativeMemory(NativeMemory m) {
    return new RunResult(schema, id, level, candidate, repetition, status, failure, startedAt, flags, jvmPid,
        windowStartEpochMs, windowEndEpochMs, metrics, threads, gcLinesNotUnderstood, outputTail, gcProblem, recording,
        gcAttribution, container, ergonomics, m, endpoints, steadiness, classGrowth);
  }

  /** This result with its load's per-endpoint figures (null or empty: one endpoint). */
  public RunResult withEndpoints(List<EndpointSeen> e) {
    return new RunResult(schema, id, level, candidate, repetition, status, failure, startedAt, flags, jvmPid,
        windowStartEpochMs, windowEndEpochMs, metrics, threads, gcLinesNotUnderstood, outputTail, gcProblem, recording,
        gcAttribution, container, ergonomics, nativeMemory, e == null || e.isEmpty() ? null : List.copyOf(e), steadiness,
        classGrowth);
  }

  /**
   * One endpoint's share of the run's measured requests.
   *
   * @param name {@code METHOD PATH}, a replayed path's group such as {@code GET /orders/{id}}
   * @param requests completed requests (any status)
   * @param throughputRps completed requests per second
   * @param p50Ms median latency (from the intended send time in the open model)
   * @param p99Ms 99th percentile latency
   * @param errors 4xx and 5xx responses and failed requests
   */
  public record EndpointSeen(String name, long requests, double throughputRps, double p50Ms, double p99Ms,
      long errors) {
    /** Figures kept to the thousandth (the microsecond for latencies), as every jtune document writes them. */
    public EndpointSeen {
      throughputRps = io.jtune.common.format.JsonNumbers.round(throughputRps, 3);
      p50Ms = io.jtune.common.format.JsonNumbers.round(p50Ms, 3);
      p99Ms = io.jtune.common.format.JsonNumbers.round(p99Ms, 3);
    }
  }

  /** A result without latency-to-GC attribution (a failed run, or one whose log could not be lined up). */
  public RunResult(String schema, String id, String level, String candidate, int repetition, String status,
      String failure, String startedAt, List<String> flags, long jvmPid, long windowStartEpochMs,
      long windowEndEpochMs, Map<String, Double> metrics, ThreadsSeen threads, long gcLinesNotUnderstood,
      List<String> outputTail, GcProblem gcProblem, RecordingSeen recording) {
    this(schema, id, level, candidate, repetition, status, failure, startedAt, flags, jvmPid, windowStartEpochMs,
        windowEndEpochMs, metrics, threads, gcLinesNotUnderstood, outputTail, gcProblem, recording, null, null, null, null);
  }

  public boolean ok() {
    return "ok".equals(status);
  }

  /** Whether the container's memory limit killed the service in this run. */
  public boolean oomKilled() {
    return container != null && container.oomKilled();
  }

  /**
   * Whether the run failed because the Java heap ran out: an OutOfMemoryError the run's output
   * shows, of the heap or of no kind it names (one thrown from an uncaught-exception handler, when
   * not even its message could be allocated), not of metaspace, threads or direct buffers.
   */
  public boolean outOfHeap() {
    return !ok() && failure != null && (failure.startsWith("out of heap")
        || failure.startsWith("out of memory (OutOfMemoryError"));
  }

  /** A metric's value, or NaN. */
  public double metric(String key) {
    Double v = metrics == null ? null : metrics.get(key);
    return v == null ? Double.NaN : v;
  }

  /**
   * The primary problem one run's GC analysis names.
   *
   * @param code a diagnosis code, such as {@code memory-leak}
   * @param evidence what shows it, in words
   * @param advice what the diagnosis says to do, or null
   */
  public record GcProblem(String code, String evidence, String advice) {}

  /**
   * A thread dump's gist: Java threads by state and the most contended lock.
   *
   * @param javaThreads Java threads in the dump
   * @param states counts by Thread.State name
   * @param blockedOnTopLock threads waiting for the most contended lock
   * @param topLock the lock, its owner and where the waiters wait, in words; null if none
   */
  public record ThreadsSeen(int javaThreads, Map<String, Integer> states, int blockedOnTopLock, String topLock) {}

  /**
   * A JFR recording's gist: the most contended lock and GC's share of the time.
   *
   * @param topLock the lock most time was blocked on (class, kind, waiting frame, share), in words; null if none
   * @param blockedOnTopLockPct its share of all time threads were blocked on locks
   * @param threadsWaitingOnTopLock how many threads waited for it on average over the recording
   * @param gcPausePct GC pauses' share of the recording
   */
  public record RecordingSeen(String topLock, Double blockedOnTopLockPct, Double threadsWaitingOnTopLock,
      Double gcPausePct) {}

  /**
   * What the container did in a run under limits, over the whole run (start to stop); a count is
   * null when the kernel does not keep it.
   *
   * @param limits the limits in words, such as "memory 512Mi, 1 CPU"
   * @param memoryLimitBytes the memory limit in force, null without one
   * @param cpus the CPU limit in cores, null without one
   * @param peakMemoryBytes the most memory the group was charged at once (RSS, page cache, kernel memory)
   * @param peakRssBytes the JVM's peak resident set as jtune last saw it, null when not seen
   * @param oomKilled whether the kernel's OOM killer ended the service at the memory limit
   * @param oomKills processes the OOM killer ended in the group
   * @param periods CFS periods of 100 ms in which the group ran
   * @param throttledPeriods periods in which the CPU quota stopped it
   * @param throttledMs time the quota held it back
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record ContainerSeen(String limits, Long memoryLimitBytes, Double cpus, Long peakMemoryBytes, Long peakRssBytes,
      boolean oomKilled, Long oomKills, Long periods, Long throttledPeriods, Long throttledMs) {}

  /**
   * What the JVM's ergonomics chose, read from the running JVM ({@code jcmd VM.flags -all},
   * {@code VM.info}); a value is null when the JVM did not say.
   *
   * @param collector the collector in use: Serial, Parallel, G1, ZGC, Shenandoah
   * @param maxHeapBytes MaxHeapSize
   * @param activeProcessors the CPU count the JVM sizes its pools by (from the container's quota)
   * @param parallelGcThreads ParallelGCThreads (0 for Serial, which collects on one thread)
   * @param concGcThreads ConcGCThreads (0 for collectors without concurrent phases)
   * @param ciCompilerCount CICompilerCount: JIT compiler threads
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Ergonomics(String collector, Long maxHeapBytes, Integer activeProcessors, Integer parallelGcThreads,
      Integer concGcThreads, Integer ciCompilerCount) {

    /** In one line: "Serial GC, MaxHeapSize 126.0 MB, 1 active processor, CICompilerCount 2". */
    public String describe() {
      List<String> parts = new java.util.ArrayList<>();
      parts.add(collector == null ? "collector unknown" : collector + " GC");
      if (maxHeapBytes != null) {
        parts.add("MaxHeapSize " + io.jtune.common.units.ByteSize.human(maxHeapBytes));
      }
      if (activeProcessors != null) {
        parts.add(activeProcessors + (activeProcessors == 1 ? " active processor" : " active processors"));
      }
      if (parallelGcThreads != null && parallelGcThreads > 0) {
        parts.add("ParallelGCThreads " + parallelGcThreads);
      }
      if (concGcThreads != null && concGcThreads > 0) {
        parts.add("ConcGCThreads " + concGcThreads);
      }
      if (ciCompilerCount != null) {
        parts.add("CICompilerCount " + ciCompilerCount);
      }
      return String.join(", ", parts);
    }
  }
}
