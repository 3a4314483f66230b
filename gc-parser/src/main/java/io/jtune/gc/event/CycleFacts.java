package io.jtune.gc.event;

/**
 * What a ZGC collection's own lines say about it beyond its heap before and after: its cause,
 * which generations it collected, when it started, and, from the statistics tables
 * ({@code -Xlog:gc*}), the live bytes after marking and the bytes allocated, reclaimed and
 * promoted during the cycle. A figure the log does not give is {@link MemoryUsage#UNKNOWN}.
 *
 * @param cause the cause in parentheses, e.g. "Allocation Rate", "Warmup"; null when not logged
 * @param scope what the collection collected
 * @param startUptimeS when the collection started (its start line), or NaN when only its summary was logged
 * @param liveBytes live bytes found by marking (the "Live:" row at Mark End; young plus old in a major collection)
 * @param allocatedBytes bytes the application allocated from mark start to relocate end ("Allocated:" at Relocate End)
 * @param reclaimedBytes bytes freed by the cycle ("Reclaimed:" at Relocate End; young plus old in a major collection)
 * @param promotedBytes bytes moved from the young to the old generation ("Promoted:" at Relocate End; generational only)
 */
public record CycleFacts(
    String cause,
    Scope scope,
    double startUptimeS,
    long liveBytes,
    long allocatedBytes,
    long reclaimedBytes,
    long promotedBytes) {

  /** Which generations a collection collected. */
  public enum Scope {
    /** Generational ZGC "Minor Collection": the young generation only. */
    MINOR("minor"),
    /** Generational ZGC "Major Collection": the young and the old generation. */
    MAJOR("major"),
    /** Single-generation ZGC "Garbage Collection": the whole heap (one generation). */
    WHOLE_HEAP("whole heap");

    private final String label;

    Scope(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }

    /** Major and whole-heap collections both collect every object in the heap. */
    public boolean wholeHeap() {
      return this != MINOR;
    }
  }
}
