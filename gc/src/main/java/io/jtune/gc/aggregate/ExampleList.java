package io.jtune.gc.aggregate;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Supplier;

/** Counts occurrences and keeps the first few as {@link Example}s. */
public final class ExampleList {
  private final int keep;
  private final List<Example> examples = new ArrayList<>();
  private long count;

  public ExampleList(int keep) {
    this.keep = keep;
  }

  /** Counts one occurrence; builds its detail text only when it will be kept. */
  public void add(long gcId, double uptimeS, Supplier<String> detail) {
    count++;
    if (examples.size() < keep) {
      examples.add(new Example(gcId, uptimeS, detail.get()));
    }
  }

  public long count() {
    return count;
  }

  public List<Example> examples() {
    return Collections.unmodifiableList(examples);
  }
}
