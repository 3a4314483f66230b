package io.jtune.load;

import java.time.Duration;
import java.util.Locale;

/**
 * A load that replays an access log: its requests in the order they were logged, over and over,
 * at the load's rate or concurrency ({@code speed} 0: its mix), or on the log's own time shape at
 * {@code speed} times the recorded pace (the open model: each request is due when its line was
 * logged, scaled, and its latency counts from then).
 *
 * @param log the log read
 * @param speed how many times faster than recorded the requests are sent; 0 to send the log's mix
 *     at the load's own rate or concurrency
 * @param groups how the replayed paths are grouped into endpoints in the results
 */
public record Replay(ReplayLog log, double speed, EndpointGroups groups) {
  /** Fastest replay of a log's time shape. */
  public static final double MAX_SPEED = 1000;

  public Replay {
    if (log == null) {
      throw new LoadException("no replay log given");
    }
    if (!(speed >= 0 && speed <= MAX_SPEED) || Double.isNaN(speed)) {
      throw new LoadException("a replay speed is above 0 and at most " + (int) MAX_SPEED + "x, not " + speed);
    }
    if (speed > 0 && !log.timed()) {
      throw new LoadException("replaying " + log.path() + " at its recorded pace needs the time of every line;"
          + " some of its JSON lines have no 'timestamp'");
    }
    if (speed > 0 && log.spanNanos() <= 0 && log.requestCount() > 1) {
      throw new LoadException("every line of " + log.path() + " has the same time: it has no time shape to follow");
    }
    groups = groups == null ? EndpointGroups.DEFAULT : groups;
  }

  /** Whether the requests follow the log's time shape ({@code --replay-speed}). */
  public boolean followsTime() {
    return speed > 0;
  }

  /**
   * Reads {@code 1x}, {@code 10x}, {@code 0.5x} (or the number alone): how many times faster
   * than recorded. A {@link LoadException} otherwise.
   */
  public static double parseSpeed(String text) {
    String t = text.strip().toLowerCase(Locale.ROOT);
    if (t.endsWith("x")) {
      t = t.substring(0, t.length() - 1);
    }
    try {
      double v = Double.parseDouble(t);
      if (v > 0 && v <= MAX_SPEED) {
        return v;
      }
    } catch (NumberFormatException e) {
      // said below
    }
    throw new LoadException("replay speed '" + text + "': give how many times the recorded pace, such as 1x or 10x"
        + " (above 0, at most " + (int) MAX_SPEED + "x)");
  }

  /** The time the log's requests take to send at its speed (zero for a mix). */
  public Duration sendingTime() {
    if (!followsTime()) {
      return Duration.ZERO;
    }
    // a line logged in the last second is spread over that second
    return Duration.ofNanos((long) ((log.spanNanos() + 1_000_000_000L) / speed));
  }

  /** The mean rate the log's time shape gives at its speed, requests per second. */
  public double rateRps() {
    long nanos = sendingTime().toNanos();
    return nanos <= 0 ? 0 : log.requestCount() * 1e9 / nanos;
  }

  /** The speed in words: {@code 10x}. */
  public String speedText() {
    return (speed == Math.rint(speed) ? String.valueOf((long) speed) : String.valueOf(speed)) + "x";
  }

  /** One line on what is replayed: the file, its requests, and the pace. */
  public String describe() {
    return String.format(Locale.US, "replay of %s: %,d requests (%,d distinct)%s", log.path(), log.requestCount(),
        log.distinct(), followsTime() ? ", at " + speedText() + " its recorded pace" : ", its mix in logged order");
  }
}
