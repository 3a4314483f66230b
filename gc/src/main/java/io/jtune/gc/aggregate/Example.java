package io.jtune.gc.aggregate;

/**
 * One piece of evidence: the GC (id and time) an observation comes from, and what was seen.
 *
 * @param gcId GC id, or -1 when the log has none
 * @param uptimeS when, on the analysis timeline
 * @param detail what was seen, with its numbers
 */
public record Example(long gcId, double uptimeS, String detail) {}
