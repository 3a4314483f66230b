package io.jtune.gc.parser.unified;

import java.util.HashMap;
import java.util.Map;

/**
 * Readable names for generational ZGC's phases: the log marks each line of a collection with
 * "Y: " (the young part of a major collection), "y: " (a minor collection) or "O: " (the old
 * part of a major collection); the phase "Concurrent Mark" of a "y: " line is "young (minor):
 * Concurrent Mark". Each name is made once.
 */
final class GenerationLabels {
  private final Map<String, String> youngMajor = new HashMap<>();
  private final Map<String, String> youngMinor = new HashMap<>();
  private final Map<String, String> old = new HashMap<>();

  /** What the mark stands for, or null for no mark. */
  static String label(char generation) {
    return switch (generation) {
      case 'Y' -> "young (major)";
      case 'y' -> "young (minor)";
      case 'O' -> "old";
      default -> null;
    };
  }

  /** {@code name} with the generation it belongs to, or {@code name} when the line has no mark. */
  String name(char generation, String name) {
    Map<String, String> names = switch (generation) {
      case 'Y' -> youngMajor;
      case 'y' -> youngMinor;
      case 'O' -> old;
      default -> null;
    };
    return names == null ? name : names.computeIfAbsent(name, n -> label(generation) + ": " + n);
  }
}
