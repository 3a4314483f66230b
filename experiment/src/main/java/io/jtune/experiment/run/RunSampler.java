package io.jtune.experiment.run;

import io.jtune.common.JtuneException;
import io.jtune.diagnostics.nmt.NativeMemory;
import io.jtune.diagnostics.nmt.NmtProbe;
import io.jtune.experiment.plan.Level;
import io.jtune.load.HostCpu;
import io.jtune.load.LoadProgress;
import io.jtune.load.ProcessCpu;
import io.jtune.load.TimelinePoint;
import io.jtune.runtime.container.ContainerGroup;
import io.jtune.runtime.container.ContainerStats;
import io.jtune.runtime.process.ChildProcess;
import io.jtune.runtime.process.ProcessSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Samples a run around its measured window: its warm-up and window second by second (the warm-up
 * ending on steady state, {@link WarmupWatch}), the service's CPU and the rest of the host's at the
 * window's start and end, a thread dump half-way through the warm-up, the peak RSS at the end;
 * on a run with Native Memory Tracking on, the JVM's native memory at the window's end; when asked,
 * a class histogram at the end of the warm-up and one at the end of the window ({@link ClassHistograms}).
 */
final class RunSampler {
  /**
   * Seconds before a warm-up's ceiling its class histogram is taken: the load asks about the warm-up's
   * seconds until one before the ceiling, and the histogram (about a second for a few hundred MB of live
   * objects, jcmd's own start included) must return before the last of them for the window to start
   * after it; one that takes longer than about two seconds there ends after the window's planned start,
   * which the load keeps (a warm-up judged steady earlier is not held to it).
   */
  static final double CEILING_MARGIN_S = 3;
  private final boolean threadDumps;
  private final boolean nativeMemory;
  /** The run's class histograms, null when not asked. */
  private final ClassHistograms histograms;
  /** The warm-up's class histogram is taken: the next second the load asks about starts the window. */
  private boolean histogramTaken;
  private final RunningService target;
  private final Level level;
  private final Path rd;
  volatile long measureStartEpochMs = System.currentTimeMillis();
  private long cpu0 = -1;
  private long wall0;
  double cpuPct = -1;
  private long host0 = -1;
  private long self0 = -1;
  double othersCpuPct = -1;
  volatile RunResult.ThreadsSeen threads;
  /** The native memory at the window's end (runs with NMT on), or null. */
  NativeMemory native_;
  /** The JVM's peak resident set as last sampled (each load interval), -1 before the first sample. */
  volatile long peakRssBytes = -1;
  /** The container's counters when the measured window started and ended (null without limits). */
  volatile ContainerStats containerAtStart;
  volatile ContainerStats containerAtEnd;
  private volatile Thread dumper;
  private volatile boolean measuring;
  /** The warm-up's end and the per-second series (set by {@link #progress}). */
  WarmupWatch watch;

  RunSampler(RunningService target, Level level, Path rd, boolean threadDumps) {
    this(target, level, rd, threadDumps, false);
  }

  /** With {@code nativeMemory}, the target runs with NMT on and {@link #end()} takes its summary. */
  RunSampler(RunningService target, Level level, Path rd, boolean threadDumps, boolean nativeMemory) {
    this(target, level, rd, threadDumps, nativeMemory, false);
  }

  /**
   * With {@code classHistograms}, a class histogram at the end of the warm-up (the window held until
   * it is taken) and one at the end of the window ({@link #classGrowth}).
   */
  RunSampler(RunningService target, Level level, Path rd, boolean threadDumps, boolean nativeMemory,
      boolean classHistograms) {
    this.histograms = classHistograms ? new ClassHistograms(target.jvmPid(), rd) : null;
    this.threadDumps = threadDumps;
    this.nativeMemory = nativeMemory;
    this.target = target;
    this.level = level;
    this.rd = rd;
  }

  LoadProgress progress(LoadProgress outer) {
    // a thread dump half-way through the warm-up: under load, but outside the measured window
    if (threadDumps && level.warmup().toMillis() >= 1000) {
      long at = level.warmup().toMillis() / 2;
      dumper = new Thread(() -> {
        try {
          Thread.sleep(at);
        } catch (InterruptedException e) {
          return;
        }
        if (!measuring) {
          threadDump();
        }
      }, "jtune-thread-dump");
      dumper.setDaemon(true);
      dumper.start();
    }
    watch = new WarmupWatch(level, target.jvmPid());
    return new LoadProgress() {
      @Override
      public void onInterval(double elapsedSeconds, boolean warmup, TimelinePoint point) {
        double mb = peakRssMb(target.jvmPid());
        if (mb > 0) {
          peakRssBytes = Math.max(peakRssBytes, Math.round(mb * 1024 * 1024));
        }
        if (point != null) {
          watch.windowSecond(point);
        }
        outer.onInterval(elapsedSeconds, warmup, point);
      }

      @Override
      public void onWarmupResponses(org.HdrHistogram.Histogram responses) {
        watch.warmupResponses(responses);
      }

      @Override
      public boolean warmedUp(TimelinePoint second) {
        boolean steady = watch.warmupSecond(second);
        if (histograms == null) {
          return steady;
        }
        if (histogramTaken) {
          // asked after the histogram returned: the window starts now, the Full GC behind it
          watch.windowFrom(second.second());
          return true;
        }
        // the load starts the window at the time of the second it asks about, taken before this call: the
        // histogram (a Full GC) is taken here and the warm-up ends at the next second asked, after it. A warm-up
        // that runs to its ceiling takes it a few seconds before, while the load still asks
        double ceilingS = level.maxWarmup().toMillis() / 1000.0;
        if (steady || second.second() + CEILING_MARGIN_S >= ceilingS) {
          histograms.atWarmupEnd();
          histogramTaken = true;
        }
        return false;
      }

      @Override
      public void onMeasureStart() {
        if (histograms != null && !histogramTaken) {
          histograms.missed("the warm-up was too short to take one before the window");
        }
        watch.measureStarted();
        measuring = true;
        measureStartEpochMs = System.currentTimeMillis();
        try {
          cpu0 = new ProcessCpu(target.jvmPid()).cpuNanos();
          self0 = new ProcessCpu(ProcessHandle.current().pid()).cpuNanos();
          host0 = HostCpu.busyNanos();
          wall0 = System.nanoTime();
        } catch (RuntimeException e) {
          cpu0 = -1;
        }
        containerAtStart = target.container().map(ContainerGroup::stats).orElse(null);
        outer.onMeasureStart();
      }

      @Override
      public boolean stopNow() {
        // a target that exited (out of heap, killed by its container) answers nothing more: the run
        // ends now, not at the end of its window
        return !target.isAlive() || outer.stopNow();
      }
    };
  }

  void end() {
    containerAtEnd = target.container().map(ContainerGroup::stats).orElse(null);
    if (cpu0 >= 0) {
      try {
        long cpu1 = new ProcessCpu(target.jvmPid()).cpuNanos();
        long self1 = new ProcessCpu(ProcessHandle.current().pid()).cpuNanos();
        long host1 = HostCpu.busyNanos();
        long wall = Math.max(1, System.nanoTime() - wall0);
        cpuPct = 100.0 * (cpu1 - cpu0) / wall;
        if (host0 >= 0 && host1 >= 0) {
          // the host's busy time less the service's and jtune's own (the load generator's): the 10 ms
          // ticks of /proc make a few % of noise, never below zero
          othersCpuPct = Math.max(0, 100.0 * ((host1 - host0) - (cpu1 - cpu0) - (self1 - self0)) / wall);
        }
      } catch (RuntimeException e) {
        cpuPct = -1;
      }
    }
    if (nativeMemory && target.isAlive()) {
      try {
        native_ = NmtProbe.take(target.jvmPid(), rd.resolve("native-memory.txt"));
      } catch (JtuneException e) {
        // jcmd could not attach (another user, a JVM in a container of its own): the run goes on without it
        native_ = null;
      }
    }
    Thread d = dumper;
    if (d != null) {
      try {
        d.join(5000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  /**
   * The class histogram at the end of the window and what grew since the warm-up's (null when not
   * asked): after {@link #end()} and the peak RSS are read (its Full GC changes neither), before the
   * target is stopped.
   */
  ClassGrowth classGrowth(boolean alive) {
    return histograms == null ? null : histograms.atWindowEnd(alive);
  }

  private void threadDump() {
    OutputCapture cap = target.capture();
    cap.start();
    try {
      ChildProcess.run(ProcessSpec.of("kill -QUIT", List.of("kill", "-QUIT", Long.toString(target.jvmPid())))
          .withTimeout(Duration.ofSeconds(5)));
      cap.awaitLine("JNI global ref", 3000);
      Thread.sleep(100); // the heap summary follows the JNI line
    } catch (JtuneException e) {
      return;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      List<String> lines = cap.stop();
      try {
        Files.write(rd.resolve("threads.txt"), lines, StandardCharsets.UTF_8);
      } catch (IOException e) {
        // the dump is evidence, not a result: the run goes on
      }
      threads = ThreadEvidence.summarize(lines);
    }
  }


  /** The JVM's peak resident set (VmHWM) in MB, or -1 when /proc does not tell. */
  static double peakRssMb(long pid) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
        if (line.startsWith("VmHWM:")) {
          String[] f = line.substring(6).trim().split("\\s+");
          return Long.parseLong(f[0]) / 1024.0;
        }
      }
    } catch (IOException | RuntimeException e) {
      return -1;
    }
    return -1;
  }
}
