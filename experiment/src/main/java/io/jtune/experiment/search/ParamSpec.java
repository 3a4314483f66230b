package io.jtune.experiment.search;

import io.jtune.common.JtuneException;
import io.jtune.experiment.plan.AppParams;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * One application parameter and the values to try: {@code NAME=V1,V2,...}, or a range
 * {@code NAME=FROM..TO} taken in geometric steps of x2 (FROM, 2 FROM, 4 FROM, ... and TO itself
 * when the doubling passes it: {@code threads=8..128} is 8, 16, 32, 64, 128; {@code 10..100}
 * is 10, 20, 40, 80, 100), at most {@value #MAX_VALUES} values. Either may end in
 * {@code :larger-is-cheaper} (or {@code :smaller-is-cheaper}, the default): which way a value
 * costs less, for the tie rule and the refinement ({@link Cheaper}).
 *
 * @param name the parameter: {@code {NAME}} in the command, or the lab's option {@code --NAME}
 * @param values the values, in the order given (a range: ascending)
 * @param cheaper which way a value uses less
 */
public record ParamSpec(String name, List<String> values, Cheaper cheaper) {
  /** The most values of one parameter (a search over more is a sweep, not a search). */
  public static final int MAX_VALUES = 12;

  /**
   * Which way a value of the parameter uses less: a smaller number (fewer threads, connections or
   * cache entries use less memory and CPU; the default), or a larger one (a longer interval, a
   * larger batch). Values that are not numbers cost in the order given, the first the least.
   */
  public enum Cheaper {
    SMALLER, LARGER;

    /** As written after the values: {@code smaller-is-cheaper}. */
    public String key() {
      return name().toLowerCase(java.util.Locale.ROOT) + "-is-cheaper";
    }
  }

  public ParamSpec {
    values = List.copyOf(values);
    cheaper = cheaper == null ? Cheaper.SMALLER : cheaper;
  }

  /** A parameter whose smaller values are cheaper. */
  public ParamSpec(String name, List<String> values) {
    this(name, values, Cheaper.SMALLER);
  }

  /** Parses {@code NAME=V1,V2,...} or {@code NAME=FROM..TO}; a {@link JtuneException} of one line when it is not. */
  public static ParamSpec parse(String text) {
    int eq = text.indexOf('=');
    String example = " (e.g. threads=8,16,32 or threads=8..128)";
    if (eq <= 0) {
      throw new JtuneException("--param '" + text + "': give NAME=V1,V2,... or NAME=FROM..TO" + example);
    }
    String name = text.substring(0, eq).trim();
    String rest = text.substring(eq + 1).trim();
    Cheaper cheaper = Cheaper.SMALLER;
    int colon = rest.lastIndexOf(':');
    if (colon >= 0) {
      String dir = rest.substring(colon + 1).trim();
      cheaper = java.util.Arrays.stream(Cheaper.values()).filter(c -> c.key().equals(dir)).findFirst()
          .orElseThrow(() -> new JtuneException("--param '" + text + "': after ':' give smaller-is-cheaper (the"
              + " default) or larger-is-cheaper, which way a value uses less"));
      rest = rest.substring(0, colon).trim();
    }
    if (!AppParams.NAME.matcher(name).matches() || AppParams.RESERVED.contains(name)) {
      throw new JtuneException("--param '" + text + "': the name must be a lower-case letter, then letters, digits"
          + " or '-', and not one jtune fills (jvmFlags, port, gcLog, java)");
    }
    List<String> values = rest.contains("..") ? range(text, rest) : list(text, rest);
    if (values.size() < 2) {
      throw new JtuneException("--param '" + text + "': give at least two values to choose between" + example);
    }
    if (values.size() > MAX_VALUES) {
      throw new JtuneException("--param '" + text + "': " + values.size() + " values; at most " + MAX_VALUES);
    }
    return new ParamSpec(name, values, cheaper);
  }

  /** Whether every value is a whole number (the values between two of them can be probed). */
  public boolean integers() {
    return values.stream().allMatch(v -> v.matches("-?\\d{1,18}"));
  }

  /**
   * A value's cost for the knee and the tie rule (smaller is cheaper): the number it is (negated
   * when larger is cheaper), else its place in the list given; unknown (null): the largest.
   */
  public double cost(String value) {
    if (value == null) {
      return Double.POSITIVE_INFINITY;
    }
    double n = AppParams.size(value);
    if (Double.isNaN(n)) {
      int i = values.indexOf(value);
      return i < 0 ? Double.POSITIVE_INFINITY : i;
    }
    return cheaper == Cheaper.LARGER ? -n : n;
  }

  private static List<String> list(String text, String rest) {
    LinkedHashSet<String> out = new LinkedHashSet<>();
    for (String v : rest.split(",", -1)) {
      String s = v.trim();
      if (!AppParams.VALUE.matcher(s).matches()) {
        throw new JtuneException("--param '" + text + "': value '" + s + "' must be letters, digits, '.', '_' or '-'"
            + " (up to 32)");
      }
      if (!out.add(s)) {
        throw new JtuneException("--param '" + text + "': value " + s + " is given twice");
      }
    }
    return List.copyOf(out);
  }

  private static List<String> range(String text, String rest) {
    String[] ends = rest.split("\\.\\.", -1);
    long from;
    long to;
    try {
      if (ends.length != 2) {
        throw new NumberFormatException();
      }
      from = Long.parseLong(ends[0].trim());
      to = Long.parseLong(ends[1].trim());
    } catch (NumberFormatException e) {
      throw new JtuneException("--param '" + text + "': a range is two whole numbers, FROM..TO (e.g. threads=8..128)");
    }
    if (from < 1 || to <= from) {
      throw new JtuneException("--param '" + text + "': a range needs 1 <= FROM < TO");
    }
    List<String> out = new ArrayList<>();
    for (long v = from; v < to && out.size() <= MAX_VALUES; v *= 2) {
      out.add(Long.toString(v));
    }
    out.add(Long.toString(to));
    return out;
  }

  /** As the option is written: {@code threads=8,16,32}. */
  public String describe() {
    return name + "=" + String.join(",", values) + (cheaper == Cheaper.SMALLER ? "" : ":" + cheaper.key());
  }
}
