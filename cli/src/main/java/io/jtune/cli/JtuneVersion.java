package io.jtune.cli;

import picocli.CommandLine.IVersionProvider;

/** Reports jtune's version from the jar manifest. */
public final class JtuneVersion implements IVersionProvider {
  @Override
  public String[] getVersion() {
    String v = JtuneVersion.class.getPackage().getImplementationVersion();
    return new String[] {"jtune " + (v == null ? "dev" : v), "Java " + Runtime.version()};
  }
}
