package io.jtune.gc.compare;

/** What each window of the common range measures on each side; lower is better for every one. */
public enum WindowMetric {
  YGC_COUNT("ygcCount", "YGC count", "%.0f"),
  YGC_MS("ygcMs", "YGC ms", "%.1f"),
  FGC_COUNT("fgcCount", "FGC count", "%.0f"),
  FGC_MS("fgcMs", "FGC ms", "%.1f"),
  MAX_PAUSE("maxPauseMs", "max pause ms", "%.1f"),
  GC_TIME("gcTimePct", "GC time %", "%.2f");

  private final String key;
  private final String label;
  private final String format;

  WindowMetric(String key, String label, String format) {
    this.key = key;
    this.label = label;
    this.format = format;
  }

  /** The name in JSON. */
  public String key() {
    return key;
  }

  /** Words for tables, per window. */
  public String label() {
    return label;
  }

  public String format(double v) {
    return String.format(java.util.Locale.US, format, v);
  }
}
