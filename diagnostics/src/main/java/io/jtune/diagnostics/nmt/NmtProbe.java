package io.jtune.diagnostics.nmt;

import io.jtune.common.JtuneException;
import io.jtune.runtime.process.Jcmd;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Takes a running JVM's native memory: {@code jcmd PID VM.native_memory summary} (the JVM started
 * with {@code -XX:NativeMemoryTracking=summary}) and its resident set from /proc right after.
 *
 * <p>What NMT costs: each malloc the JVM makes carries a 16-byte header and the JVM keeps a table
 * of its reservations (the "Native Memory Tracking" category, about 1 MB on a small service), and
 * every malloc and free updates counters. Oracle's documentation states a 5-10 % performance
 * overhead for the detail level; the summary level jtune uses is cheaper; jtune's own measurement
 * on the lab is in docs (experiment/README.md, "Native memory").
 */
public final class NmtProbe {
  /** The JVM option that turns NMT on at the summary level. */
  public static final String FLAG = "-XX:NativeMemoryTracking=summary";

  private NmtProbe() {}

  /**
   * The native memory of JVM {@code pid}; the raw output saved to {@code saveTo} when not null.
   * Throws {@link JtuneException} with one line when jcmd fails or NMT is off.
   */
  public static NativeMemory take(long pid, Path saveTo) {
    List<String> lines = Jcmd.run(pid, "VM.native_memory summary", Duration.ofSeconds(20));
    long rss = ProcMemory.rssBytes(pid);
    long peak = ProcMemory.peakRssBytes(pid);
    if (saveTo != null) {
      try {
        Files.write(saveTo, lines, StandardCharsets.UTF_8);
      } catch (IOException e) {
        // the raw text is evidence; the breakdown below is the result
      }
    }
    try {
      return NativeMemory.of(NmtSummary.parse(lines), rss, peak);
    } catch (IllegalArgumentException e) {
      throw new JtuneException("native memory of JVM " + pid + ": " + e.getMessage());
    }
  }
}
