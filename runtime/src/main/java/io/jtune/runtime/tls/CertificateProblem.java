package io.jtune.runtime.tls;

import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.util.Optional;

/** What is wrong with a server's certificate, read from a failed TLS handshake, in words. */
public enum CertificateProblem {
  EXPIRED("certificate expired"),
  NOT_YET_VALID("certificate not yet valid"),
  NOT_TRUSTED("certificate not trusted"),
  WRONG_HOST("certificate does not match host");

  /** What the user can do about any of them, after the problem's words. */
  public static final String FIX = "; use --insecure to accept it (for testing only)";

  private final String words;

  CertificateProblem(String words) {
    this.words = words;
  }

  public String words() {
    return words;
  }

  /** The certificate problem behind a handshake failure, or empty when it is something else. */
  public static Optional<CertificateProblem> of(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof CertificateExpiredException) {
        return Optional.of(EXPIRED);
      }
      if (t instanceof CertificateNotYetValidException) {
        return Optional.of(NOT_YET_VALID);
      }
      if (t instanceof CertPathBuilderException || t instanceof CertPathValidatorException) {
        return Optional.of(NOT_TRUSTED);
      }
      String m = t.getMessage() == null ? "" : t.getMessage();
      if (m.startsWith("No subject alternative") || m.startsWith("No name matching")) {
        return Optional.of(WRONG_HOST);
      }
      if (m.contains("PKIX path")) {
        return Optional.of(NOT_TRUSTED);
      }
    }
    return Optional.empty();
  }
}
