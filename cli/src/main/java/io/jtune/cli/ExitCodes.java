package io.jtune.cli;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The exit codes of every jtune command, and the headings of the help sections that list them
 * and show examples. Each command's help lists the codes it can end with.
 */
final class ExitCodes {
  private ExitCodes() {}

  static final int OK = 0;
  static final int INTERNAL = 1;
  static final int USAGE = 2;
  static final int RUNS_FAILED = 3;
  /** {@code load} and {@code capacity}: no request succeeded, a result (the report says why), not a crash. */
  static final int NO_SUCCESS = 3;
  static final int GATE_FAILED = 4;

  static final String HEADING = "%nExit codes:%n";
  static final String EXAMPLES_HEADING = "%nExamples:%n";

  static final String INTERNAL_LINE = "1:internal error (run again with JTUNE_DEBUG=1 for the stack trace)";
  static final String USAGE_LINE = "2:bad usage or bad input: a one-line message says what";

  /** An exit code list for a command built in code, from lines written as in {@code @Command(exitCodeList)}. */
  static Map<String, String> list(String... codeColonMeaning) {
    Map<String, String> m = new LinkedHashMap<>();
    for (String line : codeColonMeaning) {
      int colon = line.indexOf(':');
      m.put(line.substring(0, colon), line.substring(colon + 1));
    }
    return m;
  }
}
