package io.jtune.diagnostics.threads.analysis;

/**
 * A busy thread found in the same frame in every one of several dumps.
 *
 * @param thread its name
 * @param state its state in the last dump
 * @param frame the frame it was in each time
 * @param dumps how many dumps
 */
public record StuckThread(String thread, Thread.State state, String frame, int dumps) {}
