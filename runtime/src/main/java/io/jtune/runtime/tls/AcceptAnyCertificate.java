package io.jtune.runtime.tls;

import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * Trusts every certificate chain and, being an extended trust manager that checks nothing, every
 * host name: {@code --insecure}, for test servers with self-signed certificates.
 */
public final class AcceptAnyCertificate extends X509ExtendedTrustManager {
  /** A new TLS client context that accepts any certificate and host name. */
  public static SSLContext context() throws GeneralSecurityException {
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(null, new TrustManager[] {new AcceptAnyCertificate()}, null);
    return context;
  }

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
