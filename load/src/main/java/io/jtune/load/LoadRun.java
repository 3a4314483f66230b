package io.jtune.load;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;
import javax.net.ssl.SSLContext;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Runs a {@link LoadPlan} in this JVM and returns its {@link LoadResult}: the engine behind
 * {@code jtune load}, {@code jtune capacity} and the experiment runner.
 */
public final class LoadRun {
  /*
   * Threads: one event loop per LoadPlan.threads() (LoadWorker) plus the calling thread, which
   * wakes once per interval to swap the Recorders' interval histograms, fold them into the
   * totals, append the timeline point, write the interval log and report progress.
   */
  private static final long INTERVAL_NANOS = 1_000_000_000L;
  private static final long PREFLIGHT_TIMEOUT_MILLIS = 3_000;

  /** Most request spans a run keeps in all (12 bytes each); beyond it they are sampled. */
  static final int MAX_KEPT_REQUESTS = 1 << 20;

  private final LoadPlan plan;
  private final LoadProgress progress;
  private final Path intervalLog;
  private final boolean keepRequests;

  private LoadRun(LoadPlan plan, LoadProgress progress, Path intervalLog, boolean keepRequests) {
    this.plan = plan;
    this.progress = progress == null ? LoadProgress.NONE : progress;
    this.intervalLog = intervalLog;
    this.keepRequests = keepRequests;
  }

  /** Runs the plan; returns when it is done (always within its bounds plus the timeout). */
  public static LoadResult execute(LoadPlan plan, LoadProgress progress) {
    return new LoadRun(plan, progress, null, false).run();
  }

  /**
   * Runs the plan and also writes the corrected latency of every measured interval to an
   * HdrHistogram interval log, readable by HdrHistogram's {@code HistogramLogProcessor}
   * (values in nanoseconds).
   */
  public static LoadResult execute(LoadPlan plan, LoadProgress progress, Path intervalLog) {
    return new LoadRun(plan, progress, intervalLog, false).run();
  }

  /**
   * As {@link #execute(LoadPlan, LoadProgress, Path)} ({@code intervalLog} may be null); with
   * {@code keepRequests} the result also has each measured request's start and end on the wall
   * clock ({@link LoadResult#requestSpans()}), to line requests up with the target's GC pauses.
   */
  public static LoadResult execute(LoadPlan plan, LoadProgress progress, Path intervalLog, boolean keepRequests) {
    return new LoadRun(plan, progress, intervalLog, keepRequests).run();
  }

  /**
   * Spans one event loop keeps before sampling: the open model's expected measured requests
   * (a tenth more for the loop's share), else an even share of {@link #MAX_KEPT_REQUESTS}.
   */
  private int keptPerWorker() {
    long perWorker = MAX_KEPT_REQUESTS / plan.threads();
    if (plan.model() == LoadModel.OPEN) {
      double expected = plan.requests() > 0 ? plan.requests()
          : plan.rateRps() * plan.measureLimit().toNanos() / 1e9;
      perWorker = Math.min(perWorker, (long) (expected * 1.1 / plan.threads()) + 1024);
    }
    return (int) perWorker;
  }

  /**
   * Checks that every target's server accepts TCP connections, so that a wrong port fails at
   * once with one line instead of a run full of connect errors.
   */
  public static void checkReachable(LoadPlan plan) {
    checkReachable(plan, plan.usesTls() ? TlsContexts.create(plan.insecure()) : null);
  }

  /**
   * As {@link #checkReachable(LoadPlan)}, and each https:// server completes a TLS handshake
   * with {@code tls} (its certificate checked unless the plan is insecure).
   */
  private static void checkReachable(LoadPlan plan, SSLContext tls) {
    Set<Endpoint> endpoints = new LinkedHashSet<>();
    for (RequestTemplate target : plan.targets()) {
      endpoints.add(target.endpoint());
    }
    int timeout = Math.max(1, (int) Math.min(PREFLIGHT_TIMEOUT_MILLIS, plan.timeout().toMillis()));
    for (Endpoint endpoint : endpoints) {
      InetSocketAddress address = endpoint.address();
      try (Socket socket = new Socket()) {
        socket.connect(address, timeout);
      } catch (IOException e) {
        throw new LoadException("cannot connect to " + address.getHostString() + ":" + address.getPort()
            + " (" + e.getMessage() + ")", e);
      }
      if (endpoint.tls()) {
        TlsPreflight.check(endpoint, tls, plan.insecure(), timeout);
      }
    }
  }

  private LoadResult run() {
    // every template is checked before the first connection
    CompiledRequest[] compiled = CompiledRequest.of(plan.targets());
    ReplayRequests replay = plan.replay() == null ? null : ReplayRequests.of(plan.replay(), plan.targets().get(0));
    List<String> endpointNames = replay != null ? replay.groupNames : Endpoints.names(plan.targets());
    int groups = endpointNames.size() > 1 ? endpointNames.size() : 0;
    AtomicLong sequence = new AtomicLong();
    SSLContext tls = plan.usesTls() ? TlsContexts.create(plan.insecure()) : null;
    checkReachable(plan, tls);
    long firstMeasuredIndex = plan.model() == LoadModel.OPEN
        ? ArrivalSchedule.of(plan, replay).firstIndexAtOrAfter(plan.warmup().toNanos())
        : 0;
    StartingGate gate = new StartingGate(plan.threads());
    List<LoadWorker> workers = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    try {
      for (int i = 0; i < plan.threads(); i++) {
        LoadWorker worker = new LoadWorker(gate, plan, compiled, replay, groups, sequence, i, plan.threads(),
            firstMeasuredIndex, tls);
        if (keepRequests) {
          worker.keepRequests(keptPerWorker());
        }
        workers.add(worker);
      }
    } catch (IOException e) {
      gate.open(null);
      throw new UncheckedIOException(e);
    }
    for (int i = 0; i < workers.size(); i++) {
      Thread thread = new Thread(workers.get(i), "jtune-load-" + i);
      thread.setDaemon(true);
      threads.add(thread);
    }
    threads.forEach(Thread::start);
    try {
      gate.awaitArrivals();
    } catch (InterruptedException e) {
      gate.open(null);
      Thread.currentThread().interrupt();
      throw new LoadException("interrupted", e);
    }

    Instant startTime = Instant.now();
    long start = System.nanoTime();
    long measureStart = start + plan.warmup().toNanos();
    long measureEnd = measureStart + plan.measureLimit().toNanos();
    long timeout = plan.timeout().toNanos();
    long drainDeadline = measureEnd + timeout;
    RunControl control = new RunControl(start, measureStart, measureEnd, drainDeadline, timeout);
    gate.open(control);

    IntervalBook book = new IntervalBook(control, measureStart, startTime);
    WarmupBook warmBook = new WarmupBook(control, start);
    book.log = openLog(startTime);
    boolean stoppedEarly = false;
    long end = -1;
    try {
      long hardDeadline = drainDeadline + timeout + INTERVAL_NANOS;
      long nextTick = nextTick(start, start, measureStart);
      boolean measuring = false;
      Histogram warmInterval = null;
      Histogram warmUncorrected = null;
      while (anyAlive(threads)) {
        long now = System.nanoTime();
        if (now >= hardDeadline) {
          control.stopRequested = true;
          workers.forEach(LoadWorker::wakeUp);
          joinAll(threads);
          break;
        }
        if (!measuring && now >= measureStart) {
          measuring = true;
          progress.onMeasureStart();
        }
        if (now >= nextTick) {
          if (nextTick <= measureStart) {
            // the warmup's recorders are swapped like the measured ones will be, so recording
            // meets both phases of the recorder's phaser before the measurement
            warmInterval = control.correctedByPhase[RunControl.WARMUP].getIntervalHistogram(warmInterval);
            warmUncorrected = control.uncorrectedByPhase[RunControl.WARMUP].getIntervalHistogram(warmUncorrected);
            progress.onInterval((now - start) / 1e9, true, null);
            TimelinePoint warm = warmBook.close(now, warmInterval);
            if (plan.requests() == 0 && now + INTERVAL_NANOS < measureStart && progress.warmedUp(warm)) {
              // steady before the ceiling: the window starts now and lasts as planned
              control.measureFrom(now);
              measureStart = now;
              drainDeadline = control.drainDeadlineNanos;
              hardDeadline = drainDeadline + timeout + INTERVAL_NANOS;
              book.startAt(now);
              nextTick = now + INTERVAL_NANOS;
              continue;
            }
          } else {
            warmInterval = control.correctedByPhase[RunControl.WARMUP].getIntervalHistogram(warmInterval);
            progress.onWarmupResponses(warmInterval);
            progress.onInterval((now - start) / 1e9, false, book.close(now));
          }
          nextTick = nextTick(nextTick, start, measureStart);
          if (progress.stopNow()) {
            stoppedEarly = true;
            control.stopRequested = true;
            workers.forEach(LoadWorker::wakeUp);
            joinAll(threads);
            break;
          }
          continue;
        }
        long wakeUp = measuring ? nextTick : Math.min(nextTick, measureStart);
        joinSome(threads, Math.max(0, Math.min(wakeUp, hardDeadline) - now));
      }
      joinAll(threads);
      end = System.nanoTime();
      if (end > measureStart) {
        TimelinePoint last = book.close(end);
        if (last.requests() > 0 || last.errors() > 0) {
          progress.onInterval((end - start) / 1e9, false, last);
        } else {
          book.timeline.remove(book.timeline.size() - 1);
        }
      }
    } finally {
      if (book.log != null) {
        book.log.close();
      }
    }

    long successes = 0;
    long lastCompletion = 0;
    long maxLag = 0;
    long servedInWindow = 0;
    long users = 0;
    for (LoadWorker w : workers) {
      users += w.usersStarted;
      successes += w.successes[RunControl.MEASURED];
      servedInWindow += w.servedInWindow;
      lastCompletion = Math.max(lastCompletion, w.lastCompletionNanos[RunControl.MEASURED]);
      maxLag = Math.max(maxLag, w.maxSendLagNanos);
    }
    double measuredSeconds;
    if (stoppedEarly && end > measureStart && !plan.duration().isZero()) {
      // the window that ran, not the one planned
      measuredSeconds = Math.min(plan.duration().toNanos(), end - measureStart) / 1e9;
    } else if (!plan.duration().isZero() && (lastCompletion == 0 || plan.requests() == 0
        || book.total.getTotalCount() < plan.requests())) {
      measuredSeconds = plan.duration().toNanos() / 1e9;
    } else {
      measuredSeconds = Math.max(1, (lastCompletion == 0 ? System.nanoTime() : lastCompletion) - measureStart) / 1e9;
    }
    Map<ErrorKind, Long> errors = new EnumMap<>(ErrorKind.class);
    for (ErrorKind kind : ErrorKind.values()) {
      errors.put(kind, control.errors.get(kind.ordinal()));
    }
    long requests = book.total.getTotalCount();
    /*
     * The open model's throughput is what the service served: responses it completed within the
     * window (to the window's requests and to a backlog of the warm-up's), as wrk2 counts the
     * responses within its run's time. The window's requests are all sent on schedule whatever the
     * service does, and the run waits for them after the window: counting them would read as the
     * offered rate for a service that queues, as long as it answers everything in the end. The
     * closed model's requests are sent only as answers come: they are its served rate.
     */
    boolean open = plan.model() == LoadModel.OPEN;
    double throughput = (open ? servedInWindow : requests) / measuredSeconds;
    return new LoadResult(plan, startTime, measuredSeconds, requests, successes,
        throughput, LatencySummary.of(book.total), LatencySummary.of(book.totalUncorrected),
        errors, book.timeline, maxLag / 1e6,
        keepRequests ? RequestSpans.merge(workers.stream().map(w -> w.samples[RunControl.MEASURED]).toList(), startTime)
            : null,
        groups == 0 ? List.of() : Endpoints.merge(endpointNames, workers, measuredSeconds, replay != null, open),
        open ? servedInWindow : requests, users);
  }

  /**
   * The tick after {@code tick}: whole seconds from the start in the warmup, one at the measured
   * start (closing the warmup's last, possibly partial, second: its responses are the warmup's, not
   * a backlog answered in the window's first second), then whole seconds from the measured start.
   */
  private static long nextTick(long tick, long start, long measureStart) {
    long next = tick + INTERVAL_NANOS;
    if (tick < measureStart && next >= measureStart) {
      return measureStart == start ? next : measureStart;
    }
    return next;
  }

  private HistogramLogWriter openLog(Instant startTime) {
    if (intervalLog == null) {
      return null;
    }
    try {
      Path parent = intervalLog.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      HistogramLogWriter log = new HistogramLogWriter(new PrintStream(Files.newOutputStream(intervalLog), false, "UTF-8"));
      log.outputComment("jtune load " + plan.model().name().toLowerCase(java.util.Locale.ROOT)
          + " model, latency in nanoseconds" + (plan.model() == LoadModel.OPEN ? " from the intended send time" : ""));
      log.outputLogFormatVersion();
      log.outputStartTime(startTime.toEpochMilli());
      log.setBaseTime(startTime.toEpochMilli());
      log.outputBaseTime(startTime.toEpochMilli());
      log.outputLegend();
      return log;
    } catch (IOException e) {
      throw new LoadException("cannot write interval log " + intervalLog + ": " + e.getMessage(), e);
    }
  }

  private static boolean anyAlive(List<Thread> threads) {
    for (Thread t : threads) {
      if (t.isAlive()) {
        return true;
      }
    }
    return false;
  }

  private static void joinSome(List<Thread> threads, long nanos) {
    for (Thread t : threads) {
      if (t.isAlive()) {
        try {
          t.join(Math.max(1, nanos / 1_000_000));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new LoadException("interrupted", e);
        }
        return;
      }
    }
    LockSupport.parkNanos(nanos);
  }

  private static void joinAll(List<Thread> threads) {
    for (Thread t : threads) {
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new LoadException("interrupted", e);
      }
    }
  }

  /** The running totals and timeline, fed one interval histogram at a time. */
  private static final class IntervalBook {
    final RunControl control;
    long measureStart;
    final Histogram total;
    final Histogram totalUncorrected;
    final List<TimelinePoint> timeline = new ArrayList<>();
    final long[] errorsSoFar = new long[ErrorKind.values().length];
    final long startEpochMillis;
    final long startNanos;
    Histogram interval;
    Histogram intervalUncorrected;
    long intervalStart;
    HistogramLogWriter log;

    IntervalBook(RunControl control, long measureStart, Instant startTime) {
      this.control = control;
      this.measureStart = measureStart;
      this.total = new Histogram(control.highestTrackableNanos, 3);
      this.totalUncorrected = new Histogram(control.highestTrackableNanos, 3);
      this.intervalStart = measureStart;
      this.startEpochMillis = startTime.toEpochMilli();
      this.startNanos = control.startNanos;
    }

    /** The measured window starts at {@code now} instead (a warm-up judged steady before its ceiling). */
    void startAt(long now) {
      measureStart = now;
      intervalStart = now;
    }

    TimelinePoint close(long now) {
      interval = control.corrected.getIntervalHistogram(interval);
      intervalUncorrected = control.uncorrected.getIntervalHistogram(intervalUncorrected);
      total.add(interval);
      totalUncorrected.add(intervalUncorrected);
      long errors = 0;
      for (int i = 0; i < errorsSoFar.length; i++) {
        long count = control.errors.get(i);
        errors += count - errorsSoFar[i];
        errorsSoFar[i] = count;
      }
      double seconds = (now - intervalStart) / 1e9;
      long count = interval.getTotalCount();
      TimelinePoint point = new TimelinePoint((now - measureStart) / 1e9, count,
          seconds > 0 ? count / seconds : 0, interval.getValueAtPercentile(99) / 1e6, errors);
      timeline.add(point);
      if (log != null) {
        interval.setStartTimeStamp(startEpochMillis + (intervalStart - startNanos) / 1_000_000);
        interval.setEndTimeStamp(startEpochMillis + (now - startNanos) / 1_000_000);
        log.outputIntervalHistogram(interval);
      }
      intervalStart = now;
      return point;
    }
  }

  /** One second of the warmup at a time: its responses' throughput and p99, its errors. */
  private static final class WarmupBook {
    final RunControl control;
    final long startNanos;
    long intervalStart;
    long errorsSoFar;

    WarmupBook(RunControl control, long startNanos) {
      this.control = control;
      this.startNanos = startNanos;
      this.intervalStart = startNanos;
    }

    TimelinePoint close(long now, Histogram interval) {
      long errors = 0;
      AtomicLongArray byKind = control.errorsByPhase[RunControl.WARMUP];
      for (int i = 0; i < byKind.length(); i++) {
        errors += byKind.get(i);
      }
      double seconds = (now - intervalStart) / 1e9;
      long count = interval.getTotalCount();
      TimelinePoint point = new TimelinePoint((now - startNanos) / 1e9, count, seconds > 0 ? count / seconds : 0,
          interval.getValueAtPercentile(99) / 1e6, errors - errorsSoFar);
      errorsSoFar = errors;
      intervalStart = now;
      return point;
    }
  }
}
