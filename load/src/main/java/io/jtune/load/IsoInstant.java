package io.jtune.load;

/**
 * Writes an instant as ISO-8601 UTC with milliseconds ({@code 2026-11-29T09:05:07.042Z}, what
 * {@link java.time.Instant#parse} reads) straight into bytes, without {@code java.time} objects.
 */
final class IsoInstant {
  private static final long MILLIS_PER_DAY = 86_400_000L;

  private IsoInstant() {}

  static void write(ByteSink out, long epochMillis) {
    long days = Math.floorDiv(epochMillis, MILLIS_PER_DAY);
    int msOfDay = (int) Math.floorMod(epochMillis, MILLIS_PER_DAY);
    // civil date from days since 1970-01-01 (proleptic Gregorian), after H. Hinnant's algorithm
    long z = days + 719_468;
    long era = Math.floorDiv(z, 146_097);
    long doe = z - era * 146_097;
    long yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    long mp = (5 * doy + 2) / 153;
    int day = (int) (doy - (153 * mp + 2) / 5 + 1);
    int month = (int) (mp < 10 ? mp + 3 : mp - 9);
    long year = yoe + era * 400 + (month <= 2 ? 1 : 0);
    out.padded((int) year, 4);
    out.put('-');
    out.padded(month, 2);
    out.put('-');
    out.padded(day, 2);
    out.put('T');
    out.padded(msOfDay / 3_600_000, 2);
    out.put(':');
    out.padded(msOfDay / 60_000 % 60, 2);
    out.put(':');
    out.padded(msOfDay / 1000 % 60, 2);
    out.put('.');
    out.padded(msOfDay % 1000, 3);
    out.put('Z');
  }
}
