package io.jtune.common.jvm;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * HotSpot command-line flags as a lookup: `-XX:+Name`, `-XX:-Name`, `-XX:Name=value`, and the
 * `-Xms`/`-Xmx`/`-Xmn`/`-Xss` forms, later flags overriding earlier ones (as the JVM does).
 */
public final class JvmFlags {
  private final List<String> raw;
  private final Map<String, String> values = new LinkedHashMap<>();

  private JvmFlags(List<String> raw) {
    this.raw = List.copyOf(raw);
    for (String f : raw) {
      if (f.startsWith("-XX:+")) {
        values.put(f.substring(5), "true");
      } else if (f.startsWith("-XX:-")) {
        values.put(f.substring(5), "false");
      } else if (f.startsWith("-XX:") && f.indexOf('=') > 4) {
        int eq = f.indexOf('=');
        values.put(f.substring(4, eq), f.substring(eq + 1));
      } else if (f.startsWith(JvmOption.MAX_HEAP_SIZE.shortForm())) {
        values.put(JvmOption.MAX_HEAP_SIZE.option(), f.substring(4));
      } else if (f.startsWith(JvmOption.INITIAL_HEAP_SIZE.shortForm())) {
        values.put(JvmOption.INITIAL_HEAP_SIZE.option(), f.substring(4));
      } else if (f.startsWith(JvmOption.XMN.shortForm())) {
        values.put(JvmOption.NEW_SIZE.option(), f.substring(4));
        values.put(JvmOption.MAX_NEW_SIZE.option(), f.substring(4));
      } else if (f.startsWith(JvmOption.THREAD_STACK_SIZE.shortForm())) {
        values.put(JvmOption.THREAD_STACK_SIZE.option(), f.substring(4));
      } else if (f.equals("-Xincgc")) {
        values.put(JvmOption.USE_CONC_MARK_SWEEP_GC.option(), "true");
        values.put(JvmOption.CMS_INCREMENTAL_MODE.option(), "true");
      }
    }
  }

  public static JvmFlags of(List<String> flags) {
    return new JvmFlags(flags == null ? List.of() : flags);
  }

  /** Splits a command line on white space (flags have no spaces in their values here). */
  public static List<String> split(String commandLine) {
    List<String> out = new ArrayList<>();
    if (commandLine != null) {
      for (String s : commandLine.trim().split("\\s+")) {
        if (!s.isEmpty()) {
          out.add(s);
        }
      }
    }
    return out;
  }

  /** These flags followed by {@code more} (which win where both set a flag). */
  public JvmFlags with(List<String> more) {
    List<String> all = new ArrayList<>(raw);
    all.addAll(more);
    return new JvmFlags(all);
  }

  public List<String> raw() {
    return Collections.unmodifiableList(raw);
  }

  public boolean isEmpty() {
    return raw.isEmpty();
  }

  public boolean has(String name) {
    return values.containsKey(name);
  }

  public boolean has(JvmOption option) {
    return has(option.option());
  }

  public boolean isOn(String name) {
    return "true".equals(values.get(name));
  }

  public boolean isOn(JvmOption option) {
    return isOn(option.option());
  }

  public String value(String name) {
    return values.get(name);
  }

  public String value(JvmOption option) {
    return value(option.option());
  }

  /** A size option in bytes, if set and readable. */
  public OptionalLong bytes(JvmOption option) {
    return bytes(option.option());
  }

  /** A size flag in bytes (`4096M`, `4g`, `4294967296`), if set and readable. */
  public OptionalLong bytes(String name) {
    String v = values.get(name);
    return v == null ? OptionalLong.empty() : parseSize(v);
  }

  /** A size as the JVM reads it: bytes, or a number with k, m, g or t (any case); empty if unreadable. */
  public static OptionalLong parseSize(String v) {
    String s = v.trim().toLowerCase(Locale.ROOT);
    if (s.isEmpty()) {
      return OptionalLong.empty();
    }
    long mult = 1;
    char unit = s.charAt(s.length() - 1);
    switch (unit) {
      case 'k' -> mult = 1L << 10;
      case 'm' -> mult = 1L << 20;
      case 'g' -> mult = 1L << 30;
      case 't' -> mult = 1L << 40;
      default -> { }
    }
    String digits = mult == 1 ? s : s.substring(0, s.length() - 1);
    try {
      return OptionalLong.of(Math.multiplyExact(Long.parseLong(digits), mult));
    } catch (NumberFormatException | ArithmeticException e) {
      return OptionalLong.empty();
    }
  }

  /** The collector the flags choose explicitly, or null when none is chosen. */
  public String chosenCollector() {
    return chosenCollectorOption().map(JvmOption::option).orElse(null);
  }

  /** The collector option the flags switch on explicitly, if any. */
  public Optional<JvmOption> chosenCollectorOption() {
    return JvmOption.COLLECTOR_CHOICES.stream().filter(this::isOn).findFirst();
  }

  /** The major Java version of a version string ("1.8.0_112-b15", "25.112-b15", "17.0.2+8"), or -1. */
  public static int javaMajor(String version) {
    if (version == null || version.isBlank()) {
      return -1;
    }
    String v = version.trim();
    try {
      if (v.startsWith("1.")) {
        return Integer.parseInt(v.substring(2, firstNonDigit(v, 2)));
      }
      int major = Integer.parseInt(v.substring(0, firstNonDigit(v, 0)));
      if (major >= 20 && major <= 25 && v.contains("-b") && v.indexOf('.') > 0 && !v.contains("+")) {
        // JDK 8 HotSpot VM versions look like 25.112-b15
        return 8;
      }
      return major;
    } catch (RuntimeException e) {
      return -1;
    }
  }

  private static int firstNonDigit(String s, int from) {
    int i = from;
    while (i < s.length() && Character.isDigit(s.charAt(i))) {
      i++;
    }
    return i;
  }
}
