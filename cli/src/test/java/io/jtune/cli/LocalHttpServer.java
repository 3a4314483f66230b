package io.jtune.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.function.BiFunction;
import java.util.function.Predicate;

/**
 * A JDK HttpServer on 127.0.0.1 with four threads: reads each request's body, runs
 * {@code onRequest}, answers "hello" with 200, or 404 under {@code /missing}; or, made with
 * {@link #recording}, records each request.
 */
final class LocalHttpServer implements AutoCloseable {
  private final HttpServer server;
  private final ExecutorService pool;

  private LocalHttpServer(HttpServer server, ExecutorService pool) {
    this.server = server;
    this.pool = pool;
  }

  static LocalHttpServer start(Runnable onRequest) throws IOException {
    return serve(exchange -> {
      try (InputStream in = exchange.getRequestBody()) {
        in.transferTo(OutputStream.nullOutputStream());
      }
      onRequest.run();
      answer(exchange, exchange.getRequestURI().getPath().startsWith("/missing") ? 404 : 200, "hello\n");
    });
  }

  /**
   * A server that adds {@code describe(exchange, body)} to {@code seen} for each request (its body
   * read as UTF-8) and answers "ok" with 200, or 404 for a raw path {@code missing} accepts.
   */
  static LocalHttpServer recording(List<String> seen, BiFunction<HttpExchange, String, String> describe,
      Predicate<String> missing) throws IOException {
    return serve(exchange -> {
      String body;
      try (InputStream in = exchange.getRequestBody()) {
        body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      seen.add(describe.apply(exchange, body));
      answer(exchange, missing.test(exchange.getRequestURI().getRawPath()) ? 404 : 200, "ok\n");
    });
  }

  private static LocalHttpServer serve(com.sun.net.httpserver.HttpHandler handler) throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 128);
    ExecutorService pool = Executors.newFixedThreadPool(4);
    server.createContext("/", handler);
    server.setExecutor(pool);
    server.start();
    return new LocalHttpServer(server, pool);
  }

  private static void answer(HttpExchange exchange, int status, String text) throws IOException {
    byte[] body = text.getBytes(StandardCharsets.US_ASCII);
    exchange.sendResponseHeaders(status, body.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(body);
    }
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
