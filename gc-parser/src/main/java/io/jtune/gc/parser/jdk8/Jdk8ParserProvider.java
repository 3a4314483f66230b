package io.jtune.gc.parser.jdk8;

import io.jtune.gc.event.GcEvent;
import io.jtune.gc.parser.GcLogParser;
import io.jtune.gc.parser.LogFormat;
import io.jtune.gc.parser.ParserContext;
import io.jtune.gc.parser.ParserProvider;
import java.util.function.Consumer;

/** The JDK 6/7/8 (-XX:+PrintGCDetails, -verbose:gc) parser, as a {@link ParserProvider}. */
public final class Jdk8ParserProvider implements ParserProvider {
  @Override
  public LogFormat format() {
    return LogFormat.JDK8_STYLE;
  }

  @Override
  public GcLogParser create(ParserContext context, Consumer<GcEvent> sink) {
    return new Jdk8LogParser(context, sink);
  }
}
