package io.jtune.diagnostics.threads;

import java.time.LocalDateTime;
import java.util.List;

/**
 * One HotSpot thread dump ({@code jstack}, {@code jcmd Thread.print}, or {@code kill -QUIT} into
 * the JVM's stdout).
 *
 * @param timestamp the {@code yyyy-MM-dd HH:mm:ss} line just before the header, or null
 * @param jvm the header after "Full thread dump", e.g.
 *     {@code OpenJDK 64-Bit Server VM (17.0.15+6-Debian-1deb12u1 mixed mode, sharing)}
 * @param threads the threads in the order printed: Java threads, then VM-internal ones
 * @param complete true when the dump ends with its {@code JNI global} line; false when it was
 *     cut short (by the end of the input or by the next dump)
 * @param line the 1-based line of the "Full thread dump" header in the input
 * @param format the layout the dump was read from
 * @param reportedDeadlocks the deadlocks the JVM itself reported after the threads ("Found one
 *     Java-level deadlock:"), in the order printed
 */
public record ThreadDump(LocalDateTime timestamp, String jvm, List<ThreadInfo> threads, boolean complete, long line,
    DumpFormat format, List<ReportedDeadlock> reportedDeadlocks) {

  public ThreadDump {
    threads = List.copyOf(threads);
    reportedDeadlocks = List.copyOf(reportedDeadlocks);
  }

  /** A HotSpot dump in which the JVM reported no deadlock. */
  public ThreadDump(LocalDateTime timestamp, String jvm, List<ThreadInfo> threads, boolean complete, long line) {
    this(timestamp, jvm, threads, complete, line, DumpFormat.HOTSPOT, List.of());
  }

  /** True when the dump lists "Locked ownable synchronizers" (jstack -l, Thread.print -l). */
  public boolean listsSynchronizers() {
    return format == DumpFormat.HOTSPOT_WITH_SYNCHRONIZERS;
  }

  /**
   * False for a {@code Thread.dump_to_file} of JDK 21 to 24, which prints each thread's name and
   * stack only: no states and no locks, so neither contention nor deadlocks can be seen in it.
   */
  public boolean showsStatesAndLocks() {
    return threads.isEmpty() || threads.stream().anyMatch(t -> t.state() != null);
  }

  /**
   * True for a platform Java thread: in a HotSpot dump a thread with a state line (the JVM's own
   * threads have none), in a Thread.dump_to_file every thread that is not virtual (it lists Java
   * threads only).
   */
  public boolean javaThread(ThreadInfo t) {
    return !t.virtual() && (t.state() != null || format == DumpFormat.DUMP_TO_FILE_TEXT
        || format == DumpFormat.DUMP_TO_FILE_JSON);
  }

  /** Thread counts by state and the contended locks of this dump. */
  public ThreadDumpSummary summary() {
    return ThreadDumpSummary.of(threads);
  }
}
