package io.jtune.common.units;

/** Keeps a user's value short and on one line inside an error message. */
final class TextClip {
  private static final int MAX = 40;

  private TextClip() {}

  static String clip(String s) {
    String one = s.replaceAll("\\p{Cntrl}", "?");
    return one.length() <= MAX ? one : one.substring(0, MAX) + "...";
  }
}
