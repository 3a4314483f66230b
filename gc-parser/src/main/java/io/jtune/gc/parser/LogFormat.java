package io.jtune.gc.parser;

/** The two families of HotSpot GC log. */
public enum LogFormat {
  /** JDK 6/7/8 `-XX:+PrintGCDetails` / `-verbose:gc` style (also JDK 8 Shenandoah). */
  JDK8_STYLE("jdk8-style"),
  /** JDK 9+ unified logging (`-Xlog:gc...`). */
  UNIFIED("unified"),
  UNKNOWN("unknown");

  private final String label;

  LogFormat(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }
}
