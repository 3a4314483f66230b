package io.jtune.experiment.run;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.jtune.common.units.ByteSize;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * What grew in a run between two class histograms ({@code jcmd PID GC.class_histogram}, a Full
 * GC each: live objects only), one at the end of its warm-up and one at the end of its measured
 * window: the classes that gained the most bytes, and the live objects' total at both points. Or,
 * when none could be taken, why ({@link #failure}).
 *
 * @param elapsedS seconds between the two histograms
 * @param liveBytesStart the live objects' bytes at the end of the warm-up (the first histogram's Total)
 * @param liveBytesEnd at the end of the window
 * @param top the classes that gained the most bytes (at most {@value #TOP}), largest gain first
 * @param failure why no class histogram was taken, one line ({@code no class histogram: ...}); null when taken
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ClassGrowth(Double elapsedS, Long liveBytesStart, Long liveBytesEnd, List<Gain> top, String failure) {
  /** How many gainers a run's result keeps. */
  public static final int TOP = 10;
  /** The first histogram's file in the run's directory. */
  public static final String START_FILE = "class-histogram-start.txt";
  /** The second's. */
  public static final String END_FILE = "class-histogram-end.txt";

  /**
   * One class at both points.
   *
   * @param className as the JVM names it ({@code [B}, {@code java.util.HashMap$Node}), without its module
   */
  public record Gain(String className, long instancesStart, long instancesEnd, long bytesStart, long bytesEnd) {
    public long instancesGained() {
      return instancesEnd - instancesStart;
    }

    public long bytesGained() {
      return bytesEnd - bytesStart;
    }

    /** {@code org.example.Session +12,345 instances +0.4 MB}. */
    public String words() {
      long b = bytesGained();
      return String.format(Locale.US, "%s %+,d instances %s%s", className, instancesGained(), b < 0 ? "-" : "+",
          ByteSize.human(Math.abs(b)));
    }
  }

  /** The growth from {@code start} to {@code end}, {@code elapsedS} apart: the {@value #TOP} largest gains in bytes. */
  public static ClassGrowth of(ClassHistogram start, ClassHistogram end, double elapsedS) {
    List<Gain> gains = start.namesWith(end).stream().map(n -> {
      ClassHistogram.Counts a = start.of(n);
      ClassHistogram.Counts b = end.of(n);
      return new Gain(n, a.instances(), b.instances(), a.bytes(), b.bytes());
    }).filter(g -> g.bytesGained() > 0)
        .sorted(Comparator.comparingLong(Gain::bytesGained).reversed().thenComparing(Gain::className))
        .limit(TOP).toList();
    return new ClassGrowth(Math.round(elapsedS * 1000) / 1000.0, start.totalBytes(), end.totalBytes(), gains, null);
  }

  /** No growth known: {@code why} none was taken. */
  public static ClassGrowth none(String why) {
    return new ClassGrowth(null, null, null, null, "no class histogram: " + why);
  }

  /** Whether both histograms were taken. */
  public boolean taken() {
    return failure == null && top != null;
  }

  /**
   * What grew, in one sentence with its first {@code n} gainers: "what grew between the end of the
   * warm-up and the end of the window (class histograms 95 s apart, a Full GC each): A +12,345
   * instances +0.4 MB, B ...; live objects 42.1 MB -> 80.3 MB". Null when not taken.
   */
  public String words(int n) {
    if (!taken()) {
      return null;
    }
    String live = "live objects " + ByteSize.human(liveBytesStart) + " -> " + ByteSize.human(liveBytesEnd);
    String head = String.format(Locale.US, "what grew between the end of the warm-up and the end of the window (class"
        + " histograms %.0f s apart, a Full GC each): ", elapsedS);
    if (top.isEmpty()) {
      return head + "no class gained bytes; " + live;
    }
    // the JDK's own classes (byte arrays, maps) hold most bytes whatever grows: the first class of the
    // application's or its libraries' among the gainers points at it
    String own = top.stream().skip(n).filter(g -> !jdkClass(g.className())).findFirst()
        .filter(g -> top.stream().limit(n).allMatch(t -> jdkClass(t.className())))
        .map(g -> "; the first class outside the JDK: " + g.words()).orElse("");
    return head + String.join(", ", top.stream().limit(n).map(Gain::words).toList()) + own + "; " + live;
  }

  /** A class of the JDK's own ({@code java.}, {@code jdk.}, {@code sun.}...), or an array of one or of a primitive. */
  static boolean jdkClass(String name) {
    String n = name.replaceFirst("^\\[+", "");
    if (n.length() != name.length()) {
      if (!n.startsWith("L")) {
        return true; // an array of a primitive: [B, [I
      }
      n = n.substring(1).replaceFirst(";$", "");
    }
    return n.startsWith("java.") || n.startsWith("javax.") || n.startsWith("jdk.") || n.startsWith("sun.")
        || n.startsWith("com.sun.");
  }
}
