package io.jtune.cli;

import java.io.PrintWriter;
import picocli.CommandLine;

/** Entry point: runs the root command and exits with its code. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    System.exit(run(args, new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
  }

  /** Runs jtune with the given streams; returns the exit code. Used by tests too. */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    CommandLine cl = new CommandLine(new JtuneCommand());
    cl.setOut(out);
    cl.setErr(err);
    cl.setExecutionExceptionHandler(new UserErrorHandler());
    cl.setParameterExceptionHandler(new UserErrorHandler());
    int code = cl.execute(args);
    out.flush();
    err.flush();
    return code;
  }
}
