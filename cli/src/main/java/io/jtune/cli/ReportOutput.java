package io.jtune.cli;

import io.jtune.runtime.output.OutputFile;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/**
 * {@code -o/--output FILE} of the commands that print one report ({@code compare},
 * {@code experiment}, {@code host}, {@code jfr}, {@code threads}): the file is checked before
 * any work, is never one of the inputs, and is written whole or not at all; without it the
 * report goes to standard output.
 */
final class ReportOutput {
  @Option(names = {"-o", "--output"}, paramLabel = "FILE",
      description = "write the report to FILE instead of standard output (a FIFO or device is written directly)")
  Path file;

  /** Refuses, before any work, a FILE that cannot be written or that is one of {@code inputs}. */
  void check(List<String> inputs) {
    if (file != null) {
      OutputFile.check(file);
      if (!inputs.isEmpty()) {
        OutputFile.refuseInput(file, inputs);
      }
    }
  }

  /**
   * Writes the report: into FILE, saying so on standard error ("jtune: {@code what} written to
   * FILE"), or on standard output.
   */
  void write(CommandSpec spec, String what, OutputFile.Content content) throws java.io.IOException {
    if (file != null) {
      OutputFile.write(file, content);
      spec.commandLine().getErr().println("jtune: " + what + " written to " + file);
      return;
    }
    PrintWriter out = spec.commandLine().getOut();
    content.writeTo(out);
    out.flush();
  }
}
