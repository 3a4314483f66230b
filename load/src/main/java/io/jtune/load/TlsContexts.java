package io.jtune.load;

import io.jtune.runtime.tls.AcceptAnyCertificate;
import java.security.GeneralSecurityException;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;

/**
 * The JDK TLS settings of a load run: the default trust store with host name verification, or,
 * with {@code insecure} (for testing only), any certificate and any host name.
 */
final class TlsContexts {
  private TlsContexts() {
  }

  /** A new client context; one per run, so connections of the run resume each other's sessions. */
  static SSLContext create(boolean insecure) {
    try {
      if (insecure) {
        return AcceptAnyCertificate.context();
      }
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, null, null);
      return context;
    } catch (GeneralSecurityException e) {
      throw new LoadException("TLS is not available in this JVM: " + e.getMessage(), e);
    }
  }

  /** A client engine for {@code host:port}; the pair keys the JDK's session cache (resumption). */
  static SSLEngine clientEngine(SSLContext context, String host, int port, boolean insecure) {
    SSLEngine engine = context.createSSLEngine(host, port);
    engine.setUseClientMode(true);
    engine.setSSLParameters(clientParameters(engine.getSSLParameters(), insecure));
    return engine;
  }

  /** Host name verification on unless insecure; HTTP/1.1 offered by ALPN. */
  static SSLParameters clientParameters(SSLParameters parameters, boolean insecure) {
    parameters.setEndpointIdentificationAlgorithm(insecure ? null : "HTTPS");
    parameters.setApplicationProtocols(new String[] {"http/1.1"});
    return parameters;
  }
}
