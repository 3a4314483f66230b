package io.jtune.gc.parser.unified;

import io.jtune.gc.event.GcEvent;
import io.jtune.gc.parser.GcLogParser;
import io.jtune.gc.parser.LogFormat;
import io.jtune.gc.parser.ParserContext;
import io.jtune.gc.parser.ParserProvider;
import java.util.function.Consumer;

/** The JDK 9+ unified logging parser, as a {@link ParserProvider}. */
public final class UnifiedParserProvider implements ParserProvider {
  @Override
  public LogFormat format() {
    return LogFormat.UNIFIED;
  }

  @Override
  public GcLogParser create(ParserContext context, Consumer<GcEvent> sink) {
    return new UnifiedLogParser(context, sink);
  }
}
