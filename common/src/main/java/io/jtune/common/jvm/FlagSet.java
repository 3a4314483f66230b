package io.jtune.common.jvm;

import io.jtune.common.units.ByteSize;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * JVM flags as a configuration: one flag per option, the later of two winning as in the JVM,
 * with the options that imply each other handled together (-Xmn and NewSize/MaxNewSize/NewRatio;
 * choosing a collector and the other collectors' choice and tuning options).
 */
public final class FlagSet {
  /** -XX:+Name, -XX:-Name, -XX:Name=value; -Xms/-Xmx/-Xmn/-Xss SIZE; anything else as a whole. */
  private static final Pattern XX = Pattern.compile("-XX:(?:[+-](\\w+)|(\\w+)=.*)");
  private static final Pattern X_SIZE = Pattern.compile("-X(ms|mx|mn|ss)(\\S+)");
  private static final Set<String> YOUNG_SIZE = names(JvmOption.XMN, JvmOption.NEW_SIZE, JvmOption.MAX_NEW_SIZE,
      JvmOption.NEW_RATIO);

  /** Each collector's choosing options and the name prefix of its own tuning options. */
  private enum Family {
    SERIAL(List.of(JvmOption.USE_SERIAL_GC), null),
    PARALLEL(List.of(JvmOption.USE_PARALLEL_GC, JvmOption.USE_PARALLEL_OLD_GC), null),
    CMS(List.of(JvmOption.USE_CONC_MARK_SWEEP_GC, JvmOption.USE_PAR_NEW_GC), "CMS"),
    G1(List.of(JvmOption.USE_G1_GC), "G1"),
    ZGC(List.of(JvmOption.USE_ZGC), "Z"),
    SHENANDOAH(List.of(JvmOption.USE_SHENANDOAH_GC), "Shenandoah"),
    EPSILON(List.of(JvmOption.USE_EPSILON_GC), "Epsilon");

    final List<String> choosing;
    final String prefix;

    Family(List<JvmOption> choosing, String prefix) {
      this.choosing = choosing.stream().map(JvmOption::option).toList();
      this.prefix = prefix;
    }

    /** Region-based collectors size young themselves: a fixed young size defeats their pause goal. */
    boolean sizesYoungItself() {
      return this == G1 || this == ZGC || this == SHENANDOAH;
    }

    boolean owns(String option) {
      if (choosing.contains(option)) {
        return true;
      }
      if (this == CMS && (option.equals(JvmOption.PAR_GC_CARDS_PER_STRIDE_CHUNK.option())
          || option.equals(JvmOption.USE_CMS_INITIATING_OCCUPANCY_ONLY.option()))) {
        return true;
      }
      return prefix != null && option.startsWith(prefix) && option.length() > prefix.length()
          && Character.isUpperCase(option.charAt(prefix.length()));
    }

    static Family chosenBy(String flag) {
      if (!flag.startsWith("-XX:+")) {
        return null;
      }
      String option = flag.substring(5);
      for (Family f : values()) {
        if (f.choosing.contains(option)) {
          return f;
        }
      }
      return null;
    }
  }

  /** Options worth carrying from a logged command line into a baseline: heap, generations, GC. */
  private static final Set<String> TUNING = names(
      JvmOption.INITIAL_HEAP_SIZE, JvmOption.MAX_HEAP_SIZE, JvmOption.XMN, JvmOption.NEW_SIZE, JvmOption.MAX_NEW_SIZE,
      JvmOption.NEW_RATIO, JvmOption.SURVIVOR_RATIO, JvmOption.TARGET_SURVIVOR_RATIO, JvmOption.MAX_TENURING_THRESHOLD,
      JvmOption.INITIAL_TENURING_THRESHOLD, JvmOption.METASPACE_SIZE, JvmOption.MAX_METASPACE_SIZE,
      JvmOption.PERM_SIZE, JvmOption.MAX_PERM_SIZE, JvmOption.THREAD_STACK_SIZE, JvmOption.MAX_GC_PAUSE_MILLIS,
      JvmOption.GC_TIME_RATIO, JvmOption.PARALLEL_GC_THREADS, JvmOption.CONC_GC_THREADS,
      JvmOption.INITIATING_HEAP_OCCUPANCY_PERCENT, JvmOption.USE_ADAPTIVE_SIZE_POLICY, JvmOption.ALWAYS_PRE_TOUCH,
      JvmOption.DISABLE_EXPLICIT_GC, JvmOption.EXPLICIT_GC_INVOKES_CONCURRENT, JvmOption.PARALLEL_REF_PROC_ENABLED,
      JvmOption.USE_STRING_DEDUPLICATION, JvmOption.USE_LARGE_PAGES, JvmOption.USE_TRANSPARENT_HUGE_PAGES,
      JvmOption.MAX_DIRECT_MEMORY_SIZE, JvmOption.SOFT_REF_LRU_POLICY_MS_PER_MB, JvmOption.SCAVENGE_BEFORE_FULL_GC);

  private FlagSet() {}

  private static Set<String> names(JvmOption... options) {
    Set<String> out = new LinkedHashSet<>();
    for (JvmOption o : options) {
      out.add(o.option());
    }
    return Set.copyOf(out);
  }

  /**
   * The option a flag sets, by HotSpot's name: "-XX:+UseG1GC" -> UseG1GC, "-XX:SurvivorRatio=6"
   * -> SurvivorRatio, "-Xmx2g" -> MaxHeapSize, "-Xms2g" -> InitialHeapSize, "-Xss" ->
   * ThreadStackSize, "-Xmn64m" -> Xmn (it sets NewSize and MaxNewSize); other text up to '=' or ':'.
   */
  public static String option(String flag) {
    Matcher m = XX.matcher(flag);
    if (m.matches()) {
      return m.group(1) != null ? m.group(1) : m.group(2);
    }
    Matcher x = X_SIZE.matcher(flag);
    if (x.matches()) {
      return JvmOption.byShortForm(x.group(1)).map(JvmOption::option).orElse(null);
    }
    int cut = flag.length();
    for (char c : new char[] {'=', ':'}) {
      int i = flag.indexOf(c);
      if (i > 0 && i < cut) {
        cut = i;
      }
    }
    return flag.substring(0, cut);
  }

  /** {@code base} with {@code changes} applied: the whole configuration, one flag per option, in base order. */
  public static List<String> merge(List<String> base, List<String> changes) {
    Map<String, String> byOption = new LinkedHashMap<>();
    for (String f : base) {
      apply(byOption, f);
    }
    for (String f : changes) {
      apply(byOption, f);
    }
    return List.copyOf(byOption.values());
  }

  private static void apply(Map<String, String> byOption, String flag) {
    String option = option(flag);
    if (option.equals("Xmn")) {
      byOption.keySet().removeAll(YOUNG_SIZE);
    } else if (YOUNG_SIZE.contains(option)) {
      byOption.remove("Xmn");
    }
    Family chosen = Family.chosenBy(flag);
    if (chosen != null) {
      byOption.keySet().removeIf(o -> !chosen.owns(o) && ownedByAnotherFamily(o));
      if (chosen.sizesYoungItself()) {
        byOption.keySet().removeAll(YOUNG_SIZE);
      }
      if (chosen == Family.ZGC || chosen == Family.SHENANDOAH) {
        byOption.remove("SurvivorRatio");
      }
    }
    byOption.put(option, flag);
  }

  private static boolean ownedByAnotherFamily(String option) {
    for (Family f : Family.values()) {
      if (f.owns(option)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The flags to append after {@code base} (which the target keeps, as a lab scenario's flags)
   * so that the JVM runs {@code changes}: a change of collector also switches off the collector
   * the base chooses ("-XX:-UseSerialGC -XX:+UseG1GC"), since two chosen collectors are an error.
   */
  public static List<String> appendable(List<String> base, List<String> changes) {
    Set<String> out = new LinkedHashSet<>();
    boolean switches = changes.stream().anyMatch(c -> Family.chosenBy(c) != null);
    if (switches) {
      for (String f : base) {
        Family other = Family.chosenBy(f);
        if (other != null && changes.stream().noneMatch(c -> c.equals(f))) {
          out.add(JvmOption.named(option(f)).map(JvmOption::off).orElse("-XX:-" + option(f)));
        }
      }
    }
    out.addAll(changes);
    return List.copyOf(out);
  }

  /**
   * The heap, generation and GC options of a logged command line (logging, paths and
   * ergonomic values such as CICompilerCount left out), sizes as -Xms/-Xmx/-Xmn.
   */
  public static List<String> tuning(List<String> logged) {
    List<String> kept = new ArrayList<>();
    for (String f : merge(List.of(), logged)) {
      String o = option(f);
      if (TUNING.contains(o) || ownedByAnotherFamily(o)) {
        kept.add(f);
      }
    }
    Map<String, String> byOption = new LinkedHashMap<>();
    for (String f : kept) {
      byOption.put(option(f), readable(f));
    }
    String ns = byOption.get(JvmOption.NEW_SIZE.option());
    String mns = byOption.get(JvmOption.MAX_NEW_SIZE.option());
    if (ns != null && mns != null && value(ns).equals(value(mns))) {
      byOption.put(JvmOption.NEW_SIZE.option(), JvmOption.XMN.set(size(value(ns))));
      byOption.remove(JvmOption.MAX_NEW_SIZE.option());
    }
    return List.copyOf(byOption.values());
  }

  /** -XX:InitialHeapSize=268435456 -> -Xms256m; -XX:MaxHeapSize=... -> -Xmx...; others as they are. */
  private static String readable(String flag) {
    String o = option(flag);
    JvmOption heap = o.equals(JvmOption.INITIAL_HEAP_SIZE.option()) ? JvmOption.INITIAL_HEAP_SIZE
        : o.equals(JvmOption.MAX_HEAP_SIZE.option()) ? JvmOption.MAX_HEAP_SIZE : null;
    if (flag.startsWith("-XX:") && heap != null) {
      return heap.set(size(value(flag)));
    }
    return flag;
  }

  private static String value(String flag) {
    int eq = flag.indexOf('=');
    return eq > 0 ? flag.substring(eq + 1) : "";
  }

  private static String size(String bytesText) {
    try {
      return ByteSize.flagValue(Long.parseLong(bytesText));
    } catch (NumberFormatException e) {
      return bytesText;
    }
  }

  /** Whether two flag lists configure the JVM alike (same flag per option; order aside). */
  public static boolean sameConfiguration(List<String> a, List<String> b) {
    return normalized(a).equals(normalized(b));
  }

  private static Map<String, String> normalized(List<String> flags) {
    Map<String, String> m = new LinkedHashMap<>();
    for (String f : merge(List.of(), flags)) {
      m.put(option(f), f.toLowerCase(Locale.ROOT));
    }
    return m;
  }

  /** Whether {@code flag} switches an option on ({@code -XX:+Name}). */
  public static boolean switchesOn(String flag) {
    return flag.startsWith("-XX:+");
  }

  /** Whether {@code flag} unlocks other options (-XX:+UnlockExperimentalVMOptions, -XX:+UnlockDiagnosticVMOptions, ...). */
  public static boolean unlocks(String flag) {
    return flag.startsWith("-XX:+Unlock");
  }

  /** Whether one of {@code flags} sets {@code option}. */
  public static boolean sets(List<String> flags, String option) {
    return flags.stream().anyMatch(f -> option(f).equals(option));
  }

  /** Whether one of {@code flags} sets {@code option}. */
  public static boolean sets(List<String> flags, JvmOption option) {
    return sets(flags, option.option());
  }
}
