package io.jtune.common.finding;

/** How much a finding matters, most severe first. */
public enum Severity {
  CRITICAL("critical"),
  WARNING("warning"),
  INFO("info");

  private final String label;

  Severity(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  /** Whether this is {@code other} or more severe. */
  public boolean atLeast(Severity other) {
    return ordinal() <= other.ordinal();
  }
}
