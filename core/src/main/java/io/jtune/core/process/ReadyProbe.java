package io.jtune.core.process;

import io.jtune.core.JtuneException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Function;

/** Polls a URL with GET until it answers 200, the process behind it dies or time runs out. */
public final class ReadyProbe {
  private ReadyProbe() {}

  /**
   * Returns once {@code url} answers 200.
   *
   * @param alive whether the process that should serve it still runs
   * @param failure the exception for what went wrong, given in words ("exited before URL
   *     answered", "URL did not answer 200 within N s")
   */
  public static void await(URI url, Duration timeout, BooleanSupplier alive, Function<String, JtuneException> failure) {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
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
}
