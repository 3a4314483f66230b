package io.jtune.gc.event;

/** The garbage collector (young + old pair on JDK 8) a log was written by. */
public enum Collector {
  SERIAL("Serial"),
  PARALLEL("Parallel"),
  PARNEW_CMS("ParNew+CMS"),
  DEFNEW_CMS("DefNew+CMS"),
  PARNEW_SERIAL_OLD("ParNew+SerialOld"),
  G1("G1"),
  ZGC("ZGC"),
  ZGC_GENERATIONAL("ZGC (generational)"),
  SHENANDOAH("Shenandoah"),
  SHENANDOAH_GENERATIONAL("Shenandoah (generational)"),
  EPSILON("Epsilon"),
  UNKNOWN("unknown");

  private final String displayName;

  Collector(String displayName) {
    this.displayName = displayName;
  }

  public String displayName() {
    return displayName;
  }

  /** True for collectors with a CMS old generation. */
  public boolean isCms() {
    return this == PARNEW_CMS || this == DEFNEW_CMS;
  }

  /**
   * True for the collectors whose collections are concurrent cycles with short pauses inside (ZGC,
   * Shenandoah), where a collection and a pause are not the same thing.
   */
  public boolean collectsConcurrently() {
    return this == ZGC || this == ZGC_GENERATIONAL || isShenandoah();
  }

  /** True for Shenandoah, single-generation or generational. */
  public boolean isShenandoah() {
    return this == SHENANDOAH || this == SHENANDOAH_GENERATIONAL;
  }
}
