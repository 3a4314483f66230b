package io.jtune.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The root {@code jtune} command: lists the subcommands. */
@Command(
    name = "jtune",
    mixinStandardHelpOptions = true,
    versionProvider = JtuneVersion.class,
    description = "JVM performance workbench: analyze GC logs, load a service, run tuning experiments.",
    subcommands = {
      AnalyzeCommand.class,
      LoadCommand.class,
      CapacityCommand.class,
      LabCommand.class,
      SuggestCommand.class,
      ExperimentCommand.class,
      DemoCommand.class,
    })
public final class JtuneCommand implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new ParameterException(spec.commandLine(), "missing subcommand (see 'jtune --help')");
  }
}
