package io.jtune.load;

import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;

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
      SSLContext context = SSLContext.getInstance("TLS");
      context.init(null, insecure ? new TrustManager[] {new AcceptAny()} : null, null);
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

  /** Trusts every certificate chain: {@code --insecure}, for test servers with self-signed certificates. */
  private static final class AcceptAny extends X509ExtendedTrustManager {
    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) {
      // a client never checks client certificates
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) {
      // accepted: the user asked for --insecure
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) {
      // a client never checks client certificates
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) {
      // accepted: the user asked for --insecure
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
      // a client never checks client certificates
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) {
      // accepted: the user asked for --insecure
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return new X509Certificate[0];
    }
  }
}
