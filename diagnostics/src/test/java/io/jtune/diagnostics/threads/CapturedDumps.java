package io.jtune.diagnostics.threads;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.net.URISyntaxException;

/** The dumps kept under test resources io/jtune/diagnostics/threads/dumps (see the README there) and the program that made them. */
public final class CapturedDumps {
  private CapturedDumps() {}

  /** The text of the captured dump file {@code name}. */
  public static String text(String name) {
    try (InputStream in = CapturedDumps.class.getResourceAsStream("dumps/" + name)) {
      if (in == null) {
        throw new IllegalArgumentException("no captured dump " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** DumpScenarios.java, the program run with the source launcher. */
  static Path program() {
    try {
      return Path.of(CapturedDumps.class.getResource("DumpScenarios.java").toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
