package io.jtune.core.render;

import io.jtune.core.event.GcEvent;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** Wall-clock times as ISO-8601 with offset and milliseconds, e.g. "2024-05-01T10:15:30.123+02:00". */
public final class IsoTime {
  private static final DateTimeFormatter ISO =
      DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSXXX");

  private IsoTime() {}

  /** The ISO-8601 text of an epoch-ms wall clock at {@code offset}, or null for {@link GcEvent#NO_EPOCH}. */
  public static String of(long epochMs, ZoneOffset offset) {
    return epochMs == GcEvent.NO_EPOCH ? null : ISO.format(Instant.ofEpochMilli(epochMs).atOffset(offset));
  }
}
