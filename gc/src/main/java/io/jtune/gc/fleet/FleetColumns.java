package io.jtune.gc.fleet;

import io.jtune.common.format.JsonNumbers;
import java.util.List;
import java.util.function.Function;

/**
 * The columns of a {@link FleetRow}, in order: the one column list of every output that lists
 * JVMs side by side ({@code jtune analyze --each} as CSV and JSON lines, a Spark data set, the
 * library's rows as values). A value is rounded as every jtune JSON document rounds numbers,
 * null when not known; {@code inputs} is the files joined by {@code ;} (JSON lines write it as
 * an array).
 */
public final class FleetColumns {
  private FleetColumns() {}

  /** A column: its name (camelCase, as in JSON), the Java type of its non-null values, and how a row gives its value. */
  public record Column(String name, Class<?> type, Function<FleetRow, Object> value) {}

  /** The columns in order. */
  public static final List<Column> ALL = List.of(
      new Column("inputs", String.class, r -> String.join(";", r.inputs())),
      new Column("jvm", Integer.class, r -> r.failed() ? null : Integer.valueOf(r.jvm())),
      new Column("collector", String.class, FleetRow::collector),
      new Column("version", String.class, FleetRow::version),
      new Column("startTime", String.class, FleetRow::startTime),
      new Column("spanS", Double.class, r -> JsonNumbers.round(r.spanS(), 3)),
      new Column("pauses", Long.class, r -> r.failed() ? null : Long.valueOf(r.pauses())),
      new Column("pauseP99Ms", Double.class, r -> JsonNumbers.round(r.pauseP99Ms(), 3)),
      new Column("pauseMaxMs", Double.class, r -> JsonNumbers.round(r.pauseMaxMs(), 3)),
      new Column("throughputPct", Double.class, r -> JsonNumbers.round(r.throughputPct(), 3)),
      new Column("fullGcs", Long.class, r -> r.failed() ? null : Long.valueOf(r.fullGcs())),
      new Column("allocationRateMBps", Double.class, r -> JsonNumbers.round(r.allocationRateMBps(), 3)),
      new Column("promotionRateMBps", Double.class, r -> JsonNumbers.round(r.promotionRateMBps(), 3)),
      new Column("liveSetBytes", Long.class, r -> r.liveSetBytes() > 0 ? Long.valueOf(r.liveSetBytes()) : null),
      new Column("diagnosis", String.class, FleetRow::diagnosis),
      new Column("topFinding", String.class, FleetRow::topFinding),
      new Column("topFindingTitle", String.class, FleetRow::topFindingTitle),
      new Column("error", String.class, FleetRow::error));

  /** The column names in order: the header of {@code jtune analyze --each --format csv}. */
  public static List<String> names() {
    return ALL.stream().map(Column::name).toList();
  }
}
