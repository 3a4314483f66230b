package io.jtune.load;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.LongAdder;

/**
 * A JDK HTTP server on 127.0.0.1 that counts the requests it receives by method and target
 * (path and query as sent) and keeps each one's arrival time; it answers 200, or 500 to a path
 * that starts with {@code /fail}.
 */
final class CountingServer implements AutoCloseable {
  static {
    System.setProperty("sun.net.httpserver.nodelay", "true");
  }

  final Map<String, LongAdder> byRequest = new ConcurrentHashMap<>();
  final ConcurrentLinkedQueue<Long> arrivals = new ConcurrentLinkedQueue<>();
  private final HttpServer server;
  private final ExecutorService pool = Executors.newFixedThreadPool(4);

  CountingServer() throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 256);
    server.createContext("/", exchange -> {
      arrivals.add(System.nanoTime());
      try (InputStream in = exchange.getRequestBody()) {
        in.transferTo(OutputStream.nullOutputStream());
      }
      String target = exchange.getRequestURI().getRawPath()
          + (exchange.getRequestURI().getRawQuery() == null ? "" : "?" + exchange.getRequestURI().getRawQuery());
      byRequest.computeIfAbsent(exchange.getRequestMethod() + " " + target, k -> new LongAdder()).increment();
      TestServers.respond(exchange, target.startsWith("/fail") ? 500 : 200);
    });
    server.setExecutor(pool);
    server.start();
  }

  String url(String path) {
    return "http://127.0.0.1:" + server.getAddress().getPort() + path;
  }

  long count(String methodAndTarget) {
    LongAdder a = byRequest.get(methodAndTarget);
    return a == null ? 0 : a.sum();
  }

  @Override
  public void close() {
    server.stop(0);
    pool.shutdownNow();
  }
}
