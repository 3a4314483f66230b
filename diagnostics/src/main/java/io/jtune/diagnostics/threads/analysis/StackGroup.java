package io.jtune.diagnostics.threads.analysis;

import java.util.List;

/**
 * Threads in the same state with the same stack.
 *
 * @param state their state; null when the dump has no states (Thread.dump_to_file of JDK 21-24)
 * @param frames the shared stack, top first
 * @param threads their names
 */
public record StackGroup(Thread.State state, List<String> frames, List<String> threads) {
  public StackGroup {
    frames = List.copyOf(frames);
    threads = List.copyOf(threads);
  }
}
