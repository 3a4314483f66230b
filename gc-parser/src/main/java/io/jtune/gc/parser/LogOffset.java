package io.jtune.gc.parser;

import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.ZoneOffset;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The UTC offset a log writes its date stamps with ("...T10:15:30.123+0200"), read from its first lines. */
final class LogOffset {
  private static final Pattern STAMP =
      Pattern.compile("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(?:[.,]\\d+)?(Z|[+-]\\d\\d:?\\d\\d)");

  private LogOffset() {}

  /** The offset of the first date stamp in {@code head}, or null when it has none. */
  static ZoneOffset of(byte[] head) {
    Matcher m = STAMP.matcher(new String(head, StandardCharsets.ISO_8859_1));
    if (!m.find()) {
      return null;
    }
    try {
      return ZoneOffset.of(m.group(1));
    } catch (DateTimeException e) {
      return null;
    }
  }
}
