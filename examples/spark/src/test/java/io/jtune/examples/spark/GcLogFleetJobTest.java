package io.jtune.examples.spark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.gc.fleet.FleetColumns;
import io.jtune.gc.fleet.FleetRow;
import io.jtune.gc.fleet.FleetScan;
import io.jtune.gc.fleet.FleetUnits;
import io.jtune.common.format.OutputFormat;
import io.jtune.gc.fleet.render.FleetOutput;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
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
 * is no GC log. Its rows and its CSV are what {@code jtune analyze --each} gives for the same tree
 * (its scan and its CSV writer): the same header, the same rows, the same values.
 */
class GcLogFleetJobTest {
  private static SparkSession spark;

  @TempDir static Path tree;
  @TempDir static Path out;

  static Path corpus() {
    String p = System.getProperty("jtune.corpus");
    return p != null ? Path.of(p) : Path.of("../../testdata/gclogs");
  }

  @BeforeAll
  static void start() throws IOException {
    // local mode on the loopback address only: no web UI, the driver bound to 127.0.0.1
    spark = SparkSession.builder().master("local[2]").appName("GcLogFleetJobTest")
        .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "4")
        .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1").getOrCreate();
    Path a = Files.createDirectories(tree.resolve("dc1/host-a"));
    Path b = Files.createDirectories(tree.resolve("dc1/host-b"));
    Path c = Files.createDirectories(tree.resolve("dc2/host-c"));
    Path toolkit = corpus().resolve("gctoolkit-testdata");
    Files.copy(toolkit.resolve("gctoolkit-gclogs__preunified__serial__defnew__details__tenuring__180__serial180.log"),
        a.resolve("gc.log"));
    try (Stream<Path> s = Files.list(toolkit)) {
      for (Path p : s.filter(p -> p.getFileName().toString().contains("short_restart_4.log")).toList()) {
        Files.copy(p, b.resolve(p.getFileName().toString().replace("gctoolkit-gclogs-rolling__rolling__jdk14__rollinglogs__", "")));
      }
    }
    Files.copy(toolkit.resolve("gctoolkit-gclogs__streaming__gc.log.gz"), c.resolve("gc.log.gz"));
    Files.writeString(c.resolve("notes.txt"), "not a GC log\n");
  }

  @AfterAll
  static void stop() {
    if (spark != null) {
      spark.stop();
    }
  }

  /** What {@code jtune analyze --each TREE} lists: its scan of the tree. */
  private static List<FleetRow> eachRows() {
    List<FleetRow> rows = new ArrayList<>();
    FleetScan.scan(FleetUnits.of(List.of(tree.toString())), AnalysisOptions.DEFAULTS, 2,
        new ByteArrayInputStream(new byte[0]), rows::add);
    return rows;
  }

  /** What {@code jtune analyze --each --format csv TREE} writes. */
  private static String eachCsv(List<FleetRow> rows) throws IOException {
    StringWriter w = new StringWriter();
    FleetOutput csv = FleetOutput.of(OutputFormat.CSV, w);
    csv.begin();
    for (FleetRow r : rows) {
      csv.row(r);
    }
    csv.end(new FleetScan.Counts(rows.size(), 0));
    return w.toString();
  }

  /** A value with the tree's location left out: the job names files by URI (file:/...), --each by path. */
  private static Object local(Object v) {
    return v instanceof String s ? s.replace("file:" + tree, "").replace(tree.toString(), "") : v;
  }

  @Test
  void theJobsRowsAreTheRowsOfEach() {
    List<Row> rows = new ArrayList<>(GcLogFleetJob.jvmRows(spark, tree.toUri().toString()).collectAsList());
    List<List<Object>> job = new ArrayList<>();
    for (Row r : rows) {
      List<Object> values = new ArrayList<>();
      for (int i = 0; i < r.size(); i++) {
        values.add(local(r.get(i)));
      }
      job.add(values);
    }
    List<List<Object>> each = new ArrayList<>();
    for (FleetRow r : eachRows()) {
      each.add(r.values().stream().map(GcLogFleetJobTest::local).toList());
    }
    Comparator<List<Object>> order = Comparator.comparing((List<Object> v) -> (String) v.get(0))
        .thenComparing(v -> v.get(1) == null ? 0 : (Integer) v.get(1));
    job.sort(order);
    each.sort(order);
    // 1 + 5 restarts + 1 JVM, and the file that is no GC log with its reason
    assertThat(each).hasSize(8);
    assertThat(job).isEqualTo(each);
    int error = FleetColumns.names().indexOf("error");
    assertThat(job).filteredOn(v -> v.get(error) != null).singleElement()
        .satisfies(v -> assertThat((String) v.get(0)).isEqualTo("/dc2/host-c/notes.txt"));
    assertThat(job.stream().map(v -> v.get(2)).distinct()).hasSizeGreaterThan(2);
  }

  @Test
  void theJobsCsvHasTheHeaderAndTheValuesOfEachFormatCsv() throws IOException {
    String each = eachCsv(eachRows());
    Path dir = out.resolve("fleet-csv");
    GcLogFleetJob.writeCsv(GcLogFleetJob.jvmRows(spark, tree.toUri().toString()), dir.toUri().toString());
    Path part;
    try (Stream<Path> s = Files.list(dir)) {
      part = s.filter(p -> p.getFileName().toString().endsWith(".csv")).findFirst().orElseThrow();
    }
    String job = Files.readString(part);
    String header = String.join(",", FleetColumns.names());
    assertThat(job.lines().findFirst()).contains(header);
    assertThat(each.lines().findFirst()).contains(header);
    assertThat(Arrays.asList(GcLogFleetJob.SCHEMA.fieldNames())).isEqualTo(FleetColumns.names());

    List<String[]> jobCells = cells(job);
    List<String[]> eachCells = cells(each);
    assertThat(jobCells).hasSize(eachCells.size()).hasSize(9);
    Comparator<String[]> order = Comparator.comparing((String[] c) -> c[0]).thenComparing(c -> c[1]);
    jobCells.subList(1, jobCells.size()).sort(order);
    eachCells.subList(1, eachCells.size()).sort(order);
    for (int i = 0; i < jobCells.size(); i++) {
      String[] j = jobCells.get(i);
      String[] e = eachCells.get(i);
      assertThat(j).hasSameSizeAs(e);
      for (int col = 0; col < j.length; col++) {
        String what = FleetColumns.names().get(col) + " of " + e[0];
        if (FleetColumns.ALL.get(col).type() == Double.class && !j[col].isEmpty() && i > 0) {
          // Spark writes a double as Java prints it (12.0), --each as the rounded decimal (12)
          assertThat(new BigDecimal(j[col])).as(what).isEqualByComparingTo(new BigDecimal(e[col]));
        } else {
          assertThat(j[col]).as(what).isEqualTo(e[col]);
        }
      }
    }
  }

  /** A CSV document's records, the header first, with the tree's location left out. */
  private static List<String[]> cells(String csv) throws IOException {
    List<String[]> records = new ArrayList<>();
    try (MappingIterator<String[]> it = new CsvMapper().enable(CsvParser.Feature.WRAP_AS_ARRAY)
        .readerFor(String[].class).readValues(csv)) {
      while (it.hasNext()) {
        String[] r = it.next();
        for (int i = 0; i < r.length; i++) {
          r[i] = (String) local(r[i]);
        }
        records.add(r);
      }
    }
    return records;
  }
}
