package io.jtune.experiment.suggest.rule;

import io.jtune.common.jvm.JvmOption;
import io.jtune.gc.model.MemoryModel;
import java.util.ArrayList;
import java.util.List;

/**
 * Candidate {@code compact-headers}: on JDK 25 or later, {@code -XX:+UseCompactObjectHeaders}
 * where the live set takes a large share of the heap (at least {@value #LIVE_SHARE} of it):
 * smaller object headers shrink the live set itself, which no sizing flag does. Not for a leak
 * (it only delays it), nor when already on.
 */
public final class CompactHeadersRule implements CandidateRule {
  /** The live set's share of the heap from which the headers' saving is worth a candidate. */
  static final double LIVE_SHARE = 0.3;

  @Override
  public Proposal propose(AdviceContext ctx) {
    Draft d = new Draft(ctx);
    if (!ctx.jdk().atLeast(25) || ctx.flags().has(JvmOption.USE_COMPACT_OBJECT_HEADERS) || ctx.leak()) {
      return d.none();
    }
    MemoryModel.LiveSet live = ctx.model().live();
    long heap = ctx.heap();
    if (!live.known() || heap <= 0 || live.bytes() < LIVE_SHARE * heap) {
      return d.none();
    }
    List<String> why = new ArrayList<>();
    why.add(AdviceText.compactHeaders(live.bytes(), heap, live.source()));
    return d.candidate("compact-headers", List.of(JvmOption.USE_COMPACT_OBJECT_HEADERS.on()), why);
  }
}
