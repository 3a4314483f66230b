package io.jtune.gc.parser;

import io.jtune.gc.event.GcEvent;
import java.util.function.Consumer;

/**
 * Makes the parser of one log format. The format parsers live in packages of their own
 * ({@code parser.jdk8}, {@code parser.unified}) that build on this package; the reader finds them
 * through {@link java.util.ServiceLoader} (META-INF/services), so this package does not depend on
 * them and the parser packages have no cycle.
 */
public interface ParserProvider {

  /** The format this provider's parsers read. */
  LogFormat format();

  /** A new parser of this format, reporting to {@code context} and emitting events to {@code sink}. */
  GcLogParser create(ParserContext context, Consumer<GcEvent> sink);
}
