package io.jtune.experiment.run;

import io.jtune.common.JtuneException;
import io.jtune.diagnostics.jfr.JfrReader;
import io.jtune.diagnostics.jfr.JfrRules;
import io.jtune.diagnostics.jfr.JfrSummary;
import io.jtune.common.format.JsonNumbers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** What a run's JFR recording says that a verdict can use: where threads blocked, and GC's share of the time. */
final class RecordingEvidence {
  private RecordingEvidence() {}

  /** The gist of the recording, or null when there is none or it cannot be read. */
  static RunResult.RecordingSeen of(Path recording) {
    if (!Files.isRegularFile(recording)) {
      return null;
    }
    JfrSummary s;
    try {
      s = JfrReader.read(recording);
    } catch (JtuneException e) {
      return null;
    }
    double durationMs = s.durationS() * 1000;
    Double gcPct = durationMs > 0 ? JsonNumbers.round(100 * s.gc().pauseTotalMs() / durationMs, 2) : null;
    JfrRules.Contention c = JfrRules.topContention(s);
    if (c == null) {
      return new RunResult.RecordingSeen(null, null, null, gcPct);
    }
    JfrSummary.Lock top = c.lock();
    return new RunResult.RecordingSeen(String.format(Locale.US, "%.0f %% of blocked time on one lock: %s (%s, %,d waits,"
        + " %.1f threads waiting on average) at %s", c.sharePct(), top.className(), top.kind(), top.count(),
        c.threadsWaiting(), top.topFrame() == null ? "(no stack)" : top.topFrame()), JsonNumbers.round(c.sharePct(), 2),
        JsonNumbers.round(c.threadsWaiting(), 2), gcPct);
  }
}
