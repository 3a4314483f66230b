package io.jtune.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * A self-signed certificate for 127.0.0.1 that keytool makes for a test, and a server TLS
 * context with it (JDK classes only: a child JVM runs it with the test classes alone).
 */
final class SelfSignedTls {
  static final String PASSWORD = "secret";

  private SelfSignedTls() {
  }

  /** A new PKCS12 key store {@code tls.p12} in {@code dir}, password {@link #PASSWORD}. */
  static Path keyStore(Path dir) throws IOException, InterruptedException {
    Path store = dir.resolve("tls.p12");
    Process keytool = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
        "-genkeypair", "-keyalg", "RSA", "-keysize", "2048", "-alias", "local", "-dname", "CN=127.0.0.1",
        "-ext", "SAN=ip:127.0.0.1", "-validity", "1", "-keystore", store.toString(), "-storetype", "PKCS12",
        "-storepass", PASSWORD, "-keypass", PASSWORD).redirectErrorStream(true).start();
    String said = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (keytool.waitFor() != 0) {
      throw new IllegalStateException("keytool failed: " + said);
    }
    return store;
  }

  /** A server TLS context presenting the key store's certificate. */
  static SSLContext serverContext(Path store) throws IOException, GeneralSecurityException {
    KeyStore keys = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(store)) {
      keys.load(in, PASSWORD.toCharArray());
    }
    KeyManagerFactory factory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    factory.init(keys, PASSWORD.toCharArray());
    SSLContext tls = SSLContext.getInstance("TLS");
    tls.init(factory.getKeyManagers(), null, null);
    return tls;
  }
}
