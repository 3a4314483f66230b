package io.jtune.cli;

import io.jtune.core.JtuneException;
import io.jtune.core.render.TerminalText;
import io.jtune.load.LoadException;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Turns errors into one line on stderr and an exit code: 2 for usage errors and input that
 * cannot be analyzed, 1 for anything unexpected (with the stack trace only under JTUNE_DEBUG).
 */
final class UserErrorHandler implements IExecutionExceptionHandler, IParameterExceptionHandler {
  static final int EXIT_USER_ERROR = 2;
  static final int EXIT_INTERNAL = 1;

  @Override
  public int handleParseException(ParameterException ex, String[] args) {
    CommandLine cmd = ex.getCommandLine();
    cmd.getErr().println("jtune: " + TerminalText.safe(ex.getMessage()));
    cmd.getErr().println("Try '" + cmd.getCommandSpec().qualifiedName() + " --help' for usage.");
    return EXIT_USER_ERROR;
  }

  @Override
  public int handleExecutionException(Exception ex, CommandLine cmd, ParseResult parsed) {
    if (ex instanceof JtuneException je) {
      cmd.getErr().println("jtune: " + TerminalText.safe(je.getMessage()));
      return je.exitCode();
    }
    if (ex instanceof LoadException le) {
      cmd.getErr().println("jtune: " + TerminalText.safe(le.getMessage()));
      return EXIT_USER_ERROR;
    }
    cmd.getErr().println("jtune: internal error: " + TerminalText.safe(ex.toString()));
    if (System.getenv("JTUNE_DEBUG") != null) {
      ex.printStackTrace(cmd.getErr());
    }
    return EXIT_INTERNAL;
  }
}
