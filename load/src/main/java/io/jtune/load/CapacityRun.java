package io.jtune.load;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/** Runs a {@link CapacitySweep}: one closed-model load run per concurrency level. */
public final class CapacityRun {
  /** A level's warmup lasts at least this many of the previous level's mean response times. */
  static final double WARMUP_RESPONSE_TIMES = 3;

  /** A level's measurement lasts at least this many of the previous level's mean response times. */
  static final double MEASURE_RESPONSE_TIMES = 20;

  private CapacityRun() {}

  /** Reads the target's CPU time when the measured part of a step begins. */
  private static final class CpuWindow implements LoadProgress {
    private final ProcessCpu cpu;
    long cpuAtStart;
    long wallAtStart;

    CpuWindow(ProcessCpu cpu) {
      this.cpu = cpu;
    }

    @Override
    public void onMeasureStart() {
      wallAtStart = System.nanoTime();
      cpuAtStart = cpu == null ? 0 : cpu.cpuNanos();
    }

    @Override
    public void onInterval(double elapsedSeconds, boolean warmup, TimelinePoint point) {
      // only the start of the measurement matters here
    }
  }

  /** Runs every level in turn; {@code onStep} sees each step as soon as it is measured. */
  public static CapacityResult execute(CapacitySweep sweep, Consumer<CapacityStep> onStep) {
    LoadRun.checkReachable(sweep.base());
    ProcessCpu cpu = sweep.targetPid() > 0 ? new ProcessCpu(sweep.targetPid()) : null;
    List<CapacityStep> steps = new ArrayList<>();
    Duration warmup = sweep.stepWarmup();
    Duration measured = sweep.stepDuration();
    for (int n : sweep.levels()) {
      LoadPlan plan = new LoadPlan(sweep.base().targets(), LoadModel.CLOSED, n, 0, measured, 0,
          warmup, Duration.ZERO, sweep.base().timeout(), LoadPlan.defaultThreads(n), sweep.base().insecure(),
          sweep.base().replay(), sweep.base().users());
      CpuWindow window = new CpuWindow(cpu);
      LoadResult r = LoadRun.execute(plan, window);
      double cpuPercent = Double.NaN;
      double cpuMsPerRequest = Double.NaN;
      if (cpu != null) {
        long used = cpu.cpuNanos() - window.cpuAtStart;
        cpuPercent = 100.0 * used / (System.nanoTime() - window.wallAtStart);
        cpuMsPerRequest = r.requests() > 0 ? used / 1e6 / r.requests() : Double.NaN;
      }
      CapacityStep step = new CapacityStep(n, r.throughputRps(), r.latencyMs().mean(), r.latencyMs().p99(),
          r.requests(), r.errorTotal(), cpuPercent, cpuMsPerRequest);
      steps.add(step);
      // the next level starts from cold connections all sending at once; the measurement must
      // wait until that first wave has drained, which takes a few response times
      Duration settle = Duration.ofNanos((long) (WARMUP_RESPONSE_TIMES * step.meanRtMs() * 1_000_000));
      warmup = settle.compareTo(sweep.stepWarmup()) > 0 ? settle : sweep.stepWarmup();
      // and measure long enough that the requests cut by the window's edges weigh little
      Duration enough = Duration.ofNanos((long) (MEASURE_RESPONSE_TIMES * step.meanRtMs() * 1_000_000));
      measured = enough.compareTo(sweep.stepDuration()) > 0 ? enough : sweep.stepDuration();
      if (onStep != null) {
        onStep.accept(step);
      }
      if (r.successes() == 0) {
        break;
      }
    }
    return CapacityResult.analyze(sweep, steps);
  }
}
