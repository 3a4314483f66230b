package io.jtune.gc.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.gc.analysis.GcAnalyzer;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The fleet scan over the corpus: the rows come in the units' order whatever the number of
 * threads, each unit's rows are its analysis's JVM lifetimes, and a rotated set with restarts is
 * one unit with a row per lifetime.
 */
class FleetScanTest {
  private static Path corpus() {
    String p = System.getProperty("jtune.corpus");
    return p != null ? Path.of(p) : Path.of("../testdata/gclogs");
  }

  private static List<FleetRow> scan(List<List<String>> units, int threads) {
    List<FleetRow> rows = new ArrayList<>();
    FleetScan.scan(units, AnalysisOptions.DEFAULTS, threads, new ByteArrayInputStream(new byte[0]), rows::add);
    return rows;
  }

  @Test
  void sameRowsInTheSameOrderOnOneThreadAndOnSeveral() {
    List<List<String>> units = FleetUnits.of(List.of(corpus().resolve("GCViewer").toString(),
        corpus().resolve("gctoolkit-testdata").toString()));
    List<FleetRow> one = scan(units, 1);
    List<FleetRow> four = scan(units, 4);
    assertThat(four).isEqualTo(one);
    assertThat(one.size()).isGreaterThan(units.size() / 2);
    // rows follow the units: each row's first input (a file, or a member of a zip file) belongs to
    // the unit at or after the previous row's
    int unit = 0;
    for (FleetRow r : one) {
      String first = r.inputs().get(0);
      while (units.get(unit).stream().noneMatch(f -> first.equals(f) || first.startsWith(f + "!"))) {
        unit++;
      }
    }
    assertThat(unit).isEqualTo(units.size() - 1);
  }

  @Test
  void aRotatedSetWithRestartsIsOneUnitWithARowPerLifetime() {
    String stem = corpus().resolve("gctoolkit-testdata").resolve(
        "gctoolkit-gclogs-rolling__rolling__jdk14__rollinglogs__short_restart_4.log").toString();
    List<String> set = List.of(stem + ".2", stem, stem + ".1", stem + ".3", stem + ".4");
    List<List<String>> units = FleetUnits.of(set);
    assertThat(units).hasSize(1);
    List<FleetRow> rows = scan(units, 2);
    var analysis = GcAnalyzer.analyze(set, new ByteArrayInputStream(new byte[0]), AnalysisOptions.DEFAULTS);
    assertThat(rows).hasSize(analysis.jvms().size()).hasSizeGreaterThan(1);
    for (int i = 0; i < rows.size(); i++) {
      var l = analysis.jvms().get(i);
      assertThat(rows.get(i).jvm()).isEqualTo(i + 1);
      assertThat(rows.get(i).inputs()).isEqualTo(l.inputs());
      assertThat(rows.get(i).pauses()).isEqualTo(l.summary().pauseCount());
      assertThat(rows.get(i).fullGcs()).isEqualTo(l.summary().fullCount());
      assertThat(rows.get(i).diagnosis()).isEqualTo(l.diagnosis().primary().code());
    }
  }

  @Test
  void aLogWithoutCollectionsIsARowWithItsReason() {
    String empty = corpus().resolve("GCViewer")
        .resolve("src__test__resources__openjdk__SampleSun1_8_0RollingLogfile.txt").toString();
    List<FleetRow> rows = scan(FleetUnits.of(List.of(empty, "no-such.log")), 2);
    assertThat(rows).hasSize(2).allMatch(FleetRow::failed);
    assertThat(rows.get(0).error()).contains("no collections");
    assertThat(rows.get(1).error()).contains("no-such.log").contains("no such file");
  }

  @Test
  void everyValueHasItsColumnsTypeAndAnErrorRowOnlyItsInputsAndReason() {
    List<FleetRow> rows = scan(FleetUnits.of(List.of(corpus().resolve("GCViewer").toString())), 2);
    assertThat(rows).anyMatch(FleetRow::failed).anyMatch(r -> !r.failed());
    for (FleetRow r : rows) {
      List<Object> values = r.values();
      assertThat(values).hasSize(FleetColumns.ALL.size());
      for (int i = 0; i < values.size(); i++) {
        FleetColumns.Column c = FleetColumns.ALL.get(i);
        Object v = values.get(i);
        assertThat(v == null || c.type().isInstance(v)).as(c.name() + " of " + r.inputs()).isTrue();
        if (r.failed()) {
          assertThat(v == null).as(c.name() + " of an error row").isEqualTo(!List.of("inputs", "error").contains(c.name()));
        }
      }
      if (!r.failed()) {
        assertThat(values.get(FleetColumns.names().indexOf("jvm"))).isEqualTo(r.jvm());
        assertThat(values.get(FleetColumns.names().indexOf("diagnosis"))).isEqualTo(r.diagnosis()).isNotNull();
      }
    }
  }
}
