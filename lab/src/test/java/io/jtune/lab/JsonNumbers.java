package io.jtune.lab;

/** Reads one number out of the lab's flat {@code /stats} JSON by a path of field names. */
final class JsonNumbers {
  private JsonNumbers() {}

  static long find(String json, String... names) {
    int at = 0;
    for (String name : names) {
      at = json.indexOf("\"" + name + "\":", at);
      if (at < 0) {
        throw new AssertionError("no field " + String.join(".", names) + " in " + json);
      }
      at += name.length() + 3;
    }
    int end = at;
    while (end < json.length() && (Character.isDigit(json.charAt(end)) || json.charAt(end) == '-')) {
      end++;
    }
    return Long.parseLong(json.substring(at, end));
  }
}
