package io.jtune.lab;

import java.util.ArrayList;
import java.util.List;

/**
 * The lab's command-line options, parsed by hand so that the lab starts fast and needs no
 * library: {@code --name value} or {@code --name=value}.
 *
 * @param host address to bind ({@code 127.0.0.1} unless told)
 * @param port port to listen on; 0 picks a free one (printed at start)
 * @param threads worker pool size (Tomcat's maxThreads)
 * @param acceptCount accept queue length once all workers are busy
 * @param cache message cache kind for {@code /cache/*}
 * @param cacheMb message cache capacity in MiB
 * @param storeEntries the most entries the keyed store of {@code /store} holds
 * @param warmClasses classes to define at startup, like a framework boot
 * @param liveMb MiB of small objects to fill at startup and keep for the lab's life (a
 *     cache or session store: the old generation's live set), 0 for none
 * @param parentPid process whose exit ends the lab, or -1
 * @param scenario the scenario {@code /scenario} serves
 * @param cpuIterationsPerMs fixed CPU calibration, or 0 to measure at startup
 */
public record LabOptions(
    String host,
    int port,
    int threads,
    int acceptCount,
    CacheKind cache,
    int cacheMb,
    int storeEntries,
    int warmClasses,
    int liveMb,
    long parentPid,
    String scenario,
    long cpuIterationsPerMs) {

  /** The message cache implementations the lab can run with. */
  public enum CacheKind { HEAP, OFFHEAP }

  static final String USAGE = String.join("\n",
      "usage: java -jar jtune-lab.jar [options]",
      "  --host ADDR              address to bind (default 127.0.0.1)",
      "  --port N                 port, 0 = pick a free one (default 0)",
      "  --threads N              worker threads, Tomcat maxThreads (default 200)",
      "  --accept-count N         accept queue length (default 100)",
      "  --cache heap|offheap     message cache kind (default heap)",
      "  --cache-mb N             message cache capacity in MiB (default 64)",
      "  --store-entries N        most entries of the keyed store of /store (default 10000)",
      "  --warm-classes N         define N classes at startup (default 0)",
      "  --live-mb N              keep N MiB of small objects for the lab's life, like a cache",
      "                           or session store: the old gen's live set (default 0, at most",
      "                           3/4 of the max heap)",
      "  --scenario NAME          scenario served at /scenario (default api)",
      "  --cpu-iterations-per-ms N  fixed CPU calibration instead of measuring",
      "  --parent-pid PID         exit when that process is gone",
      "  --list                   list scenarios and exit",
      "  --print                  print the scenario's mix, load and JVM flags and exit");

  /** The largest {@code --live-mb}; the lab also refuses more than its share of the max heap. */
  static final int MAX_LIVE_MB = 65_536;

  /**
   * Checks the options against the JVM that runs them: the live set may take at most three
   * quarters of the max heap, so that requests keep room to allocate. Throws
   * {@link IllegalArgumentException} with a one-line message.
   */
  void checkAgainstHeap(long maxHeapBytes) {
    long liveLimitMb = maxHeapBytes / 4 * 3 >> 20;
    if (liveMb > liveLimitMb) {
      throw new IllegalArgumentException("--live-mb must be at most 3/4 of the max heap ("
          + liveLimitMb + " of " + (maxHeapBytes >> 20) + " MiB), got " + liveMb);
    }
  }

  /** What the command line asks for: run the service, or print something and exit. */
  public enum Action { SERVE, LIST, PRINT, HELP }

  /** Parsed command line: the action and the options. */
  public record CommandLine(Action action, LabOptions options) {}

  /** Parses the arguments; throws {@link IllegalArgumentException} with a one-line message. */
  public static CommandLine parse(String... args) {
    String host = "127.0.0.1";
    int port = 0;
    int threads = 200;
    int acceptCount = 100;
    CacheKind cache = CacheKind.HEAP;
    int cacheMb = 64;
    int storeEntries = 10_000;
    int warmClasses = 0;
    int liveMb = 0;
    long parentPid = -1;
    String scenario = "api";
    long cpuIterations = 0;
    Action action = Action.SERVE;
    List<String> rest = new ArrayList<>(List.of(args));
    while (!rest.isEmpty()) {
      String arg = rest.remove(0);
      String name = arg;
      String inline = null;
      int eq = arg.indexOf('=');
      if (arg.startsWith("--") && eq > 0) {
        name = arg.substring(0, eq);
        inline = arg.substring(eq + 1);
      }
      switch (name) {
        case "--list" -> action = Action.LIST;
        case "--print" -> action = Action.PRINT;
        case "--help", "-h" -> action = Action.HELP;
        case "--host" -> host = value(name, inline, rest);
        case "--port" -> port = intValue(name, value(name, inline, rest), 0, 65535);
        case "--threads" -> threads = intValue(name, value(name, inline, rest), 1, 10_000);
        case "--accept-count" -> acceptCount = intValue(name, value(name, inline, rest), 1, 100_000);
        case "--cache" -> cache = cacheKind(value(name, inline, rest));
        case "--cache-mb" -> cacheMb = intValue(name, value(name, inline, rest), 1, 65_536);
        case "--store-entries" -> storeEntries = intValue(name, value(name, inline, rest), 1, 100_000_000);
        case "--warm-classes" -> warmClasses =
            intValue(name, value(name, inline, rest), 0, ClassDefiner.MAX_RETAINED);
        case "--live-mb" -> liveMb = intValue(name, value(name, inline, rest), 0, MAX_LIVE_MB);
        case "--parent-pid" -> parentPid = positiveLong(name, value(name, inline, rest));
        case "--scenario" -> scenario = value(name, inline, rest);
        case "--cpu-iterations-per-ms" -> cpuIterations =
            intValue(name, value(name, inline, rest), 1, Integer.MAX_VALUE);
        default -> throw new IllegalArgumentException("unknown option '" + arg + "'");
      }
    }
    return new CommandLine(action, new LabOptions(host, port, threads, acceptCount, cache, cacheMb, storeEntries,
        warmClasses, liveMb, parentPid, scenario, cpuIterations));
  }

  private static String value(String name, String inline, List<String> rest) {
    if (inline != null) {
      return inline;
    }
    if (rest.isEmpty()) {
      throw new IllegalArgumentException("option " + name + " needs a value");
    }
    return rest.remove(0);
  }

  private static int intValue(String name, String text, int min, int max) {
    long v = longValue(name, text);
    if (v < min || v > max) {
      throw new IllegalArgumentException(name + " must be in " + min + ".." + max + ", got " + v);
    }
    return (int) v;
  }

  private static long positiveLong(String name, String text) {
    long v = longValue(name, text);
    if (v < 1) {
      throw new IllegalArgumentException(name + " must be positive, got " + v);
    }
    return v;
  }

  private static long longValue(String name, String text) {
    try {
      return Long.parseLong(text.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " needs a whole number, got '" + text + "'");
    }
  }

  private static CacheKind cacheKind(String text) {
    return switch (text) {
      case "heap" -> CacheKind.HEAP;
      case "offheap" -> CacheKind.OFFHEAP;
      default -> throw new IllegalArgumentException("--cache must be heap or offheap, got '" + text + "'");
    };
  }
}
