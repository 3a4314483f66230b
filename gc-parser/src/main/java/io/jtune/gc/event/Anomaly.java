package io.jtune.gc.event;

/** Conditions a pause can carry that matter for findings. */
public enum Anomaly {
  PROMOTION_FAILED("promotion failed"),
  CONCURRENT_MODE_FAILURE("concurrent mode failure"),
  CONCURRENT_MODE_INTERRUPTED("concurrent mode interrupted"),
  TO_SPACE_EXHAUSTED("to-space exhausted"),
  EVACUATION_FAILURE("evacuation failure"),
  HUMONGOUS_ALLOCATION("humongous allocation"),
  GC_LOCKER("GC locker"),
  SYSTEM_GC("System.gc()"),
  METADATA_THRESHOLD("Metadata GC Threshold"),
  ALLOCATION_FAILURE_DEGENERATED("degenerated after allocation failure");

  private final String text;

  Anomaly(String text) {
    this.text = text;
  }

  public String text() {
    return text;
  }
}
