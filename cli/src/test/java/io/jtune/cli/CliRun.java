package io.jtune.cli;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

/** Runs the jtune CLI in-process and captures its exit code, stdout and stderr. */
record CliRun(int exitCode, String out, String err) {

  static CliRun of(String... args) {
    return withStdin(new ByteArrayInputStream(new byte[0]), args);
  }

  static CliRun withStdin(InputStream stdin, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    InputStream saved = System.in;
    System.setIn(stdin);
    try {
      int code = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
      return new CliRun(code, out.toString(), err.toString());
    } finally {
      System.setIn(saved);
    }
  }

  /** The public GC log corpus kept in the repository (testdata/gclogs). */
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
