package io.jtune.common.format;

import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A document in the OpenMetrics text format (what Prometheus scrapes): metric families, each with
 * its {@code # TYPE}, {@code # UNIT} and {@code # HELP} lines and its samples, ended by
 * {@code # EOF}; or the same samples in the older Prometheus text format 0.0.4, the one a node
 * exporter's textfile collector and a Pushgateway parse ({@link Syntax}). Families are written in
 * the order they were first named, each family's samples together, as the formats require.
 *
 * <p>Names follow Prometheus' conventions, which the callers keep: base units in names
 * ({@code _seconds}, {@code _bytes}, {@code _ratio}), a counter's samples end in {@code _total},
 * an info metric's in {@code _info}. This class checks what it can (the name syntax, a unit that
 * ends the name, a label set given once per family) and escapes label values and help text.
 * A sample whose value is NaN is left out: a figure the input does not have is no sample.
 */
public final class OpenMetrics {
  /** The content type a scraper or a Pushgateway is given for this text. */
  public static final String CONTENT_TYPE = "application/openmetrics-text; version=1.0.0; charset=utf-8";

  private static final Pattern METRIC_NAME = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
  private static final Pattern LABEL_NAME = Pattern.compile("[a-zA-Z_][a-zA-Z0-9_]*");

  /** The metric types jtune writes. */
  public enum Type {
    GAUGE("gauge", ""), COUNTER("counter", "_total"), SUMMARY("summary", ""), INFO("info", "_info");

    private final String word;
    private final String suffix;

    Type(String word, String suffix) {
      this.word = word;
      this.suffix = suffix;
    }
  }

  private static final MathContext DIGITS = new MathContext(12);

  private final Map<String, Family> families = new LinkedHashMap<>();

  /**
   * The family of this name, made at its first use.
   *
   * @param name the family's name (a counter's without {@code _total}, an info's without {@code _info})
   * @param type its type
   * @param unit its unit, which ends the name ({@code seconds} for {@code jtune_gc_span_seconds}), or null
   * @param help one sentence saying what it measures
   */
  public Family family(String name, Type type, String unit, String help) {
    Family f = families.get(name);
    if (f != null) {
      if (f.type != type) {
        throw new IllegalArgumentException(name + " is already a " + f.type.word);
      }
      return f;
    }
    if (!METRIC_NAME.matcher(name).matches() || name.endsWith("_total") || name.endsWith("_info")) {
      throw new IllegalArgumentException("not a metric family name: " + name);
    }
    if (unit != null && !name.endsWith("_" + unit)) {
      throw new IllegalArgumentException(name + " does not end in its unit " + unit);
    }
    f = new Family(name, type, unit, help);
    families.put(name, f);
    return f;
  }

  /** The two text formats: the same samples, told apart by their metadata lines. */
  public enum Syntax {
    /** OpenMetrics 1.0: TYPE, UNIT and HELP per family, info types, {@code # EOF}. */
    OPENMETRICS,
    /**
     * The Prometheus text format 0.0.4, which a node exporter's textfile collector and a
     * Pushgateway parse: HELP and TYPE named as the samples are (a counter's TYPE line names
     * {@code _total}), an info metric typed gauge, no UNIT and no {@code # EOF}.
     */
    PROMETHEUS
  }

  /** The content type of the Prometheus text format 0.0.4. */
  public static final String PROMETHEUS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  /** Writes the document in OpenMetrics, ending with {@code # EOF}; families without samples are left out. */
  public void write(PrintWriter out) {
    write(out, Syntax.OPENMETRICS);
  }

  /** Writes the document in the given syntax; families without samples are left out. */
  public void write(PrintWriter out, Syntax syntax) {
    StringBuilder sb = new StringBuilder(4096);
    for (Family f : families.values()) {
      if (f.lines.isEmpty()) {
        continue;
      }
      if (syntax == Syntax.OPENMETRICS) {
        sb.append("# TYPE ").append(f.name).append(' ').append(f.type.word).append('\n');
        if (f.unit != null) {
          sb.append("# UNIT ").append(f.name).append(' ').append(f.unit).append('\n');
        }
        sb.append("# HELP ").append(f.name).append(' ').append(escape(f.help)).append('\n');
      } else {
        String name = f.name + f.type.suffix;
        sb.append("# HELP ").append(name).append(' ').append(escapeHelp(f.help)).append('\n');
        sb.append("# TYPE ").append(name).append(' ').append(f.type == Type.INFO ? "gauge" : f.type.word).append('\n');
      }
      for (String line : f.lines) {
        sb.append(line).append('\n');
      }
    }
    if (syntax == Syntax.OPENMETRICS) {
      sb.append("# EOF\n");
    }
    out.write(sb.toString());
    out.flush();
  }

  /** One metric family and its samples, one sample per label set. */
  public static final class Family {
    private final String name;
    private final Type type;
    private final String unit;
    private final String help;
    private final List<String> lines = new ArrayList<>();
    private final java.util.Set<String> labelSets = new java.util.HashSet<>();

    private Family(String name, Type type, String unit, String help) {
      this.name = name;
      this.type = type;
      this.unit = unit;
      this.help = help;
    }

    /** A gauge's, counter's or info's sample (an info's value is 1); left out when NaN. */
    public Family sample(Labels labels, double value) {
      if (type == Type.SUMMARY) {
        throw new IllegalStateException(name + " is a summary: give its quantiles, count and sum");
      }
      if (Double.isNaN(value)) {
        return this;
      }
      if (type == Type.COUNTER && value < 0) {
        throw new IllegalArgumentException(name + ": a counter cannot be negative: " + value);
      }
      once(labels);
      lines.add(name + type.suffix + labels.text() + ' ' + number(value));
      return this;
    }

    /** An info sample: the labels say it all. */
    public Family info(Labels labels) {
      return sample(labels, 1);
    }

    /**
     * A summary's samples: each quantile (a fraction, such as 0.99) with its value, then count and
     * sum; quantiles whose value is NaN are left out.
     */
    public Family summary(Labels labels, double[] quantiles, double[] values, long count, double sum) {
      if (type != Type.SUMMARY) {
        throw new IllegalStateException(name + " is not a summary");
      }
      once(labels);
      for (int i = 0; i < quantiles.length; i++) {
        if (!Double.isNaN(values[i])) {
          lines.add(name + labels.and("quantile", number(quantiles[i])).text() + ' ' + number(values[i]));
        }
      }
      lines.add(name + "_count" + labels.text() + ' ' + count);
      lines.add(name + "_sum" + labels.text() + ' ' + number(sum));
      return this;
    }

    private void once(Labels labels) {
      if (!labelSets.add(labels.text())) {
        throw new IllegalArgumentException(name + " has two samples labelled " + labels.text());
      }
    }
  }

  /** An ordered set of label names and values. */
  public record Labels(List<String> names, List<String> values) {
    public static final Labels NONE = new Labels(List.of(), List.of());

    public Labels {
      names = List.copyOf(names);
      values = List.copyOf(values);
      for (String n : names) {
        if (!LABEL_NAME.matcher(n).matches() || n.startsWith("__")) {
          throw new IllegalArgumentException("not a label name: " + n);
        }
      }
    }

    /** Labels from name, value pairs; a label whose value is null is left out. */
    public static Labels of(String... nameValue) {
      return NONE.and(nameValue);
    }

    /** These labels and more, from name, value pairs; a label whose value is null is left out. */
    public Labels and(String... nameValue) {
      if (nameValue.length % 2 != 0) {
        throw new IllegalArgumentException("label names and values in pairs");
      }
      List<String> n = new ArrayList<>(names);
      List<String> v = new ArrayList<>(values);
      for (int i = 0; i < nameValue.length; i += 2) {
        if (n.contains(nameValue[i])) {
          throw new IllegalArgumentException("label " + nameValue[i] + " given twice");
        }
        if (nameValue[i + 1] != null) {
          n.add(nameValue[i]);
          v.add(nameValue[i + 1]);
        }
      }
      return new Labels(n, v);
    }

    String text() {
      if (names.isEmpty()) {
        return "";
      }
      StringBuilder sb = new StringBuilder("{");
      for (int i = 0; i < names.size(); i++) {
        sb.append(i == 0 ? "" : ",").append(names.get(i)).append("=\"").append(escape(values.get(i))).append('"');
      }
      return sb.append('}').toString();
    }
  }

  /** A label value or help text as the format writes it: backslash, double quote and line feed escaped. */
  static String escape(String s) {
    StringBuilder sb = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '\\' -> sb.append("\\\\");
        case '"' -> sb.append("\\\"");
        case '\n' -> sb.append("\\n");
        case '\r' -> { } // no carriage returns in a line-based format
        default -> sb.append(c);
      }
    }
    return sb.toString();
  }

  /** Help text as the Prometheus text format writes it: backslash and line feed escaped. */
  static String escapeHelp(String s) {
    return s.replace("\\", "\\\\").replace("\r", "").replace("\n", "\\n");
  }

  /**
   * A number as the format writes it: whole numbers without a fraction, others to 12 significant
   * digits (no binary noise such as 1.2432840000000003).
   */
  static String number(double v) {
    if (Double.isInfinite(v)) {
      return v > 0 ? "+Inf" : "-Inf";
    }
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    return new BigDecimal(v).round(DIGITS).stripTrailingZeros().toString().replace('E', 'e');
  }
}
