package io.jtune.gc.event;

/** What a stop-the-world pause did, in the terms of a tuning study. */
public enum PauseKind {
  /** Young-only collection: ParNew, DefNew, PSYoungGen, G1 Pause Young, ZGC/Shenandoah young pauses. */
  YOUNG("young"),
  /** G1 mixed collection (young plus some old regions). */
  MIXED("mixed"),
  /** Whole-heap stop-the-world collection: a real Full GC. */
  FULL("full"),
  /**
   * Shenandoah degenerated cycle: a concurrent cycle that ran out of memory and was finished
   * stop-the-world where it stood (not a Full GC; Shenandoah upgrades to one only when this fails).
   */
  DEGENERATED("degenerated"),
  /** Remark / final mark pause of a concurrent cycle. */
  REMARK("remark"),
  /** G1 cleanup pause. */
  CLEANUP("cleanup"),
  /** Initial mark / mark start pause of a concurrent cycle (when logged as its own pause). */
  INITIAL_MARK("initial-mark"),
  /** ZGC "Pause Mark Start": starts marking (a minor, major or single-generation collection). */
  MARK_START("mark-start", "Pause Mark Start"),
  /** ZGC "Pause Mark End": ends marking. */
  MARK_END("mark-end", "Pause Mark End"),
  /** ZGC "Pause Relocate Start": starts relocation. */
  RELOCATE_START("relocate-start", "Pause Relocate Start"),
  /** Any other stop-the-world GC pause (Shenandoah update refs, ...). */
  OTHER("other");

  private final String label;
  private final String displayName;

  PauseKind(String label) {
    this(label, label);
  }

  PauseKind(String label, String displayName) {
    this.label = label;
    this.displayName = displayName;
  }

  /** The name shown in reports: the collector's own name where it has one ("Pause Mark Start"), else the label. */
  public String displayName() {
    return displayName;
  }

  /** Lower-case name used in output (`young`, `initial-mark`, ...). */
  public String label() {
    return label;
  }
}
