package io.jtune.common.format;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The renderers of one kind of document, by format: what a command's {@code --format} accepts
 * (in the order given, the order its help and its errors list them) and how each is written.
 */
public final class Renderers<T> {
  private final Map<OutputFormat, Renderer<T>> byFormat = new LinkedHashMap<>();

  private Renderers() {}

  public static <T> Renderers<T> of() {
    return new Renderers<>();
  }

  /** Adds the renderer of a format. */
  public Renderers<T> with(OutputFormat format, Renderer<T> renderer) {
    if (byFormat.putIfAbsent(format, renderer) != null) {
      throw new IllegalArgumentException("two renderers for " + format);
    }
    return this;
  }

  /** The formats there is a renderer for, in the order they were added. */
  public List<OutputFormat> formats() {
    return List.copyOf(byFormat.keySet());
  }

  /** The renderer of a format; an IllegalArgumentException when there is none. */
  public Renderer<T> get(OutputFormat format) {
    Renderer<T> r = byFormat.get(format);
    if (r == null) {
      throw new IllegalArgumentException("no " + format + " renderer; formats: " + byFormat.keySet());
    }
    return r;
  }

  /** Writes the document in the format and flushes {@code out}. */
  public void render(OutputFormat format, T document, PrintWriter out) throws IOException {
    get(format).render(document, out);
    out.flush();
  }
}
