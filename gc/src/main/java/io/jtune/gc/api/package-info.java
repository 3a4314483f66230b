/**
 * jtune's GC log analysis as a library: {@link io.jtune.gc.api.GcLogs} analyzes paths or a
 * stream and returns an immutable {@link io.jtune.gc.api.GcLogAnalysis} (one
 * {@link io.jtune.gc.fleet.FleetRow} per JVM lifetime, the rows of {@code jtune analyze --each};
 * findings, diagnosis, JSON and OpenMetrics documents); a
 * {@link io.jtune.gc.api.GcEventListener} receives the parsed events. This package,
 * {@code FleetRow} with its columns ({@code FleetColumns}) and the event records are the stable
 * API; the other packages are the implementation the CLI uses and may change.
 */
package io.jtune.gc.api;
