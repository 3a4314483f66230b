package io.jtune.cli;

import io.jtune.common.JtuneException;
import io.jtune.load.EndpointGroups;
import io.jtune.load.LoadException;
import io.jtune.load.Replay;
import io.jtune.load.ReplayLog;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code --replay}, {@code --replay-speed} and {@code --group}: requests from a recorded access log. */
final class ReplayOptions {
  @Option(names = "--replay", paramLabel = "FILE",
      description = {"send the requests of an access log instead of one URL's: nginx/Apache Common or Combined Log"
          + " Format, or JSON lines with method, path (or url), timestamp and optional body and headers; plain or"
          + " gzip. The URL gives the scheme, host and port; by default the log's mix, in logged order, at --rate or"
          + " --concurrency. Lines not understood are counted and named."})
  Path file;

  @Option(names = "--replay-speed", paramLabel = "SPEED",
      description = "follow the log's recorded time shape at SPEED times its pace (1x, 10x, 0.5x): the open model,"
          + " each request due when it was logged and its latency counted from then; the run lasts as long as the log"
          + " at that speed unless --duration is shorter")
  String speed;

  @Option(names = "--group", paramLabel = "PATTERN",
      description = "per-endpoint results of a replay: requests whose path matches PATTERN are one endpoint (repeatable;"
          + " * is one segment, ** any number of them, such as /api/users/* or /static/**); other paths are grouped"
          + " with numbers, UUIDs and hex ids as {id}")
  List<String> groups = new ArrayList<>();

  /** Whether a log is replayed. */
  boolean given() {
    return file != null;
  }

  /** Whether the log's time shape is followed. */
  boolean followsTime() {
    return speed != null;
  }

  /** The replay asked for, the log read now; null without --replay. A one-line error for bad input. */
  Replay replay() {
    if (file == null) {
      if (speed != null || !groups.isEmpty()) {
        throw new JtuneException("--replay-speed and --group go with --replay FILE");
      }
      return null;
    }
    try {
      double s = speed == null ? 0 : Replay.parseSpeed(speed);
      return new Replay(ReplayLog.read(file), s, EndpointGroups.of(groups));
    } catch (LoadException e) {
      throw new JtuneException(e.getMessage(), e);
    }
  }

  /** The speed given, checked ({@code 0} without one). */
  double speedValue() {
    try {
      return speed == null ? 0 : Replay.parseSpeed(speed);
    } catch (LoadException e) {
      throw new JtuneException(e.getMessage(), e);
    }
  }
}
