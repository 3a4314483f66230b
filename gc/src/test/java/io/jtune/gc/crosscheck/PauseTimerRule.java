package io.jtune.gc.crosscheck;

/**
 * How a pause time printed in the GC log relates to the same pause as JFR measures it, per JFR
 * collection name ({@code jdk.GarbageCollection.name}), and so how far apart the two may be.
 *
 * <p>The log prints the elapsed time of a {@code GCTraceTime} scope rounded to the printed
 * decimals; JFR records the pause between the collector's {@code register_gc_pause_start/end}
 * calls, in nanoseconds. Where both use the same ticks the only difference is the log's rounding.
 * Where the two scopes are nested, the outer one also covers some bookkeeping (heap printing,
 * statistics, sending the JFR events themselves) and is longer by a small amount that depends on
 * the machine, not on the amount of garbage; the sign of the difference is fixed by the nesting.
 *
 * @param scope which timer encloses which
 * @param allowanceMs how much longer than the inner timer the outer one may be, per pause
 */
record PauseTimerRule(Scope scope, double allowanceMs) {

  /** The nesting of the log's and JFR's timers. */
  enum Scope {
    /** Same ticks: |log - JFR| within the log's rounding. */
    SAME,
    /** The log's timer encloses JFR's: JFR - rounding <= log <= JFR + rounding + allowance. */
    LOG_ENCLOSES_JFR,
    /** JFR's timer encloses the log's: JFR - allowance - rounding <= log <= JFR + rounding. */
    JFR_ENCLOSES_LOG
  }

  /*
   * Measured on this project's machine (2 shared cores, JDK 17.0.15 and 25.0.3, -Xms = -Xmx =
   * 128m, two child JVMs at a time, about 2,000 pauses over several runs), log minus JFR per pause:
   *   ZGC (Z, ZGC Minor, ZGC Major), every pause        within +-0.0005 ms (rounding only)
   *   G1 Remark and Cleanup (G1Old)                      within +-0.0005 ms (rounding only)
   *   G1 young, mixed and full (G1New, G1Full)           +0.004 .. +0.10 ms
   *   Serial young and full (DefNew, SerialOld)          +0.04 .. +0.52 ms
   *   Parallel young and full (ParallelScavenge/Old)     -0.32 .. -0.03 ms
   *   Shenandoah, every pause, gc*                       +0.002 .. +0.10 ms
   *   Shenandoah, every pause, -Xlog:gc only             +0.0002 .. +0.006 ms
   * The outer timer also covers the logging done inside the pause, hence the smaller gap when
   * only `gc` is logged. With a heap that may grow or shrink (-Xms < -Xmx) a Serial full GC's
   * log time also covered resizing the generations (+15.5 ms measured), which JFR leaves out;
   * the workload therefore runs with a fixed heap. The allowance is about 4 to 10 times the
   * largest difference measured; the lower (for Parallel, upper) bound stays exact, so a parser
   * that reports a time shorter than the pause (or, for Parallel, longer) always fails.
   */

  /**
   * What the outer timer may add when the VM thread is taken off the CPU between the two timers'
   * ends: on the shared 2-core machine at load 17 a Serial young pause was logged 36.3 ms longer
   * than JFR measured it (its gc,cpu line: User=0.00s Sys=0.00s Real=0.01s, so the thread was
   * not running), a Parallel one 2.4 ms shorter; with eight busy processes on the 2 cores a JDK 25
   * Serial young pause was logged at 109.2 ms that JFR measured at 5.2 ms. Only a few pauses per
   * run may use it (see PauseComparison).
   */
  static final double DESCHEDULED_MS = 250;

  static final PauseTimerRule ROUNDING_ONLY = new PauseTimerRule(Scope.SAME, 0);

  /** The rule for pauses of a JFR collection of this name. */
  static PauseTimerRule forCollection(String jfrName) {
    return switch (jfrName) {
      case "Z", "ZGC Minor", "ZGC Major", "G1Old" -> ROUNDING_ONLY;
      case "G1New", "G1Full" -> new PauseTimerRule(Scope.LOG_ENCLOSES_JFR, 1.0);
      case "DefNew", "SerialOld" -> new PauseTimerRule(Scope.LOG_ENCLOSES_JFR, 2.0);
      case "ParallelScavenge", "ParallelOld" -> new PauseTimerRule(Scope.JFR_ENCLOSES_LOG, 1.0);
      case "Shenandoah", "Shenandoah Young", "Shenandoah Old" -> new PauseTimerRule(Scope.LOG_ENCLOSES_JFR, 0.25);
      default -> ROUNDING_ONLY;
    };
  }

  /**
   * Lowest allowed log - JFR for {@code pauses} pauses with half a printed unit {@code halfUnitMs};
   * {@code descheduled} uses {@link #DESCHEDULED_MS} instead of the bookkeeping allowance.
   */
  double lowest(int pauses, double halfUnitMs, double epsilonMs, boolean descheduled) {
    double rounding = pauses * halfUnitMs + epsilonMs;
    return scope == Scope.JFR_ENCLOSES_LOG ? -rounding - pauses * allowance(descheduled) : -rounding;
  }

  /** Highest allowed log - JFR, see {@link #lowest}. */
  double highest(int pauses, double halfUnitMs, double epsilonMs, boolean descheduled) {
    double rounding = pauses * halfUnitMs + epsilonMs;
    return scope == Scope.LOG_ENCLOSES_JFR ? rounding + pauses * allowance(descheduled) : rounding;
  }

  private double allowance(boolean descheduled) {
    return scope == Scope.SAME ? 0 : descheduled ? DESCHEDULED_MS : allowanceMs;
  }
}
