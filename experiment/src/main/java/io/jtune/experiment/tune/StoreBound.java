package io.jtune.experiment.tune;

import io.jtune.common.jvm.JvmFlags;
import io.jtune.common.jvm.JvmOption;
import io.jtune.common.units.ByteSize;
import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.suggest.Suggestion;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.diagnosis.Problem;
import io.jtune.gc.model.MemoryModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a longer run at a larger heap showed of a live set that filled the heap: the log of a
 * saturated heap cannot tell an unbounded leak from a store whose bound does not fit, and the run
 * an engineer would make can. The live set levels off below the larger heap's size (a store that
 * fills to its bound: size the heap for it, or lower the bound), or keeps rising (a leak).
 *
 * @param flags the flags of the larger-heap run
 * @param heapBytes its heap
 * @param liveBytes the live set it measured, -1 when not measured
 * @param levelsOff whether the live set levelled off there
 * @param evidence what was seen, in one sentence
 * @param heapForLive the heap the levelled live set asks for (the memory model's rule), -1 when it kept rising
 */
public record StoreBound(List<String> flags, long heapBytes, long liveBytes, boolean levelsOff, String evidence,
    long heapForLive) {
  /** The candidate name of the heap sized for a store's bound. */
  public static final String CANDIDATE = "heap-for-store";

  public StoreBound {
    flags = List.copyOf(flags);
  }

  /** As below, without class histograms. */
  static StoreBound of(List<String> flags, long heapBytes, long firstHeapBytes, Analysis bigger, String rising,
      String levelled, long heapCap) {
    return of(flags, heapBytes, firstHeapBytes, bigger, rising, levelled, heapCap, null);
  }

  /**
   * The verdict of the larger-heap run {@code bigger} (flags {@code flags}, heap {@code heapBytes})
   * on a first run whose heap of {@code firstHeapBytes} saturated; {@code rising} is the live set's
   * rise at the end of the run (null when it did not rise) and {@code levelled} how it levelled off;
   * {@code grew} what its class histograms showed grew (null: none taken).
   */
  static StoreBound of(List<String> flags, long heapBytes, long firstHeapBytes, Analysis bigger, String rising,
      String levelled, long heapCap, String grew) {
    MemoryModel m = bigger.model();
    long live = m.live().known() ? m.live().bytes() : -1;
    boolean leak = bigger.diagnosis().primary() == Problem.MEMORY_LEAK || rising != null;
    String at = String.format(Locale.US, "at -Xmx%s (twice the %s heap that filled)", ByteSize.flagValue(heapBytes),
        ByteSize.human(firstHeapBytes));
    if (leak) {
      return new StoreBound(flags, heapBytes, live, false, "The live set kept rising " + at
          + (rising != null ? ": " + rising : ", up to that heap too")
          + ": a leak (or a store whose bound is larger than that heap too); flags are not the fix."
          + (grew == null ? "" : " " + Character.toUpperCase(grew.charAt(0)) + grew.substring(1) + "."), -1);
    }
    long want = live > 0 ? m.heapForLiveSet() : heapBytes;
    want = Math.max(want, heapBytes);
    if (heapCap > 0) {
      want = Math.min(want, heapCap);
    }
    String held = live > 0 ? "levelled off at " + ByteSize.human(live) : "levelled off";
    return new StoreBound(flags, heapBytes, live, true, "The live set " + held + " " + at
        + (levelled != null ? " (" + levelled + ")" : "") + ": not a leak but a store that fills to a bound the heap"
        + " does not hold; size the heap for it (" + MemoryModel.HEAP_RULE + ") or lower the store's bound.",
        want);
  }

  /**
   * The suggestion with a candidate that sizes the heap for the store, unless a candidate already
   * sets the heap at least that large.
   */
  static Suggestion withHeldHeap(Suggestion s, StoreBound store) {
    if (store == null || !store.levelsOff() || store.heapForLive() <= 0) {
      return s;
    }
    boolean sized = s.candidates().stream()
        .anyMatch(c -> JvmFlags.of(c.flags()).bytes(JvmOption.MAX_HEAP_SIZE).orElse(-1) >= store.heapForLive());
    if (sized) {
      return s;
    }
    List<Candidate> cs = new ArrayList<>();
    String heap = ByteSize.flagValue(store.heapForLive());
    cs.add(Candidate.of(CANDIDATE, List.of("-Xms" + heap, "-Xmx" + heap), store.evidence()));
    cs.addAll(s.candidates());
    return new Suggestion(s.jdk(), s.collector(), s.baselineFlags(), cs, s.levels(), s.gcNotTheProblem(), s.verdict(),
        s.evidence(), s.notes(), s.diagnosis());
  }
}
