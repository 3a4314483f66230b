package io.jtune.cli;

import io.jtune.common.format.TerminalText;
import java.io.InputStream;
import java.io.PrintWriter;
import picocli.CommandLine;

/** Entry point: runs the root command and exits with its code. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    PrintWriter err = new PrintWriter(System.err, true);
    int code;
    try {
      code = run(args, System.in, new PrintWriter(System.out, true), err);
    } catch (OutOfMemoryError e) {
      err.println("jtune: out of memory (" + e.getMessage() + "); raise it with JTUNE_JAVA_OPTS=-Xmx...");
      code = ExitCodes.INTERNAL;
    } catch (Throwable e) {
      err.println("jtune: internal error: " + TerminalText.safe(e.toString()));
      if (System.getenv("JTUNE_DEBUG") != null) {
        e.printStackTrace(err);
      }
      code = ExitCodes.INTERNAL;
    }
    System.exit(code);
  }

  /** Runs jtune with no standard input (an input named {@code -} is empty); returns the exit code. */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    return run(args, InputStream.nullInputStream(), out, err);
  }

  /**
   * Runs jtune with the given streams; returns the exit code. Commands read {@code in} for an input
   * named {@code -}; nothing here reads or replaces {@code System.in}. Used by tests too.
   */
  public static int run(String[] args, InputStream in, PrintWriter out, PrintWriter err) {
    CommandLine cl = JtuneCommand.forArgs(args, in);
    cl.setOut(out);
    cl.setErr(err);
    cl.setExpandAtFiles(false); // "--body @file" is ours to read, not picocli's argument file
    cl.setExecutionExceptionHandler(new UserErrorHandler());
    cl.setParameterExceptionHandler(new UserErrorHandler());
    int code = cl.execute(args);
    out.flush();
    err.flush();
    return code;
  }
}
