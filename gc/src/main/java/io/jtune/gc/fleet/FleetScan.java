package io.jtune.gc.fleet;

import io.jtune.common.JtuneException;
import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.gc.analysis.GcAnalyzer;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * Analyzes the units of a fleet in parallel on a fixed number of threads and hands their rows
 * on in the units' order, each as soon as it and every unit before it are done. At most
 * {@code 2 x threads} units are under way or waiting for an earlier one, so memory stays
 * bounded by the threads' analyses, not by the number of logs: a finished unit keeps only its
 * rows.
 */
public final class FleetScan {
  private FleetScan() {}

  /** What a scan gave: JVM rows and units that gave none. */
  public record Counts(int rows, int failed) {}

  /** Scans {@code units} (from {@link FleetUnits}), handing each row to {@code out} in order. */
  public static Counts scan(List<List<String>> units, AnalysisOptions options, int threads, InputStream stdin,
      Consumer<FleetRow> out) {
    int n = Math.max(1, threads);
    ExecutorService pool = Executors.newFixedThreadPool(n, r -> {
      Thread t = new Thread(r, "jtune-each");
      t.setDaemon(true);
      return t;
    });
    ArrayDeque<Future<List<FleetRow>>> pending = new ArrayDeque<>();
    int rows = 0;
    int failed = 0;
    try {
      int next = 0;
      while (next < units.size() || !pending.isEmpty()) {
        while (next < units.size() && pending.size() < 2 * n) {
          List<String> unit = units.get(next++);
          pending.add(pool.submit(() -> analyze(unit, options, stdin)));
        }
        for (FleetRow row : take(pending.poll())) {
          out.accept(row);
          if (row.failed()) {
            failed++;
          } else {
            rows++;
          }
        }
      }
    } finally {
      pool.shutdownNow();
    }
    return new Counts(rows, failed);
  }

  private static List<FleetRow> take(Future<List<FleetRow>> f) {
    try {
      return f.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new JtuneException("interrupted");
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
    }
  }

  /** One unit's rows; inputs that give no JVM are one row saying why, so one bad log does not stop a fleet. */
  private static List<FleetRow> analyze(List<String> unit, AnalysisOptions options, InputStream stdin) {
    try {
      return FleetRow.of(GcAnalyzer.analyze(unit, stdin, options));
    } catch (JtuneException e) {
      return List.of(FleetRow.failed(unit, e.getMessage()));
    }
  }
}
