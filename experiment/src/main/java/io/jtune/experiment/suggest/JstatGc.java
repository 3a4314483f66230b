package io.jtune.experiment.suggest;

import io.jtune.common.JtuneException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The samples of {@code jstat -gc PID [INTERVAL [COUNT]]} (optionally with {@code -t} and
 * {@code -h N}): per sample the capacities and use of survivors, eden, old and metaspace in KB
 * and the cumulative GC counts and times. Columns are found by their header, so JDK 7's PC/PU,
 * JDK 8's layout and JDK 9+'s CGC/CGCT all read, and a header repeated every N lines is allowed;
 * "-" (a value the collector does not have, such as ZGC's survivors) reads as unknown.
 */
public final class JstatGc {
  private static final List<String> REQUIRED = List.of("EC", "OC", "YGC", "YGCT");
  private static final double KB = 1024;

  /** One line of jstat output: its values by column name (KB, counts, seconds), NaN when "-". */
  public record Sample(double timestampS, Map<String, Double> values) {
    public Sample {
      values = Map.copyOf(values);
    }

    /** The value of a column, NaN when the column is absent or "-". */
    public double get(String column) {
      Double v = values.get(column);
      return v == null ? Double.NaN : v;
    }
  }

  private final String name;
  private final List<Sample> samples;

  private JstatGc(String name, List<Sample> samples) {
    this.name = name;
    this.samples = List.copyOf(samples);
  }

  /** Reads a file of jstat -gc output; throws {@link JtuneException} with one line naming the problem. */
  public static JstatGc read(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new JtuneException("jstat file not found: " + file);
    } catch (IOException e) {
      throw new JtuneException("cannot read the jstat file " + file + ": " + e.getMessage(), e);
    }
    return parse(new StringReader(text), file.toString());
  }

  /** Reads jstat -gc output from text; {@code name} is used in error messages. */
  public static JstatGc parse(Reader in, String name) {
    List<Sample> samples = new ArrayList<>();
    List<String> header = null;
    int lineNo = 0;
    try (BufferedReader r = new BufferedReader(in)) {
      for (String line = r.readLine(); line != null; line = r.readLine()) {
        lineNo++;
        String t = line.strip();
        if (t.isEmpty()) {
          continue;
        }
        String[] words = t.split("\\s+");
        if (isHeader(words)) {
          header = header(words, name, lineNo);
          continue;
        }
        if (header == null) {
          throw new JtuneException(name + " line " + lineNo + ": not jstat -gc output (expected a header line"
              + " such as 'S0C S1C S0U S1U EC EU OC OU MC MU ... YGC YGCT FGC FGCT GCT' first)");
        }
        samples.add(sample(header, words, name, lineNo));
      }
    } catch (IOException e) {
      throw new JtuneException("cannot read " + name + ": " + e.getMessage(), e);
    }
    if (samples.isEmpty()) {
      throw new JtuneException(name + ": no jstat -gc samples (" + (header == null ? "no header either" : "a header only") + ")");
    }
    return new JstatGc(name, samples);
  }

  private static boolean isHeader(String[] words) {
    return Arrays.stream(words).noneMatch(w -> w.equals("-") || w.matches("[-+]?[0-9.,]+"));
  }

  private static List<String> header(String[] words, String name, int lineNo) {
    List<String> cols = List.of(words);
    if (cols.contains("S0") && cols.contains("E") && cols.contains("O")) {
      throw new JtuneException(name + " line " + lineNo + ": this is jstat -gcutil output (percentages);"
          + " give the output of jstat -gc PID, which has the sizes");
    }
    for (String c : REQUIRED) {
      if (!cols.contains(c)) {
        throw new JtuneException(name + " line " + lineNo + ": not a jstat -gc header (no " + c + " column): " + String.join(" ", words));
      }
    }
    return cols;
  }

  private static Sample sample(List<String> header, String[] words, String name, int lineNo) {
    if (words.length != header.size()) {
      throw new JtuneException(name + " line " + lineNo + ": " + words.length + " values under a header of "
          + header.size() + " columns");
    }
    Map<String, Double> values = new HashMap<>();
    double ts = Double.NaN;
    for (int i = 0; i < words.length; i++) {
      double v;
      if (words[i].equals("-")) {
        v = Double.NaN;
      } else {
        try {
          // some locales print a decimal comma
          v = Double.parseDouble(words[i].replace(',', '.'));
        } catch (NumberFormatException e) {
          throw new JtuneException(name + " line " + lineNo + ": '" + words[i] + "' under " + header.get(i) + " is not a number");
        }
      }
      if (header.get(i).equals("Timestamp")) {
        ts = v;
      } else {
        values.put(header.get(i), v);
      }
    }
    return new Sample(ts, values);
  }

  public String name() {
    return name;
  }

  public List<Sample> samples() {
    return samples;
  }

  /** Whether the samples carry uptime stamps (jstat -t). */
  public boolean hasTimestamps() {
    return samples.stream().allMatch(s -> !Double.isNaN(s.timestampS()));
  }

  /** Largest survivor space capacity (the larger of S0C and S1C), bytes, or -1. */
  public long survivorCapacityBytes() {
    return bytes(s -> larger(s.get("S0C"), s.get("S1C")));
  }

  /** Largest eden capacity (EC), bytes, or -1. */
  public long edenCapacityBytes() {
    return bytes(s -> s.get("EC"));
  }

  /** Largest young generation capacity (S0C + S1C + EC, those known), bytes, or -1. */
  public long youngCapacityBytes() {
    return bytes(s -> sum(s, "S0C", "S1C", "EC"));
  }

  /** Largest old generation capacity (OC), bytes, or -1. */
  public long oldCapacityBytes() {
    return bytes(s -> s.get("OC"));
  }

  /** Largest heap capacity (young + old, the columns known), bytes, or -1. */
  public long heapCapacityBytes() {
    return bytes(s -> sum(s, "S0C", "S1C", "EC", "OC"));
  }

  /** Peak survivor use (the larger of S0U and S1U), bytes, or -1. */
  public long survivorUsedPeakBytes() {
    return bytes(s -> larger(s.get("S0U"), s.get("S1U")));
  }

  /** Peak old generation use (OU), bytes, or -1. */
  public long oldUsedPeakBytes() {
    return bytes(s -> s.get("OU"));
  }

  /** Largest metaspace (MC; JDK 7's permanent generation PC), bytes, or -1. */
  public long metaspaceCapacityBytes() {
    return bytes(s -> Double.isNaN(s.get("MC")) ? s.get("PC") : s.get("MC"));
  }

  /** Peak metaspace use (MU; JDK 7's PU), bytes, or -1: what MetaspaceSize is sized from
   * (the peak + 50 %). */
  public long metaspaceUsedPeakBytes() {
    return bytes(s -> Double.isNaN(s.get("MU")) ? s.get("PU") : s.get("MU"));
  }

  /** Young collections since the JVM started, at the last sample. */
  public long youngGcCount() {
    return (long) nz(last().get("YGC"));
  }

  /** Seconds spent in young collections since the JVM started, at the last sample. */
  public double youngGcTimeS() {
    return last().get("YGCT");
  }

  /** Full collections since the JVM started, at the last sample (0 when the column is "-"). */
  public long fullGcCount() {
    return (long) nz(last().get("FGC"));
  }

  /** Seconds spent in full collections, at the last sample. */
  public double fullGcTimeS() {
    return nz(last().get("FGCT"));
  }

  /** Mean young pause in ms over the JVM's life (YGCT / YGC), or NaN with no young GC. */
  public double meanYoungPauseMs() {
    long n = youngGcCount();
    return n > 0 ? 1000 * youngGcTimeS() / n : Double.NaN;
  }

  /** Seconds between the first and last sample (jstat -t), or NaN without stamps. */
  public double spanS() {
    return hasTimestamps() ? last().timestampS() - samples.get(0).timestampS() : Double.NaN;
  }

  /** Mean time between young GCs over the sampled span (jstat -t), or NaN. */
  public double meanYoungIntervalS() {
    double dt = spanS();
    double n = last().get("YGC") - samples.get(0).get("YGC");
    return dt > 0 && n > 0 ? dt / n : Double.NaN;
  }

  private Sample last() {
    return samples.get(samples.size() - 1);
  }

  private long bytes(ToDoubleFunction<Sample> kb) {
    double max = Double.NaN;
    for (Sample s : samples) {
      double v = kb.applyAsDouble(s);
      if (!Double.isNaN(v) && !(v <= max)) {
        max = v;
      }
    }
    return Double.isNaN(max) ? -1 : Math.round(max * KB);
  }

  /** The sum of the known columns, NaN when none is known (ZGC on JDK 17 has only OC). */
  private static double sum(Sample s, String... columns) {
    double total = Double.NaN;
    for (String c : columns) {
      double v = s.get(c);
      if (!Double.isNaN(v)) {
        total = Double.isNaN(total) ? v : total + v;
      }
    }
    return total;
  }

  /** The larger of two values, either of which may be unknown (NaN). */
  private static double larger(double a, double b) {
    return Double.isNaN(a) ? b : Double.isNaN(b) ? a : Math.max(a, b);
  }

  private static double nz(double v) {
    return Double.isNaN(v) ? 0 : v;
  }
}
