package io.jtune.experiment.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A class histogram as {@code jcmd PID GC.class_histogram} prints it (JDK 17 to 25): a row per
 * class, {@code num: #instances #bytes class-name}, the class name followed by its module and
 * version when it has one ({@code (java.base@17.0.15)}, left out here so a class reads the same on
 * every JDK), and a {@code Total} line. Lines that are neither (the {@code PID:} line, the header,
 * its rule, a warning) are skipped.
 *
 * @param classes by class name, in the histogram's order (largest first): instances and bytes
 * @param totalInstances the Total line's instances
 * @param totalBytes the Total line's bytes: the live objects' size (the histogram follows a Full GC)
 */
public record ClassHistogram(Map<String, Counts> classes, long totalInstances, long totalBytes) {
  private static final Pattern ROW = Pattern.compile("^\\s*\\d+:\\s+(\\d+)\\s+(\\d+)\\s+(\\S.*?)\\s*$");
  private static final Pattern TOTAL = Pattern.compile("^\\s*Total\\s+(\\d+)\\s+(\\d+)\\s*$");
  /** A trailing module, {@code (java.base@17.0.15)} or {@code (jdk.jfr)}: no blank inside. */
  private static final Pattern MODULE = Pattern.compile("\\s+\\([^()\\s]+\\)$");

  /** One class's instances and their bytes. */
  public record Counts(long instances, long bytes) {}

  /**
   * The histogram in {@code lines}; an {@link IllegalArgumentException} with one line when they
   * hold no row or no Total line (jcmd printed an error instead).
   */
  public static ClassHistogram parse(List<String> lines) {
    Map<String, Counts> classes = new LinkedHashMap<>();
    long instances = -1;
    long bytes = -1;
    for (String line : lines) {
      Matcher row = ROW.matcher(line);
      if (row.matches()) {
        String name = MODULE.matcher(row.group(3)).replaceFirst("");
        Counts c = new Counts(Long.parseLong(row.group(1)), Long.parseLong(row.group(2)));
        // the same name twice (classes of one name in two loaders): counted together
        classes.merge(name, c, (a, b) -> new Counts(a.instances() + b.instances(), a.bytes() + b.bytes()));
        continue;
      }
      Matcher total = TOTAL.matcher(line);
      if (total.matches()) {
        instances = Long.parseLong(total.group(1));
        bytes = Long.parseLong(total.group(2));
      }
    }
    if (classes.isEmpty() || bytes < 0) {
      throw new IllegalArgumentException("not a class histogram (" + (classes.isEmpty() ? "no class rows" : "no Total line")
          + "): " + firstLine(lines));
    }
    return new ClassHistogram(java.util.Collections.unmodifiableMap(classes), instances, bytes);
  }

  /** A class's counts, zero when the histogram does not list it. */
  public Counts of(String className) {
    return classes.getOrDefault(className, new Counts(0, 0));
  }

  /** Class names in both histograms, this one's first. */
  List<String> namesWith(ClassHistogram other) {
    List<String> names = new ArrayList<>(classes.keySet());
    other.classes.keySet().stream().filter(n -> !classes.containsKey(n)).forEach(names::add);
    return names;
  }

  private static String firstLine(List<String> lines) {
    return lines.stream().map(String::strip).filter(l -> !l.isEmpty() && !l.matches("\\d+:")).findFirst()
        .orElse("no output");
  }
}
