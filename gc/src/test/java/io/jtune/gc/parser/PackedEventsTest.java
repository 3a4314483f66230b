package io.jtune.gc.parser;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.input.LogInputs;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The packed output of a part read ahead gives back every event as it was added: the pauses of
 * real logs of every shape (one line per pause, G1 with phase times, CMS with tenuring,
 * promotion failures and concurrent-mode failures, no GC ids, wall-clock stamps), field for
 * field and with the same strings, anomaly sets and phase times, in order with the items that
 * are not packed; from a checkpoint's position on; and in blocks used again that still hold an
 * earlier part's records.
 */
class PackedEventsTest {
  private static final String DIR = "gctoolkit-testdata/";

  @AfterEach
  void reset() {
    ParallelReadTest.clearProperties();
  }

  @ParameterizedTest
  @ValueSource(strings = {
      DIR + "gctoolkit-gclogs__preunified__cms__parnew__details__tidied_gc_www1_2013_10_19.log",
      DIR + "gctoolkit-gclogs__unified__g1gc__minimal.log",
      DIR + "gctoolkit-gclogs__preunified__cms__parnew__details__tenuring__180__fls__bob.log",
      DIR + "gctoolkit-gclogs-rolling__rolling__jdk14__rollinglogs__short_restart_4.log.4",
      DIR + "gctoolkit-gclogs__preunified__g1gc__details__adaptivesize__rset__gc1gc_details_adaptivesizing_rset.log",
      "GCViewer/src__test__resources__openjdk__unified-jvm-logging__sample-ujl-g1-gc-all,safepoint,os+cpu-to-space-exhausted.txt"})
  void everyEventComesBackAsItWasAdded(String log) {
    List<GcEvent> events = events(log);
    assertThat(events.stream().filter(GcPause.class::isInstance).count()).isPositive();
    Queue<long[]> pool = new ConcurrentLinkedQueue<>();
    // twice: the second time in the first time's blocks, which still hold its records
    for (int round = 0; round < 2; round++) {
      ChunkOutput out = new ChunkOutput(pool);
      List<Object> added = new ArrayList<>();
      long middle = -1;
      int middleIndex = events.size() / 2;
      for (int i = 0; i < events.size(); i++) {
        if (i == middleIndex) {
          middle = out.indexAfter(checkpointAt(out));
        }
        out.accept(events.get(i));
        added.add(events.get(i));
        if (i % 97 == 0) {
          ChunkOutput.Warning w = new ChunkOutput.Warning(i, "warning " + i);
          out.warning(w.line(), w.text());
          added.add(w);
        }
      }
      List<Object> back = new ArrayList<>();
      out.forEach(0, line -> line, back::add);
      assertSame(back, added);
      List<Object> tail = new ArrayList<>();
      out.forEach(middle, line -> line, tail::add);
      assertSame(tail, added.subList(added.indexOf(events.get(middleIndex)), added.size()));
      out.release();
      if (round == 0 && events.size() > 2000) {
        assertThat(pool).hasSizeGreaterThan(1); // the records filled more than one block
      }
    }
  }

  @Test
  void pauseLinesAreMappedOnTheWayOut() {
    List<GcEvent> events = events(DIR + "gctoolkit-gclogs__unified__g1gc__minimal.log");
    ChunkOutput out = new ChunkOutput();
    events.forEach(out);
    List<Object> back = new ArrayList<>();
    out.forEach(0, line -> line + 1000, back::add);
    assertThat(back).hasSameSizeAs(events);
    for (int i = 0; i < events.size(); i++) {
      GcEvent e = events.get(i);
      // the pauses packed get their mapped line; other events are mapped where they are taken
      assertThat(back.get(i)).isEqualTo(e instanceof GcPause p ? p.withLine(p.line() + 1000) : e);
    }
  }

  /** A checkpoint taken now (the output's position), as a part's task takes it after line 1. */
  private static long checkpointAt(ChunkOutput out) {
    out.checkpoint(1, new ParseReport());
    return 1;
  }

  private static void assertSame(List<Object> back, List<Object> added) {
    assertThat(back).hasSameSizeAs(added);
    for (int i = 0; i < added.size(); i++) {
      Object a = added.get(i);
      Object b = back.get(i);
      assertThat(b).isEqualTo(a);
      if (a instanceof GcPause p && b instanceof GcPause q) {
        assertThat(Double.doubleToRawLongBits(q.uptimeS())).isEqualTo(Double.doubleToRawLongBits(p.uptimeS()));
        assertThat(Double.doubleToRawLongBits(q.durationMs())).isEqualTo(Double.doubleToRawLongBits(p.durationMs()));
        assertThat(q.name()).isSameAs(p.name());
        assertThat(q.cause()).isSameAs(p.cause());
        assertThat(q.anomalies()).isSameAs(p.anomalies());
        assertThat(q.phases()).isSameAs(p.phases());
        assertThat(q.tenuring()).isSameAs(p.tenuring());
      } else if (a instanceof GcEvent) {
        assertThat(b).isSameAs(a);
      }
    }
  }

  /** The events of a corpus log read in one pass. */
  private static List<GcEvent> events(String log) {
    System.setProperty("jtune.parallel", "false");
    LogInputs.Resolved r = LogInputs.resolve(List.of(ParallelReadTest.corpus().resolve(log).toString()),
        InputStream.nullInputStream());
    List<GcEvent> events = new ArrayList<>();
    GcLogReader.read(r.sources(), events::add);
    return events;
  }
}
