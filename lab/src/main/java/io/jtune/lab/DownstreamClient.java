package io.jtune.lab;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * The lab's client for its own {@code /downstream}: a real HTTP call over pooled keep-alive
 * connections, so {@code /work?io=} waits on a socket the way a service waits on a
 * downstream call.
 */
final class DownstreamClient {
  private final HttpClient http = HttpClient.newBuilder()
      .version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(5))
      .build();
  private volatile String baseUrl = "";

  /** Points the client at the lab once its port is known. */
  void target(String labUrl) {
    this.baseUrl = labUrl;
  }

  /** Calls {@code /downstream?sleep=ms} and returns the size of the answer. */
  int call(long sleepMs) throws IOException, InterruptedException {
    HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + "/downstream?sleep=" + sleepMs))
        .timeout(Duration.ofMillis(sleepMs + 30_000))
        .build();
    HttpResponse<byte[]> response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
    if (response.statusCode() != 200) {
      throw new IOException("downstream answered " + response.statusCode());
    }
    return response.body().length;
  }
}
