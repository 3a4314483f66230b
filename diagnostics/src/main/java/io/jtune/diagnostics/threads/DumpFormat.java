package io.jtune.diagnostics.threads;

/** The layouts of thread dump that jtune reads. */
public enum DumpFormat {
  /**
   * HotSpot's "Full thread dump": {@code jstack [-e]}, {@code jcmd PID Thread.print}, or
   * {@code kill -QUIT} into the JVM's stdout.
   */
  HOTSPOT("jstack / Thread.print"),
  /** The same with "Locked ownable synchronizers" for each thread: {@code jstack -l}, {@code Thread.print -l}. */
  HOTSPOT_WITH_SYNCHRONIZERS("jstack -l / Thread.print -l"),
  /** {@code jcmd PID Thread.dump_to_file FILE} (JDK 21+), plain text; lists virtual threads. */
  DUMP_TO_FILE_TEXT("Thread.dump_to_file (text)"),
  /** {@code jcmd PID Thread.dump_to_file -format=json FILE} (JDK 21+); lists virtual threads. */
  DUMP_TO_FILE_JSON("Thread.dump_to_file (JSON)");

  private final String label;

  DumpFormat(String label) {
    this.label = label;
  }

  /** How the user would have taken such a dump, e.g. "jstack -l / Thread.print -l". */
  public String label() {
    return label;
  }
}
