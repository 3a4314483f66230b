package io.jtune.load;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** A JDK HTTP server on 127.0.0.1 that keeps every request it receives (in arrival order) and answers 200. */
final class RecordingServer implements AutoCloseable {
  static {
    System.setProperty("sun.net.httpserver.nodelay", "true");
  }

  /** One request as received: the request target (path and query as sent), one header's value and the body. */
  record Seen(String target, String header, byte[] body) {}

  final List<Seen> seen = new CopyOnWriteArrayList<>();
  private final HttpServer server;
  private final ExecutorService pool = Executors.newFixedThreadPool(4);

  /** Records each request's value of the header {@code header} (may be absent). */
  RecordingServer(String header) throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 128);
    server.createContext("/", exchange -> {
      byte[] body;
      try (InputStream in = exchange.getRequestBody()) {
        body = in.readAllBytes();
      }
      seen.add(new Seen(exchange.getRequestURI().getRawPath()
          + (exchange.getRequestURI().getRawQuery() == null ? "" : "?" + exchange.getRequestURI().getRawQuery()),
          exchange.getRequestHeaders().getFirst(header), body));
      TestServers.respond(exchange, 200);
    });
    server.setExecutor(pool);
    server.start();
  }

  String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  @Override
  public void close() {
    server.stop(0);
    pool.shutdownNow();
  }
}
