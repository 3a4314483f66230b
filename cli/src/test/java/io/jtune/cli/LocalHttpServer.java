package io.jtune.cli;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A JDK HttpServer on 127.0.0.1 with four threads: reads each request's body, runs
 * {@code onRequest}, answers "hello" with 200, or 404 under {@code /missing}.
 */
final class LocalHttpServer implements AutoCloseable {
  private final HttpServer server;
  private final ExecutorService pool;

  private LocalHttpServer(HttpServer server, ExecutorService pool) {
    this.server = server;
    this.pool = pool;
  }

  static LocalHttpServer start(Runnable onRequest) throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 128);
    ExecutorService pool = Executors.newFixedThreadPool(4);
    server.createContext("/", exchange -> {
      try (InputStream in = exchange.getRequestBody()) {
        in.transferTo(OutputStream.nullOutputStream());
      }
      onRequest.run();
      byte[] body = "hello\n".getBytes(StandardCharsets.US_ASCII);
      exchange.sendResponseHeaders(exchange.getRequestURI().getPath().startsWith("/missing") ? 404 : 200, body.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    });
    server.setExecutor(pool);
    server.start();
    return new LocalHttpServer(server, pool);
  }

  /** {@code http://127.0.0.1:PORT}, without a trailing slash. */
  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  @Override
  public void close() {
    server.stop(0);
    pool.shutdownNow();
  }
}
