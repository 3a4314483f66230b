package io.jtune.common.format;

import java.io.IOException;
import java.io.PrintWriter;

/** Writes one kind of document in one {@link OutputFormat}. */
@FunctionalInterface
public interface Renderer<T> {
  void render(T document, PrintWriter out) throws IOException;
}
