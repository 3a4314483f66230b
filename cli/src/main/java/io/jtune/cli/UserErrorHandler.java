package io.jtune.cli;

import io.jtune.common.JtuneException;
import io.jtune.runtime.output.FileProblem;
import io.jtune.common.format.TerminalText;
import io.jtune.load.LoadException;
import java.io.UncheckedIOException;
import java.nio.file.FileSystemException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * Turns errors into one line on stderr and an exit code: 2 for usage errors, input that cannot
 * be analyzed and paths that cannot be used (an unknown command or option with the nearest known
 * ones), 1 for anything unexpected (with the stack trace only under JTUNE_DEBUG).
 */
final class UserErrorHandler implements IExecutionExceptionHandler, IParameterExceptionHandler {
  @Override
  public int handleParseException(ParameterException ex, String[] args) {
    CommandLine cmd = ex.getCommandLine();
    cmd.getErr().println("jtune: " + TerminalText.safe(message(ex)));
    if (ex instanceof UnmatchedArgumentException unmatched && !unmatched.getSuggestions().isEmpty()) {
      // picocli's nearest known subcommands or options: "analyze" for analyse, "--format" for --formt
      cmd.getErr().println("Did you mean: " + String.join(" or ", unmatched.getSuggestions()) + "?");
    }
    cmd.getErr().println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help' for usage.");
    return ExitCodes.USAGE;
  }

  /** picocli's message, except "unknown command 'analyse'" for a word where a subcommand belongs. */
  private static String message(ParameterException ex) {
    if (ex instanceof UnmatchedArgumentException u && !ex.getCommandLine().getSubcommands().isEmpty()
        && !u.getUnmatched().isEmpty() && !u.getUnmatched().get(0).startsWith("-")) {
      return "unknown command '" + u.getUnmatched().get(0) + "'";
    }
    return ex.getMessage();
  }

  @Override
  public int handleExecutionException(Exception ex, CommandLine cmd, ParseResult parsed) {
    if (ex instanceof JtuneException je) {
      cmd.getErr().println("jtune: " + TerminalText.safe(je.getMessage()));
      return je.exitCode();
    }
    if (ex instanceof LoadException le) {
      cmd.getErr().println("jtune: " + TerminalText.safe(le.getMessage()));
      return ExitCodes.USAGE;
    }
    FileSystemException fileProblem = ex instanceof UncheckedIOException u && u.getCause() instanceof FileSystemException f
        ? f : ex instanceof FileSystemException f ? f : null;
    if (fileProblem != null) {
      // a path the user gave that cannot be used (a file where a directory belongs, no permission)
      cmd.getErr().println("jtune: " + TerminalText.safe(fileProblem.getFile() + ": " + FileProblem.why(fileProblem)));
      return ExitCodes.USAGE;
    }
    cmd.getErr().println("jtune: internal error: " + TerminalText.safe(ex.toString()));
    if (System.getenv("JTUNE_DEBUG") != null) {
      ex.printStackTrace(cmd.getErr());
    }
    return ExitCodes.INTERNAL;
  }
}
