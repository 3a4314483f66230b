package io.jtune.gc.event;

/**
 * Tenuring distribution printed by -XX:+PrintTenuringDistribution or `gc+age=trace`:
 * desired survivor size, the new and the maximum tenuring threshold, and total bytes at all
 * ages after the collection.
 */
public record Tenuring(long desiredSurvivorBytes, int newThreshold, int maxThreshold, long agedBytes) {}
