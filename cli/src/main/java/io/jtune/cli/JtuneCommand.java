package io.jtune.cli;

import java.io.InputStream;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.HelpCommand;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;

/**
 * The root {@code jtune} command: lists the subcommands. Like {@code analyze} (see
 * {@link AnalyzeCommand}), it is described with picocli's programmatic API, so that
 * {@code jtune analyze} reads no annotations at start.
 */
public final class JtuneCommand implements Runnable {
  /**
   * The subcommands in the order the help lists them. They are added to the root when a run
   * needs them: reading a command's annotations is a good part of a short run's start (every
   * command's option classes are loaded and reflected on), so `jtune analyze` builds only
   * analyze; help, errors and an unknown command get all of them, and {@code jtune help COMMAND}.
   */
  static final Map<String, Supplier<Object>> SUBCOMMANDS = subcommands();

  private final CommandSpec spec;
  /** What an input named {@code -} reads: the standard input {@link Main#run} was given. */
  private final InputStream stdin;

  private JtuneCommand(InputStream stdin) {
    this.stdin = stdin;
    spec = CommandSpec.wrapWithoutInspection(this).name("jtune").versionProvider(new JtuneVersion());
    spec.usageMessage().description(
        "JVM performance workbench: analyze GC logs, load a service, run tuning experiments.")
        .exitCodeListHeading(ExitCodes.HEADING)
        .exitCodeList(ExitCodes.list("0:done", ExitCodes.INTERNAL_LINE, ExitCodes.USAGE_LINE,
            "3:experiment, tune, demo: some runs failed",
            "4:a gate failed: analyze --fail-on found a finding that severe, experiment --fail-on-goals"
                + " found no candidate meeting the goals"))
        .footerHeading(ExitCodes.EXAMPLES_HEADING)
        .footer("  jtune analyze gc.log",
            "  jtune analyze --fail-on critical --format json -o report.json logs/",
            "  jtune suggest -o plan.yaml gc.log",
            "  jtune experiment --fail-on-goals plan.yaml",
            "  jtune help analyze");
    addHelpOptions(spec);
  }

  private static Map<String, Supplier<Object>> subcommands() {
    Map<String, Supplier<Object>> m = new LinkedHashMap<>();
    m.put("analyze", AnalyzeCommand::spec);
    m.put("compare", CompareCommand::new);
    m.put("load", LoadCommand::new);
    m.put("capacity", CapacityCommand::new);
    m.put("lab", LabCommand::new);
    m.put("suggest", SuggestCommand::new);
    m.put("threads", ThreadsCommand::new);
    m.put("experiment", ExperimentCommand::new);
    m.put("tune", TuneCommand::new);
    m.put("demo", DemoCommand::new);
    m.put("host", HostCommand::new);
    m.put("watch", WatchCommand::new);
    m.put("jfr", JfrCommand::new);
    return Collections.unmodifiableMap(m);
  }

  /**
   * The root command line with the subcommand {@code args} names, or with all of them; its
   * commands read {@code stdin} for an input named {@code -} (see {@link #stdin}).
   */
  static CommandLine forArgs(String[] args, InputStream stdin) {
    CommandLine cl = new CommandLine(new JtuneCommand(stdin).spec);
    Supplier<Object> only = args.length > 0 ? SUBCOMMANDS.get(args[0]) : null;
    if (only != null) {
      cl.addSubcommand(args[0], only.get());
    } else {
      SUBCOMMANDS.forEach((name, command) -> cl.addSubcommand(name, command.get()));
      cl.addSubcommand("help", new HelpCommand());
    }
    // descriptions are paragraphs: picocli wraps them at the terminal's width (80 columns off a terminal)
    cl.setUsageHelpAutoWidth(true);
    // every subcommand's -V prints jtune's version, as the root's does
    JtuneVersion version = new JtuneVersion();
    cl.getSubcommands().values().forEach(sub -> sub.getCommandSpec().versionProvider(version));
    return cl;
  }

  /**
   * The standard input of the run the command {@code spec} belongs to: the stream {@link Main#run}
   * was given, not {@code System.in}, so that a run in-process reads its own.
   */
  static InputStream stdin(CommandSpec spec) {
    return ((JtuneCommand) spec.root().userObject()).stdin;
  }

  /** {@code -h/--help} and {@code -V/--version}, as picocli's mixinStandardHelpOptions gives them. */
  static void addHelpOptions(CommandSpec spec) {
    spec.addOption(OptionSpec.builder("-h", "--help").usageHelp(true)
        .description("Show this help message and exit.").build());
    spec.addOption(OptionSpec.builder("-V", "--version").versionHelp(true)
        .description("Print version information and exit.").build());
  }

  @Override
  public void run() {
    throw new ParameterException(spec.commandLine(), "missing subcommand (see 'jtune --help')");
  }
}
