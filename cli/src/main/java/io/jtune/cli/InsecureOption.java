package io.jtune.cli;

/** The help text of {@code --insecure}, the same for every command that sends load. */
final class InsecureOption {
  static final String DESCRIPTION = "https:// only, for testing: accept any certificate (self-signed, expired)"
      + " and any host name. Without it the JDK's default trust store and host name verification apply.";

  private InsecureOption() {
  }
}
