package io.jtune.gc.crosscheck;

import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.PauseKind;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Compares jtune's pauses with JFR's, GC id by GC id, and lists every disagreement.
 *
 * <p>The rules, with JFR as the truth:
 *
 * <ol>
 *   <li>Every GC id JFR reports with pauses ({@code sumOfPauses > 0}) has pauses in jtune.
 *   <li>Every GC id jtune has pauses for is such a JFR id, except (a) a GC that ended before the
 *       recording started or after its last event: HotSpot sends a collection's JFR events, its
 *       pause events included, only when the whole collection ends, so JFR cannot have such a GC
 *       (a concurrent cycle cut by JVM exit is the common case). When a GC ended is read from
 *       the raw log, not from jtune: the stamp of the last line naming its GC id, put on JFR's
 *       clock by the median offset between the raw stamps of first pause lines and JFR's ends of
 *       those pauses, with {@link #RAW_MARGIN_S} as margin.
 *       And (b) on JDK 17 Serial, a young collection that was abandoned
 *       because the old generation could not take the promotions: HotSpot logs and times it as
 *       "Pause Young" under its own GC id, ends it without collecting, and runs a full collection
 *       under the next id in the same safepoint; JFR reports only the full collection. It is
 *       excused only when JFR has a SerialOld collection under the next id and the abandoned
 *       pause is shorter than {@link #ABANDONED_YOUNG_MAX_MS}. Likewise, a pause jtune has under
 *       a GC id JFR reports is left out when it started after the recording stopped:
 *       generational Shenandoah reports an old cycle's "Pause Final Mark (Old)" under the id of
 *       the young cycle it ran in, as a second JFR event that the stop can cut off.
 *   <li>Per GC id: the same number of pauses as JFR's {@code jdk.GCPhasePause} events; the sum of
 *       pause times against {@code sumOfPauses}, the longest against {@code longestPause}, and each
 *       pause (in time order) against its JFR pause, within {@link PauseTimerRule}'s bounds. Where
 *       one timer encloses the other, at most one pause in {@link #DESCHEDULED_SHARE} (plus two)
 *       per run may use the descheduling allowance instead of the bookkeeping one.
 *   <li>Per GC id, the start of its first pause on jtune's timeline, moved by the median offset
 *       between the clocks, is within {@link #TIMELINE_TOLERANCE_S} of JFR's (plus the two
 *       timers' difference for that pause; a few may be off by up to the descheduling
 *       allowance, as a line is stamped when printed), and where the log has wall-clock stamps,
 *       jtune's epoch time is within {@link #WALL_CLOCK_TOLERANCE_MS} of JFR's start instant.
 *   <li>Per pause, the kind jtune gives it is the one JFR's collection name (and G1 type, pause
 *       name) implies; for STW collectors with the cause in the log line, the cause is JFR's.
 * </ol>
 *
 * <p>JFR identifies a generational collection the way the log does: generational ZGC writes one
 * {@code jdk.GarbageCollection} per log GC id ("ZGC Minor" or "ZGC Major", the latter covering
 * the young and the old pauses the log prints as "Y:" and "O:" under that id); generational
 * Shenandoah can write two events under one GC id (a young cycle that also finished old
 * marking, whose "Pause Final Mark (Old)" the log prints under the same id), so the JFR side of a
 * GC id is always the sum over all of its events.
 */
final class PauseComparison {
  static final double EPSILON_MS = 1e-6;
  static final double ABANDONED_YOUNG_MAX_MS = 1.0;
  /**
   * One pause (or GC id, for the timeline) in this many, plus two, may exceed the bookkeeping
   * allowance of an enclosing timer and take the descheduling allowance instead (see {@link
   * PauseTimerRule}). Measured at load 25 on 2 cores: 4 of 55 Serial pauses (3 of them full GCs,
   * logged 3.7 to 10.8 ms longer than JFR's 200-370 ms), 1 of 55 timeline starts 4.3 ms late
   * (a `-Xlog:gc` line, stamped when printed, printed late). On an idle machine: none.
   */
  static final int DESCHEDULED_SHARE = 10;
  /**
   * Margin when placing a GC before or after the recording by the raw log's stamps: stamps have
   * 1 ms resolution and a pause line is printed up to the timers' difference after JFR's end.
   */
  static final double RAW_MARGIN_S = 0.005;
  /**
   * How far a pause's start on jtune's timeline may be from JFR's, once the two clocks' zero
   * points are matched: log stamps have 1 ms resolution, and the start of a pause printed only at
   * its end is the stamp minus the rounded duration (measured: at most 0.7 ms).
   */
  static final double TIMELINE_TOLERANCE_S = 0.0025;
  /**
   * How far jtune's wall-clock start of a pause may be from JFR's start instant: the log's
   * stamp is truncated to the millisecond and JFR converts ticks to wall time from a base taken
   * when the recording started.
   */
  static final double WALL_CLOCK_TOLERANCE_MS = 3.0;
  private static final Set<String> CAUSE_IN_LINE =
      Set.of("DefNew", "SerialOld", "ParallelScavenge", "ParallelOld", "G1New", "G1Full");

  private final List<String> discrepancies = new ArrayList<>();
  private final List<String> excused = new ArrayList<>();
  private final StringBuilder table = new StringBuilder();
  private final List<String> delayedPauses = new ArrayList<>();
  private final List<String> lateStamps = new ArrayList<>();
  /** jtune's uptime minus JFR's (s since jvmStartTime), and the recording's end on JFR's. */
  private double clockOffsetS = Double.NaN;
  private double recordingEndS = Double.NaN;
  /** How close to the stop an old-generation pause may be and still lack its JFR event. */
  private static final double OLD_PART_MARGIN_S = 1.0;
  private final Map<PauseTimerRule.Scope, double[]> diffRange = new TreeMap<>();
  private int idsCompared;
  private String clock = "";
  private int pausesCompared;

  List<String> discrepancies() {
    return discrepancies;
  }

  List<String> excused() {
    return excused;
  }

  String table() {
    return table.toString();
  }

  int idsCompared() {
    return idsCompared;
  }

  /** How the log's clock was put on JFR's (offset, spread, worst GC id, recording window). */
  String clock() {
    return clock;
  }

  int pausesCompared() {
    return pausesCompared;
  }

  /** Smallest and largest per-pause log - JFR seen, by timer scope, e.g. "SAME -0.0004..+0.0005". */
  String diffRanges() {
    StringBuilder sb = new StringBuilder();
    diffRange.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ", ")
        .append(String.format(Locale.ROOT, "%s %+.4f..%+.4f ms", k, v[0], v[1])));
    return sb.toString();
  }

  static PauseComparison compare(JfrGcRecord jfr, List<GcPause> pauses, RawGcLog raw) {
    PauseComparison c = new PauseComparison();
    c.run(jfr, pauses, raw);
    return c;
  }

  /** Applies every rule: 1 and 2 in checkGcIds, 3 and 5 per GC id in compareOne, 4 in checkTimeline. */
  private void run(JfrGcRecord jfr, List<GcPause> jtunePauses, RawGcLog raw) {
    double half = raw.halfUnitMs();
    Map<Long, List<JfrGcRecord.Collection>> jfrById = jfr.byGcId();
    Map<Long, List<GcPause>> jtuneById = new TreeMap<>();
    for (GcPause p : jtunePauses) {
      if (p.gcId() < 0) {
        discrepancies.add(String.format(Locale.ROOT, "pause without GC id at line %d: %s %.3f ms",
            p.line(), p.name(), p.durationMs()));
        continue;
      }
      jtuneById.computeIfAbsent(p.gcId(), k -> new ArrayList<>()).add(p);
    }
    jtuneById.values().forEach(l -> l.sort(Comparator.comparingDouble(GcPause::uptimeS)
        .thenComparingLong(GcPause::line)));

    Set<Long> jfrIds = new TreeSet<>();
    for (var e : jfrById.entrySet()) {
      long sum = e.getValue().stream().mapToLong(JfrGcRecord.Collection::sumOfPausesNs).sum();
      List<JfrGcRecord.Pause> jfrPauses = jfr.pausesByGcId().getOrDefault(e.getKey(), List.of());
      long phaseSum = jfrPauses.stream().mapToLong(JfrGcRecord.Pause::durationNs).sum();
      if (phaseSum != sum) {
        discrepancies.add("JFR self-check: GC(" + e.getKey() + ") sumOfPauses " + sum
            + " ns but its jdk.GCPhasePause events add up to " + phaseSum + " ns");
      }
      if (sum > 0) {
        jfrIds.add(e.getKey());
      }
    }
    if (jfrIds.isEmpty()) {
      discrepancies.add("JFR recorded no collection with pauses (harness problem)");
      return;
    }
    checkTimeline(jfr, jtuneById, jfrIds, raw);
    checkGcIds(jfr, jfrById, jtuneById, jfrIds, raw);

    table.append(String.format(Locale.ROOT, "%-6s %-18s %5s %5s %12s %12s %10s %10s%n",
        "gcId", "jfr name", "jfr#", "log#", "jfr sum ms", "jtune sum ms", "diff ms", "allowed"));
    for (long id : jfrIds) {
      List<GcPause> mine = jtuneById.get(id);
      if (mine != null) {
        compareOne(id, jfrById.get(id), jfr.pausesByGcId().getOrDefault(id, List.of()),
            jfr.g1TypeByGcId().get(id), mine, raw, half);
      }
    }
    int budget = 2 + pausesCompared / DESCHEDULED_SHARE;
    if (delayedPauses.size() > budget) {
      discrepancies.add(delayedPauses.size() + " pauses outside the bookkeeping allowance, more than the "
          + budget + " a descheduled VM thread explains:\n  " + String.join("\n  ", delayedPauses));
    } else {
      delayedPauses.forEach(d -> excused.add("descheduled? " + d));
    }
  }

  /** Rule 4: jtune's timeline and wall clock against JFR's, GC id by GC id. */
  private void checkTimeline(JfrGcRecord jfr, Map<Long, List<GcPause>> jtuneById, Set<Long> jfrIds, RawGcLog raw) {
    // put the log's clock on JFR's: median offset between first pauses of common GC ids
    Map<Long, Double> offsetById = new TreeMap<>();
    for (long id : jfrIds) {
      List<GcPause> mine = jtuneById.get(id);
      List<JfrGcRecord.Pause> theirs = jfr.pausesByGcId().get(id);
      if (mine != null && theirs != null && !theirs.isEmpty()) {
        offsetById.put(id, mine.get(0).uptimeS() - seconds(jfr.jvmStart(), theirs.get(0).start()));
      }
    }
    List<Double> offsets = new ArrayList<>(offsetById.values());
    offsets.sort(null);
    double offset = offsets.isEmpty() ? Double.NaN : offsets.get(offsets.size() / 2);
    double spread = 0.001;
    long worst = -1;
    for (var e : offsetById.entrySet()) {
      if (Math.abs(e.getValue() - offset) + 0.001 > spread) {
        spread = Math.abs(e.getValue() - offset) + 0.001;
        worst = e.getKey();
      }
    }
    double recordingStart = seconds(jfr.jvmStart(), jfr.recordingStart());
    double recordingEnd = seconds(jfr.jvmStart(), jfr.lastEventEnd());
    // wall clock: jtune's epoch against JFR's start instant of the same pause, where the log has one
    double epochMin = Double.NaN;
    double epochMax = Double.NaN;
    Map<Long, Double> scopeSlackMs = new TreeMap<>();
    for (long id : offsetById.keySet()) {
      // where the log's and JFR's timers differ, a pause's start can differ by as much as its duration does
      scopeSlackMs.put(id, Math.abs(jtuneById.get(id).get(0).durationMs()
          - jfr.pausesByGcId().get(id).get(0).durationNs() / 1e6));
    }
    for (long id : offsetById.keySet()) {
      GcPause mine = jtuneById.get(id).get(0);
      if (mine.epochMs() != GcEvent.NO_EPOCH) {
        Instant theirs = jfr.pausesByGcId().get(id).get(0).start();
        double d = mine.epochMs() - theirs.toEpochMilli() - (theirs.getNano() % 1_000_000) / 1e6;
        epochMin = Double.isNaN(epochMin) ? d : Math.min(epochMin, d);
        epochMax = Double.isNaN(epochMax) ? d : Math.max(epochMax, d);
        double allowed = WALL_CLOCK_TOLERANCE_MS + scopeSlackMs.get(id);
        if (Math.abs(d) > allowed && Math.abs(d) <= allowed + PauseTimerRule.DESCHEDULED_MS) {
          lateStamps.add(String.format(Locale.ROOT, "GC(%d) wall clock %+.3f ms off JFR's start (allowed %.3f ms)",
              id, d, allowed));
        } else if (Math.abs(d) > allowed) {
          discrepancies.add(String.format(Locale.ROOT,
              "GC(%d) wall clock: jtune epoch %d ms (%s), JFR pause start %s: %+.3f ms apart, allowed %.3f%n%s",
              id, mine.epochMs(), Instant.ofEpochMilli(mine.epochMs()), theirs, d, allowed, raw.quote(id, 2)));
        }
      }
    }
    for (var e : offsetById.entrySet()) {
      double residual = e.getValue() - offset;
      double allowed = TIMELINE_TOLERANCE_S + scopeSlackMs.get(e.getKey()) / 1000;
      if (Math.abs(residual) > allowed && Math.abs(residual) <= allowed + PauseTimerRule.DESCHEDULED_MS / 1000) {
        lateStamps.add(String.format(Locale.ROOT, "GC(%d) first pause %+.4f s off JFR's start (allowed %.4f s)",
            e.getKey(), residual, allowed));
      } else if (Math.abs(residual) > allowed) {
        discrepancies.add(String.format(Locale.ROOT,
            "GC(%d) timeline: first pause at %.4f s on jtune's timeline is %+.4f s off JFR's start of that pause"
                + " (after the median offset %.4f s over %d GC ids), allowed %.4f s%n%s",
            e.getKey(), jtuneById.get(e.getKey()).get(0).uptimeS(), residual, offset, offsetById.size(),
            allowed, raw.quote(e.getKey(), 2)));
      }
    }
    int budget = 2 + offsetById.size() / DESCHEDULED_SHARE;
    if (lateStamps.size() > budget) {
      discrepancies.add(lateStamps.size() + " GC starts off the timeline or wall clock, more than the " + budget
          + " a descheduled thread explains:\n  " + String.join("\n  ", lateStamps));
    } else {
      lateStamps.forEach(d -> excused.add("descheduled? " + d));
    }
    clockOffsetS = offset;
    recordingEndS = recordingEnd;
    clock = String.format(Locale.ROOT, "log clock - JFR clock %.4f s, spread %.4f s (worst GC(%d)); recording %.3f..%.3f s;"
        + " jtune epoch - JFR start %+.3f..%+.3f ms", offset, spread, worst, recordingStart, recordingEnd, epochMin, epochMax);
  }

  /** Rules 1 and 2: the GC ids with pauses on both sides, and what may be missing from JFR. */
  private void checkGcIds(JfrGcRecord jfr, Map<Long, List<JfrGcRecord.Collection>> jfrById,
      Map<Long, List<GcPause>> jtuneById, Set<Long> jfrIds, RawGcLog raw) {
    // the raw log's clock on JFR's wall clock: a pause line is printed as the pause ends
    List<Double> rawOffsets = new ArrayList<>();
    for (long id : jfrIds) {
      Double stamp = raw.firstPauseStampById().get(id);
      List<JfrGcRecord.Pause> theirs = jfr.pausesByGcId().get(id);
      if (stamp != null && theirs != null && !theirs.isEmpty()) {
        JfrGcRecord.Pause p = theirs.get(0);
        rawOffsets.add(stamp - epochSeconds(p.start()) - p.durationNs() / 1e9);
      }
    }
    rawOffsets.sort(null);
    double rawOffset = rawOffsets.isEmpty() ? Double.NaN : rawOffsets.get(rawOffsets.size() / 2);
    double recordingStartEpoch = epochSeconds(jfr.recordingStart());
    double recordingEndEpoch = epochSeconds(jfr.lastEventEnd());

    for (long id : jfrIds) {
      if (!jtuneById.containsKey(id)) {
        List<JfrGcRecord.Pause> theirs = jfr.pausesByGcId().getOrDefault(id, List.of());
        discrepancies.add(String.format(Locale.ROOT,
            "GC(%d) %s: JFR has %d pause(s), sum %.4f ms; jtune has none%n%s", id, names(jfrById.get(id)),
            theirs.size(), sumMs(jfrById.get(id)), raw.quote(id, 6)));
      }
    }
    for (var e : jtuneById.entrySet()) {
      long id = e.getKey();
      if (jfrIds.contains(id)) {
        continue;
      }
      List<GcPause> mine = e.getValue();
      // when the log last names this GC, on JFR's wall clock (from the raw log, not from jtune)
      double lastSeen = raw.lastStampById().getOrDefault(id, Double.NaN) - rawOffset;
      if (lastSeen + RAW_MARGIN_S < recordingStartEpoch) {
        excused.add(String.format(Locale.ROOT, "GC(%d) ended before the recording (last named %.3f s before its start)",
            id, recordingStartEpoch - lastSeen));
      } else if (lastSeen + RAW_MARGIN_S > recordingEndEpoch) {
        excused.add(String.format(Locale.ROOT, "GC(%d) not ended when the recording stopped (last named %+.3f s after)",
            id, lastSeen - recordingEndEpoch));
      } else if (abandonedYoung(mine, jfrById.get(id + 1))) {
        excused.add(String.format(Locale.ROOT, "GC(%d) abandoned young attempt (%.3f ms) before SerialOld GC(%d)",
            id, mine.get(0).durationMs(), id + 1));
      } else {
        discrepancies.add(String.format(Locale.ROOT,
            "GC(%d): jtune has %d pause(s), sum %.4f ms; JFR has no collection with pauses under this id%s%n%s",
            id, mine.size(), mine.stream().mapToDouble(GcPause::durationMs).sum(),
            jfrById.containsKey(id) ? " (JFR " + names(jfrById.get(id)) + " with sumOfPauses 0)" : "",
            raw.quote(id, 6)));
      }
    }
  }

  private void compareOne(long id, List<JfrGcRecord.Collection> collections, List<JfrGcRecord.Pause> theirs,
      String g1Type, List<GcPause> mine, RawGcLog raw, double half) {
    idsCompared++;
    mine = new ArrayList<>(mine);
    if (mine.size() > theirs.size()) {
      // a GC id JFR reports in parts (generational Shenandoah) can lose a part that ended after the
      // stop; an old-generation part is sent only when its old cycle ends, so its pause can be
      // logged shortly before the stop (seen: 0.05 s) and still have no JFR event
      List<GcPause> late = mine.stream()
          .filter(p -> p.uptimeS() - clockOffsetS > recordingEndS
              || (p.name().contains("(Old)") && p.uptimeS() - clockOffsetS > recordingEndS - OLD_PART_MARGIN_S))
          .toList();
      for (GcPause p : late) {
        excused.add(String.format(Locale.ROOT, "GC(%d) pause '%s' after the recording stopped", id, p.name()));
      }
      mine.removeAll(late);
    }
    String name = collections.get(0).name();
    PauseTimerRule rule = PauseTimerRule.forCollection(name);
    int n = theirs.size();
    double jfrSum = sumMs(collections);
    double jtuneSum = mine.stream().mapToDouble(GcPause::durationMs).sum();
    List<String> problems = new ArrayList<>();
    double lo1 = rule.lowest(1, half, EPSILON_MS, false);
    double hi1 = rule.highest(1, half, EPSILON_MS, false);
    // per pause first, to know which pauses take the descheduling allowance in the sum
    int delayed = 0;
    GcPause longestDelayed = null;
    if (mine.size() == n) {
      String cause = collections.get(0).cause();
      for (int i = 0; i < n; i++) {
        GcPause p = mine.get(i);
        JfrGcRecord.Pause q = theirs.get(i);
        double d = p.durationMs() - q.durationNs() / 1e6;
        pausesCompared++;
        double[] r = diffRange.computeIfAbsent(rule.scope(), k -> new double[] {d, d});
        r[0] = Math.min(r[0], d);
        r[1] = Math.max(r[1], d);
        String what = String.format(Locale.ROOT, "pause %d (%s): jtune %.4f ms, JFR %s %.4f ms, log-JFR %+.4f ms",
            i + 1, p.name(), p.durationMs(), q.name(), q.durationNs() / 1e6, d);
        if (d < lo1 || d > hi1) {
          double loD = rule.lowest(1, half, EPSILON_MS, true);
          double hiD = rule.highest(1, half, EPSILON_MS, true);
          if (d >= loD && d <= hiD) {
            delayed++;
            delayedPauses.add("GC(" + id + ") " + what + " (outside " + range(lo1, hi1) + ")");
            if (longestDelayed == null || p.durationMs() > longestDelayed.durationMs()) {
              longestDelayed = p;
            }
          } else {
            problems.add(what + " not in " + range(lo1, hi1));
          }
        }
        Set<PauseKind> kinds = expectedKinds(name, g1Type, q.name());
        if (!kinds.contains(p.kind())) {
          problems.add("pause " + (i + 1) + " (" + p.name() + "): kind " + p.kind() + ", expected " + kinds
              + " for JFR " + name + (g1Type != null ? " type " + g1Type : "") + " pause '" + q.name() + "'");
        }
        if (CAUSE_IN_LINE.contains(name) && p.cause() != null && cause != null && !p.cause().equals(cause)) {
          problems.add("pause " + (i + 1) + " (" + p.name() + "): cause '" + p.cause() + "', JFR cause '" + cause + "'");
        }
      }
    } else {
      problems.add("pause count: jtune " + mine.size() + " " + describe(mine) + ", JFR " + n + " " + describeJfr(theirs));
    }
    double lo = rule.lowest(n - delayed, half, EPSILON_MS, false) + rule.lowest(delayed, half, 0, true);
    double hi = rule.highest(n - delayed, half, EPSILON_MS, false) + rule.highest(delayed, half, 0, true);
    double diff = jtuneSum - jfrSum;
    table.append(String.format(Locale.ROOT, "%-6d %-18s %5d %5d %12.4f %12.4f %+10.4f %s%n",
        id, names(collections), n, mine.size(), jfrSum, jtuneSum, diff, range(lo, hi)));
    if (diff < lo || diff > hi) {
      problems.add(String.format(Locale.ROOT, "sum of pauses: jtune %.4f ms, JFR %.4f ms, log-JFR %+.4f ms not in %s",
          jtuneSum, jfrSum, diff, range(lo, hi)));
    }
    double jfrLongest = collections.stream().mapToLong(JfrGcRecord.Collection::longestPauseNs).max().orElse(0) / 1e6;
    double jtuneLongest = mine.stream().mapToDouble(GcPause::durationMs).max().orElse(0);
    boolean longestIsDelayed = longestDelayed != null && longestDelayed.durationMs() == jtuneLongest;
    double loL = rule.lowest(1, half, EPSILON_MS, longestIsDelayed);
    double hiL = rule.highest(1, half, EPSILON_MS, longestIsDelayed);
    if (jtuneLongest - jfrLongest < loL || jtuneLongest - jfrLongest > hiL) {
      problems.add(String.format(Locale.ROOT, "longest pause: jtune %.4f ms, JFR %.4f ms, log-JFR %+.4f ms not in %s",
          jtuneLongest, jfrLongest, jtuneLongest - jfrLongest, range(loL, hiL)));
    }
    if (!problems.isEmpty()) {
      discrepancies.add("GC(" + id + ") " + names(collections) + ": " + String.join("; ", problems) + "\n" + raw.quote(id, 6));
    }
  }

  /**
   * The pause kind JFR's description implies (see {@link PauseKind}): young and full collections
   * by collector name, G1 mixed by JFR's G1 type, concurrent collectors' pauses by pause name.
   */
  static Set<PauseKind> expectedKinds(String collection, String g1Type, String pauseName) {
    switch (collection) {
      case "DefNew", "ParallelScavenge":
        return EnumSet.of(PauseKind.YOUNG);
      case "SerialOld", "ParallelOld", "G1Full":
        return EnumSet.of(PauseKind.FULL);
      case "G1New":
        if ("Mixed".equals(g1Type)) {
          return EnumSet.of(PauseKind.MIXED);
        }
        // a concurrent start pause is a young collection that also starts marking
        return "Concurrent Start".equals(g1Type)
            ? EnumSet.of(PauseKind.YOUNG, PauseKind.INITIAL_MARK) : EnumSet.of(PauseKind.YOUNG);
      case "G1Old":
        return pauseName.startsWith("Pause Remark") ? EnumSet.of(PauseKind.REMARK)
            : pauseName.startsWith("Pause Cleanup") ? EnumSet.of(PauseKind.CLEANUP) : EnumSet.of(PauseKind.OTHER);
      default:
        // ZGC's pauses are kinds of their own; Shenandoah's init and final mark are initial mark and remark
        if (pauseName.startsWith("Pause Mark Start")) {
          return EnumSet.of(PauseKind.MARK_START);
        }
        if (pauseName.startsWith("Pause Mark End")) {
          return EnumSet.of(PauseKind.MARK_END);
        }
        if (pauseName.startsWith("Pause Relocate Start")) {
          return EnumSet.of(PauseKind.RELOCATE_START);
        }
        if (pauseName.startsWith("Pause Init Mark")) {
          return EnumSet.of(PauseKind.INITIAL_MARK);
        }
        if (pauseName.startsWith("Pause Final Mark")) {
          return EnumSet.of(PauseKind.REMARK);
        }
        if (pauseName.startsWith("Pause Degenerated")) {
          return EnumSet.of(PauseKind.DEGENERATED);
        }
        if (pauseName.startsWith("Pause Full")) {
          return EnumSet.of(PauseKind.FULL);
        }
        return EnumSet.of(PauseKind.OTHER);
    }
  }

  private static boolean abandonedYoung(List<GcPause> mine, List<JfrGcRecord.Collection> next) {
    return mine.size() == 1 && mine.get(0).kind() == PauseKind.YOUNG
        && mine.get(0).durationMs() < ABANDONED_YOUNG_MAX_MS
        && next != null && next.stream().anyMatch(c -> c.name().equals("SerialOld"));
  }

  private static double seconds(Instant from, Instant to) {
    return from == null || to == null ? Double.NaN : Duration.between(from, to).toNanos() / 1e9;
  }

  private static double epochSeconds(Instant i) {
    return i == null ? Double.NaN : i.getEpochSecond() + i.getNano() / 1e9;
  }

  private static double sumMs(List<JfrGcRecord.Collection> cs) {
    return cs.stream().mapToLong(JfrGcRecord.Collection::sumOfPausesNs).sum() / 1e6;
  }

  private static String names(List<JfrGcRecord.Collection> cs) {
    return String.join("+", cs.stream().map(JfrGcRecord.Collection::name).toList());
  }

  private static String range(double lo, double hi) {
    return String.format(Locale.ROOT, "[%+.4f, %+.4f]", lo, hi);
  }

  private static String describe(List<GcPause> ps) {
    return ps.stream().map(p -> String.format(Locale.ROOT, "%s=%.3f", p.name(), p.durationMs())).toList().toString();
  }

  private static String describeJfr(List<JfrGcRecord.Pause> ps) {
    return ps.stream().map(p -> String.format(Locale.ROOT, "%s=%.4f", p.name(), p.durationNs() / 1e6)).toList().toString();
  }
}
