package io.jtune.load;

import io.jtune.runtime.tls.CertificateProblem;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocket;

/**
 * One blocking TLS handshake with each https:// server before a run, so a certificate problem
 * stops the run at once with one line that says what is wrong, instead of a run full of
 * connect errors. It also puts the run's TLS session in the cache for the workers to resume.
 */
final class TlsPreflight {
  private TlsPreflight() {
  }

  static void check(Endpoint endpoint, SSLContext context, boolean insecure, int timeoutMillis) {
    String where = "https://" + endpoint.host() + ":" + endpoint.address().getPort() + "/";
    try {
      handshake(endpoint, context, insecure, timeoutMillis);
    } catch (SSLException e) {
      throw new LoadException(where + ": " + describe(e, endpoint, timeoutMillis), e);
    } catch (SocketTimeoutException e) {
      throw new LoadException(where + ": TLS handshake failed (no answer within " + timeoutMillis
          + " ms; does the server speak TLS on this port?)", e);
    } catch (IOException e) {
      throw new LoadException(where + ": TLS handshake failed (" + e.getMessage() + ")", e);
    }
  }

  private static Certificate[] handshake(Endpoint endpoint, SSLContext context, boolean insecure, int timeoutMillis)
      throws IOException {
    try (Socket raw = new Socket()) {
      raw.connect(endpoint.address(), timeoutMillis);
      raw.setSoTimeout(timeoutMillis);
      try (SSLSocket socket = (SSLSocket) context.getSocketFactory()
          .createSocket(raw, endpoint.host(), endpoint.address().getPort(), true)) {
        socket.setSSLParameters(TlsContexts.clientParameters(socket.getSSLParameters(), insecure));
        socket.startHandshake();
        return socket.getSession().getPeerCertificates();
      }
    }
  }

  private static String describe(SSLException e, Endpoint endpoint, int timeoutMillis) {
    Optional<CertificateProblem> problem = CertificateProblem.of(e);
    if (problem.isPresent()) {
      return switch (problem.get()) {
        case NOT_TRUSTED -> problem.get().words() + (selfSigned(endpoint, timeoutMillis) ? " (self-signed)" : "");
        case WRONG_HOST -> problem.get().words() + " " + endpoint.host();
        default -> problem.get().words();
      } + CertificateProblem.FIX;
    }
    String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    if (m.contains("Unsupported or unrecognized SSL message")) {
      return "TLS handshake failed (the answer is not TLS; does the server speak TLS on this port?)";
    }
    return "TLS handshake failed (" + m + ")";
  }

  /** Whether the server's own certificate is its own issuer (looked at without trusting it). */
  private static boolean selfSigned(Endpoint endpoint, int timeoutMillis) {
    try {
      Certificate[] chain = handshake(endpoint, TlsContexts.create(true), true, timeoutMillis);
      return chain.length > 0 && chain[0] instanceof X509Certificate leaf
          && leaf.getSubjectX500Principal().equals(leaf.getIssuerX500Principal());
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }
}
