package io.jtune.runtime.process;

import io.jtune.common.JtuneException;
import io.jtune.runtime.tls.AcceptAnyCertificate;
import io.jtune.runtime.tls.CertificateProblem;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.security.GeneralSecurityException;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import javax.net.ssl.SSLHandshakeException;

/**
 * Polls a URL with GET until it answers 200, the process behind it dies or time runs out. An
 * https:// URL is checked with the JDK's default trust store and host name verification, unless
 * {@code insecure}; a certificate it does not accept is an error at once, not a wait.
 */
public final class ReadyProbe {
  private ReadyProbe() {}

  /**
   * Returns once {@code url} answers 200.
   *
   * @param insecure https:// only, for testing: accept any certificate and host name
   * @param alive whether the process that should serve it still runs
   * @param failure the exception for what went wrong, given in words ("exited before URL
   *     answered", "URL did not answer 200 within N s")
   */
  public static void await(URI url, Duration timeout, boolean insecure, BooleanSupplier alive,
      Function<String, JtuneException> failure) {
    HttpClient http = client(insecure);
    HttpRequest request = HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(2)).GET().build();
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      if (!alive.getAsBoolean()) {
        throw failure.apply("exited before " + url + " answered");
      }
      try {
        if (http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
          return;
        }
      } catch (SSLHandshakeException e) {
        Optional<CertificateProblem> problem = CertificateProblem.of(e);
        if (problem.isPresent()) {
          String detail = switch (problem.get()) {
            case WRONG_HOST -> " " + url.getHost();
            case NOT_TRUSTED -> selfSigned(url) ? " (self-signed)" : "";
            default -> "";
          };
          throw new JtuneException(url + ": " + problem.get().words() + detail + CertificateProblem.FIX, e);
        }
        // not serving TLS yet: poll again
      } catch (IOException e) {
        // not serving yet: poll again
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new JtuneException("interrupted while waiting for " + url);
      }
      if (System.nanoTime() > deadline) {
        throw failure.apply(url + " did not answer 200 within " + timeout.toSeconds() + " s");
      }
      try {
        Thread.sleep(50);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new JtuneException("interrupted while waiting for " + url);
      }
    }
  }

  /** Whether the server's own certificate is its own issuer (looked at without trusting it). */
  private static boolean selfSigned(URI url) {
    try {
      HttpResponse<Void> r = client(true).send(HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(2)).GET().build(),
          HttpResponse.BodyHandlers.discarding());
      if (r.sslSession().isEmpty()) {
        return false;
      }
      Certificate[] chain = r.sslSession().get().getPeerCertificates();
      return chain.length > 0 && chain[0] instanceof X509Certificate leaf
          && leaf.getSubjectX500Principal().equals(leaf.getIssuerX500Principal());
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private static HttpClient client(boolean insecure) {
    HttpClient.Builder b = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1));
    if (insecure) {
      try {
        b.sslContext(AcceptAnyCertificate.context());
      } catch (GeneralSecurityException e) {
        throw new JtuneException("TLS is not available in this JVM: " + e.getMessage(), e);
      }
    }
    return b.build();
  }
}
