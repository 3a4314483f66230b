package io.jtune.gc.parser.jdk8;

import io.jtune.gc.event.GcEvent;
import io.jtune.gc.input.Line;

/**
 * The time stamps and GC id of the line being read ("2024-01-01T10:00:00.000+0000: 12.345:
 * #7: ") and its number. A record assembled over several lines is read with the stamps of its
 * first line (see {@link RecordAssembly}).
 */
final class Stamps {
  double uptime;
  long epoch;
  long gcId;
  long lineNo;

  /** A new line: no stamps read yet. */
  void start(Line t) {
    lineNo = t.number();
    uptime = Double.NaN;
    epoch = GcEvent.NO_EPOCH;
    gcId = -1;
  }

  /** Reads "date: uptime: #id: " from {@code from}; returns the index after them. */
  int read(Line t, int from) {
    int p = from;
    if (Line.isDigit(t.at(p)) && t.at(p + 4) == '-' && t.at(p + 7) == '-') {
      long e = t.parseIsoEpochMs(p);
      if (e == Long.MIN_VALUE) {
        return from;
      }
      int q = t.end();
      if (t.at(q) != ':') {
        return from;
      }
      epoch = e;
      p = q + 1;
      if (t.at(p) == ' ') {
        p++;
      }
    }
    if (Line.isDigit(t.at(p))) {
      double v = t.parseDouble(p);
      int q = t.end();
      if (t.at(q) == ':') {
        uptime = v;
        p = q + 1;
        if (t.at(p) == ' ') {
          p++;
        }
      }
    }
    if (t.at(p) == '#') {
      long id = t.parseLong(p + 1);
      int q = t.end();
      if (id >= 0 && t.at(q) == ':') {
        gcId = id;
        p = q + 1;
        if (t.at(p) == ' ') {
          p++;
        }
      }
    }
    return p;
  }
}
