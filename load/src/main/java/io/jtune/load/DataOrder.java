package io.jtune.load;

import java.util.Locale;

/**
 * The order in which requests take a data file's rows; every order starts again at the top
 * when the rows run out (circular).
 */
public enum DataOrder {
  /** Row 1, 2, 3, ... in the file's order. */
  SEQUENTIAL,
  /** Any row each time, drawn at random (rows may repeat before all were used). */
  RANDOM,
  /** Every row once per pass, in an order shuffled once when the run starts. */
  SHUFFLE;

  /** The order written {@code sequential}, {@code random} or {@code shuffle} (any case). */
  public static DataOrder parse(String text) {
    for (DataOrder o : values()) {
      if (o.name().equalsIgnoreCase(text.strip())) {
        return o;
      }
    }
    throw new LoadException("data order '" + text + "': use sequential, random or shuffle");
  }

  /** The name as written in options and plans. */
  public String text() {
    return name().toLowerCase(Locale.ROOT);
  }
}
