package io.jtune.gc.diagnosis;

/** The problem classes a diagnosis names; {@link #code()} is the machine-readable name used in JSON and plans. */
public enum Problem {
  MEMORY_LEAK("memory-leak"),
  HEAP_TOO_SMALL("heap-too-small"),
  PREMATURE_PROMOTION("premature-promotion"),
  METASPACE_THRESHOLD("metaspace-threshold"),
  EXPLICIT_GC("explicit-gc"),
  LONG_PAUSES("long-pauses"),
  CONCURRENT_FAILURE("concurrent-failure"),
  OS_INTERFERENCE("os-interference"),
  GC_NOT_THE_PROBLEM("gc-not-the-problem"),
  HEALTHY("healthy");

  private final String code;

  Problem(String code) {
    this.code = code;
  }

  /** The hyphenated name, e.g. {@code memory-leak}. */
  public String code() {
    return code;
  }

  /** The problem with this code, or null. */
  public static Problem ofCode(String code) {
    for (Problem p : values()) {
      if (p.code.equals(code)) {
        return p;
      }
    }
    return null;
  }
}
