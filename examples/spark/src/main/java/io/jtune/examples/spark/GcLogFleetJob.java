package io.jtune.examples.spark;

import io.jtune.common.JtuneException;
import io.jtune.gc.api.GcLogInput;
import io.jtune.gc.api.GcLogs;
import io.jtune.gc.fleet.FleetColumns;
import io.jtune.gc.fleet.FleetRow;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.spark.api.java.function.FlatMapGroupsFunction;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.RowFactory;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DataTypes;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The GC logs of a fleet as one Spark job: every file under a directory tree (any file system
 * Spark reads: local, HDFS, S3), grouped into one JVM's rotated sets ({@link GcLogs#rotatedSetKey}),
 * each set analyzed by jtune on an executor: the rows {@code jtune analyze --each} gives, one
 * {@link FleetRow} per JVM lifetime with the columns of {@link FleetColumns#ALL}, the header and
 * order of {@code --each --format csv}. A set that gives no JVM (a file that is no GC log) is one
 * row with its reason in {@code error}, as with {@code --each}.
 *
 * <pre>
 * spark-submit --class io.jtune.examples.spark.GcLogFleetJob jtune-example-spark.jar \
 *     hdfs:///logs/gc hdfs:///reports/fleet-csv
 * </pre>
 */
public final class GcLogFleetJob {
  private static final Logger LOG = LoggerFactory.getLogger(GcLogFleetJob.class);

  /** The rows' schema: {@link FleetColumns#ALL} as Spark types. */
  public static final StructType SCHEMA = schema();

  private GcLogFleetJob() {}

  private static StructType schema() {
    List<StructField> fields = new ArrayList<>();
    for (FleetColumns.Column c : FleetColumns.ALL) {
      DataType t = c.type() == String.class ? DataTypes.StringType
          : c.type() == Integer.class ? DataTypes.IntegerType
          : c.type() == Long.class ? DataTypes.LongType
          : DataTypes.DoubleType;
      fields.add(DataTypes.createStructField(c.name(), t, true));
    }
    return DataTypes.createStructType(fields);
  }

  /**
   * One row per JVM lifetime of the GC logs under {@code root}, in no particular order (a sort
   * would run the analysis twice: once to sample the keys, once for the rows).
   */
  public static Dataset<Row> jvmRows(SparkSession spark, String root) {
    // the binary-file source lists the tree; only the path column is asked for, so no content is read here
    Dataset<String> paths = spark.read().format("binaryFile").option("recursiveFileLookup", "true").load(root)
        .select("path").as(Encoders.STRING());
    return paths.groupByKey((MapFunction<String, String>) GcLogs::rotatedSetKey, Encoders.STRING())
        .flatMapGroups((FlatMapGroupsFunction<String, String, Row>) GcLogFleetJob::analyze, Encoders.row(SCHEMA));
  }

  /** On an executor: one rotated set's files, read through Hadoop's file system, as rows. */
  static Iterator<Row> analyze(String key, Iterator<String> files) {
    Configuration conf = new Configuration();
    List<String> names = new ArrayList<>();
    files.forEachRemaining(names::add);
    names.sort(null);
    List<GcLogInput> inputs = new ArrayList<>();
    for (String f : names) {
      inputs.add(new GcLogInput(f, () -> {
        Path p = new Path(f);
        return p.getFileSystem(conf).open(p);
      }));
    }
    List<FleetRow> jvms;
    try {
      jvms = GcLogs.analyzer().analyzeInputs(inputs).jvms();
    } catch (JtuneException e) {
      LOG.warn("{}: no JVM: {}", key, e.getMessage());
      jvms = List.of(FleetRow.failed(names, e.getMessage()));
    }
    List<Row> rows = new ArrayList<>();
    for (FleetRow r : jvms) {
      rows.add(RowFactory.create(r.values().toArray()));
    }
    return rows.iterator();
  }

  /**
   * The rows as one CSV file with a header (the header of {@code jtune analyze --each --format csv})
   * in {@code dir}, ordered by inputs and JVM; unknown values are empty fields, as there.
   */
  public static void writeCsv(Dataset<Row> rows, String dir) {
    // one partition, sorted in place: one CSV file, the analysis run once
    rows.coalesce(1).sortWithinPartitions("inputs", "jvm").write().mode(SaveMode.ErrorIfExists)
        .option("header", "true").csv(dir);
  }

  /** {@code GcLogFleetJob ROOT OUTPUT_DIR}: the rows of the logs under ROOT as one CSV file with a header in OUTPUT_DIR. */
  public static void main(String[] args) {
    if (args.length != 2) {
      System.err.println("usage: GcLogFleetJob ROOT OUTPUT_DIR  (one row per JVM of the GC logs under ROOT, as CSV)");
      System.exit(2);
    }
    SparkSession spark = SparkSession.builder().appName("jtune GC logs of a fleet").getOrCreate();
    try {
      writeCsv(jvmRows(spark, args[0]), args[1]);
    } finally {
      spark.stop();
    }
  }
}
