package io.jtune.gc.api;

import io.jtune.common.JtuneException;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.gc.analysis.GcAnalyzer;
import io.jtune.gc.input.LogInputs;
import io.jtune.gc.input.LogSource;
import io.jtune.gc.input.RotationStem;
import io.jtune.gc.parser.ReadProgress;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * The entry point of jtune's GC log analysis as a library: the analysis {@code jtune analyze}
 * runs, for a program that has GC logs (a fleet's, a CI run's, a job on a cluster engine).
 *
 * <pre>{@code
 * GcLogAnalysis a = GcLogs.analyze(Path.of("gc.log"));
 * FleetRow jvm = a.latest();
 * System.out.println(jvm.collector() + " p99 " + jvm.pauseP99Ms() + " ms, " + jvm.diagnosis());
 *
 * // options, and every parsed event as it is read
 * GcLogAnalysis b = GcLogs.analyzer()
 *     .window(Duration.ofSeconds(30))
 *     .pauseTarget(Duration.ofMillis(100))
 *     .listener(event -> { if (event instanceof GcPause p) System.out.println(p.durationMs()); })
 *     .analyze(List.of(Path.of("logs/")));
 * }</pre>
 *
 * <p>Inputs are what the CLI takes: GC logs of any HotSpot collector from JDK 6 to 25, plain,
 * gzip or zip, files or directories; several inputs (a rotated set) are ordered by content and
 * read as one timeline, in which each JVM restart starts a lifetime of its own. Reading streams:
 * memory stays flat with the log's size. An input that cannot be analyzed (no GC log lines, no
 * collections, a path that does not exist) throws {@link JtuneException}, a RuntimeException whose
 * message is one line saying why.
 *
 * <p>An {@link Analyzer} is immutable; it and this class may be used from any number of threads,
 * each {@code analyze} call working on its own inputs.
 */
public final class GcLogs {
  private static final Analyzer DEFAULT = new Analyzer(AnalysisOptions.DEFAULTS, GcEventListener.NONE);

  private GcLogs() {}

  /** Analyzes GC log files or directories, read as one timeline, with the default options. */
  public static GcLogAnalysis analyze(Path... logs) {
    return DEFAULT.analyze(Arrays.asList(logs));
  }

  /** Analyzes one GC log read from {@code log} (closed when read), named {@code name} in messages. */
  public static GcLogAnalysis analyze(InputStream log, String name) {
    return DEFAULT.analyze(log, name);
  }

  /**
   * What groups one JVM's log files: the directory and the name before rotation and archiving
   * suffixes ({@code logs/gc.log.3.gz} and {@code logs/gc.log} give {@code logs/gc.log}). Files
   * with the same key are one rotated set, to be analyzed together.
   */
  public static String rotatedSetKey(String path) {
    int cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
    return path.substring(0, cut + 1) + RotationStem.of(path);
  }

  /** An analyzer with the default options (a 60 s window, a 50 ms pause target) and no listener. */
  public static Analyzer analyzer() {
    return DEFAULT;
  }

  /** Analysis options and a listener; each {@code with} method returns a new analyzer. */
  public static final class Analyzer {
    private final AnalysisOptions options;
    private final GcEventListener listener;

    private Analyzer(AnalysisOptions options, GcEventListener listener) {
      this.options = options;
      this.listener = listener;
    }

    /** The window of the per-window GC table (default 60 s). */
    public Analyzer window(Duration window) {
      return new Analyzer(new AnalysisOptions(seconds(window), options.pauseTargetMs(), options.qps(), options.flags(),
          options.keepEvents()), listener);
    }

    /** Young pauses longer than this are findings (default 50 ms). */
    public Analyzer pauseTarget(Duration target) {
      return new Analyzer(new AnalysisOptions(options.windowS(), seconds(target) * 1000, options.qps(), options.flags(),
          options.keepEvents()), listener);
    }

    /** The JVM's flags when the log does not show them, or to add to them, as on a command line. */
    public Analyzer flags(String flags) {
      return new Analyzer(new AnalysisOptions(options.windowS(), options.pauseTargetMs(), options.qps(), flags,
          options.keepEvents()), listener);
    }

    /** Receives every parsed event, in timeline order, while the logs are read. */
    public Analyzer listener(GcEventListener l) {
      return new Analyzer(options, Objects.requireNonNull(l, "listener"));
    }

    /** Analyzes GC log files or directories, read as one timeline; the first file in that timeline names the result. */
    public GcLogAnalysis analyze(Collection<Path> logs) {
      if (logs.isEmpty()) {
        throw new JtuneException("nothing to analyze: no GC log given");
      }
      List<String> names = logs.stream().map(Path::toString).toList();
      String what = names.size() == 1 ? names.get(0) : names.size() + " inputs";
      // no standard input: a path named "-" is not read from it
      LogInputs.Resolved resolved = LogInputs.resolve(names, new ByteArrayInputStream(new byte[0]));
      return result(resolved, names.get(0), GcAnalyzer.analyze(resolved, what, options, ReadProgress.NONE,
          listener::onEvent));
    }

    /** Analyzes one GC log read from {@code log} (closed when read), named {@code name} in messages. */
    public GcLogAnalysis analyze(InputStream log, String name) {
      LogInputs.Resolved resolved = new LogInputs.Resolved(List.of(LogSource.stream(log, name)), List.of());
      return result(resolved, name, GcAnalyzer.analyze(resolved, name, options, ReadProgress.NONE, listener::onEvent));
    }

    /**
     * Analyzes logs the caller opens (one JVM's rotated set, or several JVMs' logs read as one
     * timeline as the CLI reads its inputs), ordered by content; the first input in that order
     * names the result.
     */
    public GcLogAnalysis analyzeInputs(List<GcLogInput> logs) {
      if (logs.isEmpty()) {
        throw new JtuneException("nothing to analyze: no GC log given");
      }
      List<LogSource> sources = logs.stream().map(l -> LogSource.of(l.name(), l.opener()::open)).toList();
      LogInputs.Resolved resolved = LogInputs.of(sources);
      String what = logs.size() == 1 ? logs.get(0).name() : logs.size() + " inputs";
      return result(resolved, what, GcAnalyzer.analyze(resolved, what, options, ReadProgress.NONE, listener::onEvent));
    }

    /** The result, named by the first input in timeline order. */
    private static GcLogAnalysis result(LogInputs.Resolved resolved, String fallback, Analysis a) {
      return new GcLogAnalysis(resolved.sources().isEmpty() ? fallback : resolved.sources().get(0).name(), a);
    }

    private static double seconds(Duration d) {
      double s = d.toNanos() / 1e9;
      if (!(s > 0)) {
        throw new IllegalArgumentException("a duration above 0 is needed: " + d);
      }
      return s;
    }
  }
}
