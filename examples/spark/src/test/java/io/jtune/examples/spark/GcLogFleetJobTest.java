package io.jtune.examples.spark;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.core.api.GcLogs;
import io.jtune.core.fleet.JvmRow;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Spark job in local mode over a tree of real GC logs from the corpus (testdata/gclogs):
 * three hosts, one with a rotated set of five JVM restarts, one with a gzip log, and a file that
 * is no GC log. Its rows are what the library gives for each host's logs.
 */
class GcLogFleetJobTest {
  private static SparkSession spark;

  @TempDir static Path tree;

  static Path corpus() {
    String p = System.getProperty("jtune.corpus");
    return p != null ? Path.of(p) : Path.of("../../testdata/gclogs");
  }

  @BeforeAll
  static void start() {
    // local mode on the loopback address only: no web UI, the driver bound to 127.0.0.1
    spark = SparkSession.builder().master("local[2]").appName("GcLogFleetJobTest")
        .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "4")
        .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
  }

  @AfterAll
  static void stop() {
    if (spark != null) {
      spark.stop();
    }
  }

  private static List<Path> restartSet() throws IOException {
    try (Stream<Path> s = Files.list(corpus().resolve("gctoolkit-testdata"))) {
      return s.filter(p -> p.getFileName().toString().contains("short_restart_4.log")).sorted().toList();
    }
  }

  @Test
  void oneRowPerJvmAsTheLibraryGivesThem() throws IOException {
    Path a = Files.createDirectories(tree.resolve("dc1/host-a"));
    Path b = Files.createDirectories(tree.resolve("dc1/host-b"));
    Path c = Files.createDirectories(tree.resolve("dc2/host-c"));
    Path toolkit = corpus().resolve("gctoolkit-testdata");
    Files.copy(toolkit.resolve("gctoolkit-gclogs__preunified__serial__defnew__details__tenuring__180__serial180.log"),
        a.resolve("gc.log"));
    List<Path> restarts = restartSet();
    for (Path p : restarts) {
      Files.copy(p, b.resolve(p.getFileName().toString().replace("gctoolkit-gclogs-rolling__rolling__jdk14__rollinglogs__", "")));
    }
    Files.copy(toolkit.resolve("gctoolkit-gclogs__streaming__gc.log.gz"), c.resolve("gc.log.gz"));
    Files.writeString(c.resolve("notes.txt"), "not a GC log\n");

    List<Row> rows = new ArrayList<>(GcLogFleetJob.jvmRows(spark, tree.toUri().toString()).collectAsList());
    rows.sort(java.util.Comparator.comparing((Row r) -> r.getString(0)).thenComparingInt(r -> r.getInt(1)));

    List<JvmRow> expected = new ArrayList<>();
    expected.addAll(GcLogs.analyze(a.resolve("gc.log")).jvms());
    try (Stream<Path> s = Files.list(b)) {
      expected.addAll(GcLogs.analyzer().analyze(s.sorted().toList()).jvms());
    }
    expected.addAll(GcLogs.analyze(c.resolve("gc.log.gz")).jvms());
    assertThat(expected).hasSize(7);
    assertThat(rows).hasSize(expected.size());
    assertThat(GcLogFleetJob.SCHEMA.fieldNames())
        .containsExactlyElementsOf(JvmRow.COLUMNS.stream().map(JvmRow.Column::name).toList());
    for (int i = 0; i < rows.size(); i++) {
      Row row = rows.get(i);
      JvmRow want = expected.get(i);
      // the job names files by URI (file:/...), the library by path
      assertThat(row.getString(0)).endsWith(tree.relativize(Path.of(want.source())).toString());
      for (int col = 1; col < JvmRow.COLUMNS.size(); col++) {
        assertThat(row.get(col)).as(JvmRow.COLUMNS.get(col).name() + " of " + want.source() + " jvm " + want.jvm())
            .isEqualTo(want.values().get(col));
      }
    }
    assertThat(rows.stream().map(r -> r.getString(2)).distinct()).hasSizeGreaterThan(1);
  }
}
