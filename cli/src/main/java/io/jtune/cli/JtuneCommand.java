package io.jtune.cli;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The root {@code jtune} command: lists the subcommands. */
@Command(
    name = "jtune",
    mixinStandardHelpOptions = true,
    versionProvider = JtuneVersion.class,
    description = "JVM performance workbench: analyze GC logs, load a service, run tuning experiments.")
public final class JtuneCommand implements Runnable {
  /**
   * The subcommands in the order the help lists them. They are added to the root when a run
   * needs them: reading a command's annotations is a good part of a short run's start (every
   * command's option classes are loaded and reflected on), so `jtune analyze` builds only
   * analyze; help, errors and an unknown command get all of them.
   */
  static final Map<String, Supplier<Object>> SUBCOMMANDS = subcommands();

  @Spec CommandSpec spec;

  private static Map<String, Supplier<Object>> subcommands() {
    Map<String, Supplier<Object>> m = new LinkedHashMap<>();
    m.put("analyze", AnalyzeCommand::new);
    m.put("load", LoadCommand::new);
    m.put("capacity", CapacityCommand::new);
    m.put("lab", LabCommand::new);
    m.put("suggest", SuggestCommand::new);
    m.put("experiment", ExperimentCommand::new);
    m.put("demo", DemoCommand::new);
    return Collections.unmodifiableMap(m);
  }

  /** The root command line with the subcommand {@code args} names, or with all of them. */
  static CommandLine forArgs(String[] args) {
    CommandLine cl = new CommandLine(new JtuneCommand());
    Supplier<Object> only = args.length > 0 ? SUBCOMMANDS.get(args[0]) : null;
    if (only != null) {
      cl.addSubcommand(args[0], only.get());
    } else {
      SUBCOMMANDS.forEach((name, command) -> cl.addSubcommand(name, command.get()));
    }
    return cl;
  }

  @Override
  public void run() {
    throw new ParameterException(spec.commandLine(), "missing subcommand (see 'jtune --help')");
  }
}
