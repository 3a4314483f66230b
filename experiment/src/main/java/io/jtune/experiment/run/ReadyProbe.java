package io.jtune.experiment.run;

import io.jtune.core.JtuneException;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Polls a URL with GET until it answers 200, the process dies or time runs out. */
final class ReadyProbe {
  private ReadyProbe() {}

  static void await(URI url, Duration timeout, BooleanSupplier alive, Supplier<String> lastLine) {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(1)).build();
    HttpRequest request = HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(2)).GET().build();
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      if (!alive.getAsBoolean()) {
        throw new JtuneException("the target exited before " + url + " answered" + last(lastLine));
      }
      try {
        if (http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
          return;
        }
      } catch (IOException e) {
        // not serving yet
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new JtuneException("interrupted while waiting for " + url);
      }
      if (System.nanoTime() > deadline) {
        throw new JtuneException(url + " did not answer 200 within " + timeout.toSeconds() + " s" + last(lastLine));
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new JtuneException("interrupted while waiting for " + url);
      }
    }
  }

  private static String last(Supplier<String> lastLine) {
    String l = lastLine.get();
    return l == null || l.isBlank() ? "" : "; last output: " + l;
  }
}
