/**
 * jtune's GC log analysis as a library: {@link io.jtune.core.api.GcLogs} analyzes paths or a
 * stream and returns an immutable {@link io.jtune.core.api.GcLogAnalysis} (one
 * {@link io.jtune.core.fleet.FleetRow} per JVM lifetime, the rows of {@code jtune analyze --each};
 * findings, diagnosis, JSON and OpenMetrics documents); a
 * {@link io.jtune.core.api.GcEventListener} receives the parsed events. This package,
 * {@code FleetRow} with its columns ({@code FleetColumns}) and the event records are the stable
 * API; the other packages are the implementation the CLI uses and may change.
 */
package io.jtune.core.api;
