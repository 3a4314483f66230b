package io.jtune.bench;

import io.jtune.common.format.Json;
import io.jtune.gc.event.ConcurrentPhase;
import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.SafepointPause;
import io.jtune.gc.input.LogInputs;
import io.jtune.gc.parser.GcLogReader;
import io.jtune.gc.parser.ParseReport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Parses GC logs with jtune's core reader alone ({@link GcLogReader#read}) into a counting sink:
 * the parse cost without the analysis {@code jtune analyze} adds on top. Writes what it counted
 * as JSON to the result file.
 *
 * <p>Usage: {@code CoreParse <result.json> <log>...}
 */
public final class CoreParse {

  /** Counts events by type; keeps nothing else, so memory shows the reader's own footprint. */
  static final class CountingSink implements Consumer<GcEvent> {
    long events;
    long pauses;
    long concurrentPhases;
    long safepoints;
    double pauseMs;

    @Override
    public void accept(GcEvent e) {
      events++;
      if (e instanceof GcPause p) {
        pauses++;
        pauseMs += p.durationMs();
      } else if (e instanceof ConcurrentPhase) {
        concurrentPhases++;
      } else if (e instanceof SafepointPause) {
        safepoints++;
      }
    }
  }

  private CoreParse() {}

  public static void main(String[] args) throws IOException {
    if (args.length < 2) {
      System.err.println("usage: CoreParse <result.json> <log>...");
      System.exit(2);
    }
    long start = System.nanoTime();
    LogInputs.Resolved in = LogInputs.resolve(List.of(args).subList(1, args.length), System.in);
    CountingSink sink = new CountingSink();
    ParseReport report = GcLogReader.read(in.sources(), in.problems(), sink);
    double seconds = (System.nanoTime() - start) / 1e9;

    Map<String, Object> r = new LinkedHashMap<>();
    r.put("events", sink.events);
    r.put("pauses", sink.pauses);
    r.put("concurrentPhases", sink.concurrentPhases);
    r.put("safepoints", sink.safepoints);
    r.put("pauseTotalMs", sink.pauseMs);
    r.put("bytes", report.bytesRead());
    r.put("lines", report.linesRead());
    r.put("gcLines", report.gcLines());
    r.put("unparsedLines", report.unparsed());
    r.put("problems", report.problems().size());
    r.put("inProcessSeconds", seconds);
    Json.indented().writeValue(Path.of(args[0]).toFile(), r);
    if (!report.problems().isEmpty()) {
      report.problems().forEach(p -> System.err.println(p.source() + ": " + p.message()));
      System.exit(1);
    }
  }
}
