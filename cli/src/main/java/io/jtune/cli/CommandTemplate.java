package io.jtune.cli;

import io.jtune.common.JtuneException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;

/**
 * The command that starts a service under test ({@code --command}) and the URL that says it is
 * ready ({@code --ready}), as {@code jtune suggest} and {@code jtune tune} take them.
 */
final class CommandTemplate {
  static final String EXAMPLE = "java {jvmFlags} -jar YOUR-SERVICE.jar --port={port}";

  private CommandTemplate() {}

  /** One-line errors for a command without its placeholders, or a missing or malformed ready URL. */
  static void check(String command, String ready) {
    for (String ph : List.of("{jvmFlags}", "{port}")) {
      if (!command.contains(ph)) {
        throw new JtuneException("--command has no " + ph + " placeholder (e.g. \"" + EXAMPLE + "\")");
      }
    }
    if (ready == null) {
      throw new JtuneException("--command needs --ready URL (polled until it answers 200, may use {port})");
    }
    String why = null;
    try {
      URI u = new URI(ready.replace("{port}", "8080"));
      if (!"http".equals(u.getScheme()) && !"https".equals(u.getScheme()) || u.getHost() == null) {
        why = "not an http:// or https:// URL with a host";
      }
    } catch (URISyntaxException e) {
      why = e.getReason();
    }
    if (why != null) {
      throw new JtuneException("--ready '" + ready + "': " + why + " (e.g. http://127.0.0.1:{port}/health)");
    }
  }
}
