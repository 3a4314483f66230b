package io.jtune.gc.aggregate;

import io.jtune.gc.event.Collector;
import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.JvmInfo;

/** Folds the JVM header fragments of a log into one {@link JvmInfo}. */
public final class JvmInfoAggregator implements Aggregator {
  private JvmInfo info = JvmInfo.EMPTY;

  @Override
  public void accept(GcEvent e) {
    if (e instanceof JvmInfo j) {
      info = info.merge(j);
    }
  }

  public JvmInfo info() {
    return info;
  }

  public Collector collector() {
    return info.collector() == null ? Collector.UNKNOWN : info.collector();
  }
}
