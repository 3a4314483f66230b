package io.jtune.load;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/** Real HTTP servers on 127.0.0.1 for the load tests. */
final class TestServers {
  static {
    // without it the JDK server sends headers and body in two packets, and Nagle's algorithm
    // holds the second until the client's delayed ACK: 40 ms per request
    System.setProperty("sun.net.httpserver.nodelay", "true");
  }

  private TestServers() {}

  /** A running server; closing it stops it. */
  record Running(HttpServer server, ExecutorService... pools) implements AutoCloseable {
    String url(String path) {
      return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    @Override
    public void close() {
      server.stop(0);
      for (ExecutorService pool : pools) {
        pool.shutdownNow();
      }
    }
  }

  private static final byte[] OK = "ok\n".getBytes(StandardCharsets.US_ASCII);

  /**
   * Answers at once, except that for {@code stallMillis} of every {@code periodMillis} it
   * answers nothing: requests arriving in a stall are answered when the stall ends.
   */
  static Running stalling(long periodMillis, long stallMillis) throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 256);
    ExecutorService pool = Executors.newFixedThreadPool(64);
    long origin = System.nanoTime();
    long period = TimeUnit.MILLISECONDS.toNanos(periodMillis);
    long stall = TimeUnit.MILLISECONDS.toNanos(stallMillis);
    server.createContext("/", exchange -> {
      drain(exchange);
      long phase = (System.nanoTime() - origin) % period;
      if (phase < stall) {
        long until = System.nanoTime() + (stall - phase);
        while (System.nanoTime() < until) {
          LockSupport.parkNanos(until - System.nanoTime());
        }
      }
      respond(exchange, 200);
    });
    server.setExecutor(pool);
    server.start();
    return new Running(server, pool);
  }

  /** Answers every request at once with the given status. */
  static Running fixedStatus(int status) throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 256);
    ExecutorService pool = Executors.newFixedThreadPool(4);
    server.createContext("/", exchange -> {
      drain(exchange);
      respond(exchange, status);
    });
    server.setExecutor(pool);
    server.start();
    return new Running(server, pool);
  }

  /**
   * One worker thread that takes {@code delayMillis} per request (a sleep, as a blocking call
   * would): it serves at most 1000 / delayMillis requests a second, and queues the rest.
   */
  static Running queueing(long delayMillis) throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 256);
    ExecutorService pool = Executors.newSingleThreadExecutor();
    server.createContext("/", exchange -> {
      drain(exchange);
      try {
        Thread.sleep(delayMillis);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      respond(exchange, 200);
    });
    server.setExecutor(pool);
    server.start();
    return new Running(server, pool);
  }

  /**
   * A CPU + IO test page: each request takes {@code cpuMillis} of CPU on a pool of
   * {@code cpuThreads} threads, then waits {@code ioMillis} without holding a thread (like a
   * downstream call on a non-blocking client).
   */
  static Running cpuAndIo(int cpuThreads, double cpuMillis, long ioMillis) throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 1024);
    ExecutorService cpu = Executors.newFixedThreadPool(cpuThreads);
    ScheduledExecutorService io = Executors.newScheduledThreadPool(2);
    ExecutorService dispatch = Executors.newFixedThreadPool(2);
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long cpuNanos = (long) (cpuMillis * 1_000_000);
    server.createContext("/", exchange -> {
      drain(exchange);
      cpu.execute(() -> {
        long until = threads.getCurrentThreadCpuTime() + cpuNanos;
        long spin = 0;
        while (threads.getCurrentThreadCpuTime() < until) {
          spin++;
        }
        if (spin < 0) {
          throw new AssertionError();
        }
        io.schedule(() -> respondQuietly(exchange, 200), ioMillis, TimeUnit.MILLISECONDS);
      });
    });
    server.setExecutor(dispatch);
    server.start();
    return new Running(server, cpu, io, dispatch);
  }

  private static void drain(HttpExchange exchange) throws IOException {
    try (InputStream in = exchange.getRequestBody()) {
      in.transferTo(OutputStream.nullOutputStream());
    }
  }

  static void respond(HttpExchange exchange, int status) throws IOException {
    exchange.sendResponseHeaders(status, OK.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(OK);
    }
  }

  private static void respondQuietly(HttpExchange exchange, int status) {
    try {
      respond(exchange, status);
    } catch (IOException e) {
      exchange.close();
    }
  }
}
