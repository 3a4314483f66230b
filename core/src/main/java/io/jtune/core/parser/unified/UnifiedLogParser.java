package io.jtune.core.parser.unified;

import io.jtune.core.event.GcEvent;
import io.jtune.core.input.Line;
import io.jtune.core.parser.GcLogParser;
import io.jtune.core.parser.ParserContext;
import java.util.function.Consumer;

/** Parser for JDK 9+ unified GC logs (being written: reports every line as not understood for now). */
public final class UnifiedLogParser implements GcLogParser {
  private final ParserContext ctx;
  private final Consumer<GcEvent> sink;

  public UnifiedLogParser(ParserContext ctx, Consumer<GcEvent> sink) {
    this.ctx = ctx;
    this.sink = sink;
  }

  @Override
  public void accept(Line line) {
    ctx.notUnderstood(line);
  }

  @Override
  public void endOfSource() {}
}
