package io.jtune.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code jtune analyze}: reads GC logs and prints metrics and findings. */
@Command(name = "analyze", mixinStandardHelpOptions = true,
    description = "Analyze GC logs (files, directories, .gz/.zip, '-' for stdin).")
final class AnalyzeCommand implements Callable<Integer> {
  @Parameters(arity = "1..*", paramLabel = "FILE|DIR|-", description = "GC logs to analyze")
  List<String> inputs;

  @Override
  public Integer call() {
    throw new io.jtune.core.JtuneException("analyze is being built");
  }
}
