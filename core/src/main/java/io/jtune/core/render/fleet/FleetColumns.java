package io.jtune.core.render.fleet;

import io.jtune.core.fleet.FleetRow;
import io.jtune.core.render.JsonNumbers;
import java.util.List;
import java.util.function.Function;

/**
 * The columns of a fleet row in the machine-readable outputs (CSV and JSON lines): one name
 * per field, values as text with numbers rounded as every jtune JSON document rounds them,
 * empty when not known.
 */
final class FleetColumns {
  private FleetColumns() {}

  record Column(String name, Function<FleetRow, Object> value) {}

  static final List<Column> ALL = List.of(
      new Column("inputs", r -> String.join(";", r.inputs())),
      new Column("jvm", r -> r.failed() ? null : r.jvm()),
      new Column("collector", FleetRow::collector),
      new Column("version", FleetRow::version),
      new Column("startTime", FleetRow::startTime),
      new Column("spanS", r -> JsonNumbers.round(r.spanS(), 3)),
      new Column("pauses", r -> r.failed() ? null : r.pauses()),
      new Column("pauseP99Ms", r -> JsonNumbers.round(r.p99Ms(), 3)),
      new Column("pauseMaxMs", r -> JsonNumbers.round(r.maxMs(), 3)),
      new Column("throughputPct", r -> JsonNumbers.round(r.throughputPct(), 3)),
      new Column("fullGcs", r -> r.failed() ? null : r.fullGcs()),
      new Column("allocationRateMBps", r -> JsonNumbers.round(r.allocationRateMBps(), 3)),
      new Column("promotionRateMBps", r -> JsonNumbers.round(r.promotionRateMBps(), 3)),
      new Column("liveSetBytes", r -> r.liveSetBytes() > 0 ? r.liveSetBytes() : null),
      new Column("diagnosis", FleetRow::diagnosis),
      new Column("topFinding", FleetRow::topFinding),
      new Column("topFindingTitle", FleetRow::topFindingTitle),
      new Column("error", FleetRow::error));
}
