package io.jtune.cli;

import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

/** Runs the jtune CLI in-process and captures its exit code, stdout and stderr. */
record CliRun(int exitCode, String out, String err) {

  static CliRun of(String... args) {
    return withStdin(InputStream.nullInputStream(), args);
  }

  /** Runs jtune with {@code stdin} as its standard input (what an input named {@code -} reads). */
  static CliRun withStdin(InputStream stdin, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = Main.run(args, stdin, new PrintWriter(out, true), new PrintWriter(err, true));
    return new CliRun(code, out.toString(), err.toString());
  }

  /** The public GC log corpus kept in the repository (testdata/gclogs). */
  /**
   * The command that starts jtune in a JVM of its own (for signals, a working directory, stdin):
   * this JVM's java and class path, and the suite's own settings passed on (its fixed warm-ups).
   */
  static java.util.List<String> childJtune(String... jvmOptions) {
    java.util.List<String> cmd = new java.util.ArrayList<>(java.util.List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", System.getProperty("java.class.path")));
    String warmup = System.getProperty(io.jtune.experiment.plan.Level.MAX_WARMUP_PROPERTY);
    if (warmup != null) {
      cmd.add("-D" + io.jtune.experiment.plan.Level.MAX_WARMUP_PROPERTY + "=" + warmup);
    }
    cmd.addAll(java.util.List.of(jvmOptions));
    cmd.add("io.jtune.cli.Main");
    return cmd;
  }

  static Path corpus() {
    String p = System.getProperty("jtune.corpus");
    Path dir = p != null ? Path.of(p) : Path.of("../testdata/gclogs");
    return dir.toAbsolutePath().normalize();
  }

  static Path corpusFile(String name) {
    return corpus().resolve(name);
  }

  /** A file under the repository's testdata folder (the corpus folder's parent), e.g. "explicit-gc/zgc-jdk17.log". */
  static Path testdataFile(String name) {
    return corpus().getParent().resolve(name);
  }
}
