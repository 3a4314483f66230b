package io.jtune.gc.crosscheck;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.PauseKind;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The cross-check's own rules on hand-made JFR and jtune data: that each rule fails when it
 * should and excuses only what it claims to, so a passing real-JVM run means something.
 */
class CrossCheckRulesTest {
  private static final Instant JVM_START = Instant.parse("2026-01-01T00:00:00Z");

  /** JFR side under construction: collections and pauses at uptimes in seconds. */
  private final List<JfrGcRecord.Collection> collections = new ArrayList<>();
  private final Map<Long, List<JfrGcRecord.Pause>> jfrPauses = new TreeMap<>();
  private final Map<Long, String> g1Types = new TreeMap<>();
  private final List<GcPause> jtune = new ArrayList<>();
  /** Raw log stamps: the log's clock runs 0.5 s ahead of JFR's uptime, pause lines print at the end. */
  private final Map<Long, Double> rawFirstPause = new TreeMap<>();
  private final Map<Long, Double> rawLast = new TreeMap<>();

  private void jfr(long id, String name, double... startAndMs) {
    long sum = 0;
    long longest = 0;
    for (int i = 0; i < startAndMs.length; i += 2) {
      long ns = Math.round(startAndMs[i + 1] * 1e6);
      sum += ns;
      longest = Math.max(longest, ns);
      jfrPauses.computeIfAbsent(id, k -> new ArrayList<>())
          .add(new JfrGcRecord.Pause(id, "Pause " + i, at(startAndMs[i]), ns));
    }
    collections.add(new JfrGcRecord.Collection(id, name, "Allocation Failure", at(startAndMs[0]), sum, longest));
  }

  private void log(long id, PauseKind kind, double uptimeS, double ms) {
    double printedAt = uptimeS + 0.5 + ms / 1000;
    rawFirstPause.merge(id, printedAt, Math::min);
    rawLast.merge(id, printedAt, Math::max);
    jtune.add(new GcPause(id, uptimeS + 0.5, GcEvent.NO_EPOCH, kind, "Pause", null, ms, null, null, null,
        null, null, 100 + jtune.size()));
  }

  private PauseComparison compare() {
    JfrGcRecord r = new JfrGcRecord(collections, jfrPauses, g1Types, JVM_START, at(1.0), at(10.0));
    return PauseComparison.compare(r, jtune, new RawGcLog(3, Map.of(), rawFirstPause, rawLast));
  }

  private static Instant at(double uptimeS) {
    return JVM_START.plusNanos(Math.round(uptimeS * 1e9));
  }

  /** Three ordinary G1 young pauses, jtune's log timer 30 us longer than JFR's, as measured. */
  private void threeYoungPauses() {
    for (int id = 1; id <= 3; id++) {
      jfr(id, "G1New", id, 5.0);
      log(id, PauseKind.YOUNG, id, 5.030);
    }
  }

  @Test
  void matchingPausesPass() {
    threeYoungPauses();
    PauseComparison c = compare();
    assertThat(c.discrepancies()).isEmpty();
    assertThat(c.pausesCompared()).isEqualTo(3);
  }

  @Test
  void aGcJfrHasAndJtuneMissesFails() {
    threeYoungPauses();
    jfr(4, "G1New", 4, 5.0);
    assertThat(compare().discrepancies()).anyMatch(d -> d.startsWith("GC(4) G1New: JFR has 1 pause(s)"));
  }

  @Test
  void aGcJtuneInventsInsideTheRecordingFails() {
    threeYoungPauses();
    log(7, PauseKind.YOUNG, 5, 2.0);
    assertThat(compare().discrepancies()).anyMatch(d -> d.startsWith("GC(7): jtune has 1 pause(s)"));
  }

  @Test
  void gcsBeforeOrAfterTheRecordingAreExcused() {
    threeYoungPauses();
    log(0, PauseKind.YOUNG, 0.2, 2.0);
    log(9, PauseKind.YOUNG, 10.5, 2.0);
    PauseComparison c = compare();
    assertThat(c.discrepancies()).isEmpty();
    assertThat(c.excused()).hasSize(2);
  }

  @Test
  void roundingOnlyCollectorsAllowOnlyHalfAPrintedUnit() {
    jfr(1, "Z", 1.0, 0.0100, 1.1, 0.0200);
    log(1, PauseKind.INITIAL_MARK, 1.0, 0.010);
    log(1, PauseKind.REMARK, 1.1, 0.021);
    assertThat(compare().discrepancies()).anyMatch(d -> d.contains("pause 2") && d.contains("not in [-0.0005, +0.0005]"));
  }

  @Test
  void anEnclosingTimerCannotBeShorterThanTheEnclosedOne() {
    jfr(1, "G1New", 1, 5.0);
    log(1, PauseKind.YOUNG, 1, 4.990);
    assertThat(compare().discrepancies()).anyMatch(d -> d.contains("sum of pauses"));
  }

  @Test
  void pauseCountAndKindAreChecked() {
    g1Types.put(1L, "Mixed");
    jfr(1, "G1New", 1, 5.0);
    log(1, PauseKind.YOUNG, 1, 5.010);
    jfr(2, "G1Old", 2, 3.0, 2.1, 0.5);
    log(2, PauseKind.REMARK, 2, 3.0);
    List<String> d = compare().discrepancies();
    assertThat(d).anyMatch(x -> x.contains("kind YOUNG, expected [MIXED]"));
    assertThat(d).anyMatch(x -> x.contains("pause count: jtune 1"));
  }

  @Test
  void onlyAFewPausesMayTakeTheDeschedulingAllowance() {
    for (int id = 1; id <= 10; id++) {
      jfr(id, "DefNew", id * 0.5, 5.0);
      log(id, PauseKind.YOUNG, id * 0.5, id <= 4 ? 15.0 : 5.1);
    }
    assertThat(compare().discrepancies()).anyMatch(d -> d.startsWith("4 pauses outside the bookkeeping allowance"));
    jtune.set(0, new GcPause(1, 1.0, GcEvent.NO_EPOCH, PauseKind.YOUNG, "Pause", null, 5.1, null, null, null,
        null, null, 100));
    PauseComparison c = compare();
    assertThat(c.discrepancies()).isEmpty();
    assertThat(c.excused()).anyMatch(x -> x.startsWith("descheduled? GC(2)"));
  }

  @Test
  void serialAbandonedYoungIsExcusedOnlyBeforeAFullCollection() {
    jfr(1, "DefNew", 1, 5.0);
    log(1, PauseKind.YOUNG, 1, 5.1);
    log(2, PauseKind.YOUNG, 2, 0.05);
    jfr(3, "SerialOld", 2.0001, 50.0);
    log(3, PauseKind.FULL, 2.0001, 50.1);
    log(4, PauseKind.YOUNG, 3, 0.05);
    jfr(5, "DefNew", 3.0001, 5.0);
    log(5, PauseKind.YOUNG, 3.0001, 5.1);
    PauseComparison c = compare();
    assertThat(c.excused()).anyMatch(x -> x.startsWith("GC(2) abandoned young attempt"));
    assertThat(c.discrepancies()).anyMatch(d -> d.startsWith("GC(4): jtune has 1 pause(s)"));
  }

  @Test
  void aPauseFarOffTheTimelineFails() {
    threeYoungPauses();
    for (int id = 4; id <= 6; id++) {
      jfr(id, "G1New", id, 5.0);
      log(id, PauseKind.YOUNG, id + (id == 5 ? 0.4 : 0), 5.030);
    }
    assertThat(compare().discrepancies()).anyMatch(d -> d.startsWith("GC(5) timeline"));
  }

  @Test
  void onlyAFewPausesMaySlipOffTheTimeline() {
    threeYoungPauses();
    for (int id = 4; id <= 6; id++) {
      jfr(id, "G1New", id, 5.0);
      log(id, PauseKind.YOUNG, id + 0.010, 5.030);
    }
    assertThat(compare().discrepancies()).anyMatch(d -> d.startsWith("3 GC starts off the timeline"));
  }
}
