package io.jtune.diagnostics.threads.analysis;

import java.util.List;

/**
 * Java threads whose names differ only in a trailing number ("http-nio-8080-exec-1", "-2", ...).
 *
 * @param name the shared name with the number stripped, e.g. {@code http-nio-8080-exec}
 * @param threads the thread names, in dump order
 * @param busy how many are doing work (anything but waiting for a task)
 * @param idle how many wait for a task in the pool's queue
 */
public record Pool(String name, List<String> threads, int busy, int idle) {
  public Pool {
    threads = List.copyOf(threads);
  }

  /** True when every thread of the pool is busy. */
  public boolean exhausted() {
    return idle == 0 && busy == threads.size();
  }
}
