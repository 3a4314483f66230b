package io.jtune.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * A service that does its work in a JVM of its own, as servers that isolate risky work in a child
 * JVM do: the JVM started by its command is a watchdog that starts a worker JVM (the same class,
 * mode {@code worker}) and restarts nothing, only waits for it; the worker serves HTTP on
 * 127.0.0.1. The worker gets only the JVM options given with {@code --worker-jvm-args "OPTS"}
 * (split at white space, quotes keeping words together, as such options are read), never the
 * parent's own.
 *
 * <p>Arguments: {@code PORT MARKER [--worker-jvm-args OPTS]} for the parent; {@code worker PORT
 * MARKER} for the worker (the marker, any word, lets a test find both processes). The worker answers {@code /ready} with 200 and every other request with 200 after
 * allocating 1 MB of garbage (so its JVM collects in a short run); it exits when its parent is
 * gone, and the parent stops it when stopped itself.
 */
final class ForkingServer {
  /** Where each request's garbage goes, so that it is allocated. */
  static volatile byte[] sink;

  private ForkingServer() {
  }

  public static void main(String[] args) throws Exception {
    if (args[0].equals("worker")) {
      worker(Integer.parseInt(args[1]));
    } else {
      parent(args);
    }
  }

  private static void parent(String[] args) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    if (args.length > 3 && args[2].equals("--worker-jvm-args")) {
      cmd.addAll(words(args[3]));
    }
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), ForkingServer.class.getName(), "worker", args[0],
        args[1]));
    Process worker = new ProcessBuilder(cmd).inheritIO().start();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      worker.destroy();
      try {
        if (!worker.waitFor(5, TimeUnit.SECONDS)) {
          worker.destroyForcibly();
        }
      } catch (InterruptedException e) {
        worker.destroyForcibly();
      }
    }));
    System.exit(worker.waitFor());
  }

  private static void worker(int port) throws IOException {
    ProcessHandle parent = ProcessHandle.current().parent().orElseThrow();
    Thread watchdog = new Thread(() -> {
      while (parent.isAlive()) {
        try {
          Thread.sleep(200);
        } catch (InterruptedException e) {
          return;
        }
      }
      System.exit(1);
    }, "parent-watchdog");
    watchdog.setDaemon(true);
    watchdog.start();
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 128);
    server.createContext("/", ForkingServer::answer);
    server.setExecutor(Executors.newFixedThreadPool(4));
    server.start();
  }

  private static void answer(HttpExchange exchange) throws IOException {
    exchange.getRequestBody().readAllBytes();
    if (!exchange.getRequestURI().getPath().equals("/ready")) {
      sink = new byte[1 << 20];
    }
    byte[] ok = "ok\n".getBytes(StandardCharsets.US_ASCII);
    exchange.sendResponseHeaders(200, ok.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(ok);
    }
  }

  /** Words split at white space; '...' and "..." keep what they quote together. */
  static List<String> words(String s) {
    List<String> out = new ArrayList<>();
    StringBuilder w = new StringBuilder();
    boolean in = false;
    char quote = 0;
    for (char ch : s.toCharArray()) {
      if (quote != 0 && ch == quote) {
        quote = 0;
      } else if (quote != 0) {
        w.append(ch);
      } else if (ch == '\'' || ch == '"') {
        quote = ch;
        in = true;
      } else if (Character.isWhitespace(ch)) {
        if (in) {
          out.add(w.toString());
          w.setLength(0);
        }
        in = false;
      } else {
        w.append(ch);
        in = true;
      }
    }
    if (in) {
      out.add(w.toString());
    }
    return out;
  }
}
