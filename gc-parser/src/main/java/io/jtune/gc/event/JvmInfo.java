package io.jtune.gc.event;

import java.util.List;

/**
 * What the log says about the JVM: version, host, heap bounds, collector and flags. Parsers
 * emit fragments as they see header lines (each with only the fields that line carries, others
 * null); {@link #merge} folds them into one.
 *
 * @param version JVM version string, e.g. "17.0.2+8" or "25.112-b15"
 * @param collector the collector, when a line names it
 * @param cpus available CPUs
 * @param memoryBytes physical memory
 * @param heapMinBytes heap minimum (-Xms or "Heap Min Capacity")
 * @param heapInitialBytes initial heap
 * @param heapMaxBytes heap maximum (-Xmx)
 * @param regionSizeBytes G1/Shenandoah/ZGC region size
 * @param commandLineFlags JVM flags as logged (`CommandLine flags:` / `gc,init` / jvm args), or null
 * @param iCms true when incremental CMS is in use
 */
public record JvmInfo(
    String version,
    Collector collector,
    Integer cpus,
    Long memoryBytes,
    Long heapMinBytes,
    Long heapInitialBytes,
    Long heapMaxBytes,
    Long regionSizeBytes,
    List<String> commandLineFlags,
    Boolean iCms,
    long line)
    implements GcEvent {

  public static final JvmInfo EMPTY =
      new JvmInfo(null, null, null, null, null, null, null, null, null, null, 0);

  public JvmInfo {
    commandLineFlags = commandLineFlags == null ? null : List.copyOf(commandLineFlags);
  }

  @Override
  public double uptimeS() {
    return 0;
  }

  @Override
  public long epochMs() {
    return NO_EPOCH;
  }

  @Override
  public JvmInfo withLine(long newLine) {
    return new JvmInfo(version, collector, cpus, memoryBytes, heapMinBytes, heapInitialBytes, heapMaxBytes,
        regionSizeBytes, commandLineFlags, iCms, newLine);
  }

  @Override
  public JvmInfo withUptime(double uptimeS) {
    return this;
  }

  /** This info with every field that {@code other} has set taken from {@code other}. */
  public JvmInfo merge(JvmInfo other) {
    return new JvmInfo(
        pick(other.version, version),
        pick(other.collector, collector),
        pick(other.cpus, cpus),
        pick(other.memoryBytes, memoryBytes),
        pick(other.heapMinBytes, heapMinBytes),
        pick(other.heapInitialBytes, heapInitialBytes),
        pick(other.heapMaxBytes, heapMaxBytes),
        pick(other.regionSizeBytes, regionSizeBytes),
        pick(other.commandLineFlags, commandLineFlags),
        pick(other.iCms, iCms),
        line == 0 ? other.line : line);
  }

  private static <T> T pick(T preferred, T fallback) {
    return preferred != null ? preferred : fallback;
  }

  /** Builders for single-field fragments, so parser code stays short. */
  public static JvmInfo ofVersion(String v, long line) {
    return new JvmInfo(v, null, null, null, null, null, null, null, null, null, line);
  }

  public static JvmInfo ofCollector(Collector c, long line) {
    return new JvmInfo(null, c, null, null, null, null, null, null, null, null, line);
  }

  public static JvmInfo ofFlags(List<String> flags, long line) {
    return new JvmInfo(null, null, null, null, null, null, null, null, flags, null, line);
  }
}
