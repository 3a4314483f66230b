package io.jtune.load;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;

/** Real TLS servers on 127.0.0.1 with a self-signed certificate made by the JDK's keytool. */
final class TlsTestServers {
  static {
    System.setProperty("sun.net.httpserver.nodelay", "true");
  }

  private static final char[] PASSWORD = "changeit".toCharArray();

  private TlsTestServers() {}

  /**
   * A server context with a new self-signed certificate for CN=localhost that names
   * 127.0.0.1 and localhost, so only its trust (not its host name) is in question.
   */
  static SSLContext selfSigned(Path dir) throws Exception {
    Path store = dir.resolve("server.p12");
    Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
    Process p = new ProcessBuilder(keytool.toString(), "-genkeypair", "-alias", "server", "-keyalg", "EC",
        "-groupname", "secp256r1", "-validity", "2", "-dname", "CN=localhost",
        "-ext", "SAN=ip:127.0.0.1,dns:localhost", "-storetype", "PKCS12", "-keystore", store.toString(),
        "-storepass", new String(PASSWORD), "-keypass", new String(PASSWORD))
        .redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0 || !Files.exists(store)) {
      throw new IllegalStateException("keytool failed: " + output);
    }
    KeyStore keys = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(store)) {
      keys.load(in, PASSWORD);
    }
    KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    kmf.init(keys, PASSWORD);
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(kmf.getKeyManagers(), null, null);
    return context;
  }

  /** What a request carried, as the server saw it. */
  record Seen(String method, String path, com.sun.net.httpserver.Headers headers, byte[] body) {
    String bodyText() {
      return new String(body, StandardCharsets.UTF_8);
    }
  }

  /** A running HTTPS server; closing it stops it. */
  record Https(HttpsServer server, ExecutorService pool, AtomicInteger handshakes) implements AutoCloseable {
    String url(String path) {
      return "https://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    @Override
    public void close() {
      server.stop(0);
      pool.shutdownNow();
    }
  }

  /** Answers 200 to each request that {@code accept} accepts, 400 to the others. */
  static Https https(SSLContext context, Predicate<Seen> accept) throws IOException {
    HttpsServer server = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 256);
    server.setHttpsConfigurator(new HttpsConfigurator(context));
    ExecutorService pool = Executors.newFixedThreadPool(4);
    server.createContext("/", exchange -> {
      byte[] body;
      try (InputStream in = exchange.getRequestBody()) {
        body = in.readAllBytes();
      }
      Seen seen = new Seen(exchange.getRequestMethod(), exchange.getRequestURI().getRawPath(),
          exchange.getRequestHeaders(), body);
      byte[] answer = "ok\n".getBytes(StandardCharsets.US_ASCII);
      exchange.sendResponseHeaders(accept.test(seen) ? 200 : 400, answer.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(answer);
      }
    });
    server.setExecutor(pool);
    server.start();
    return new Https(server, pool, new AtomicInteger());
  }

  /**
   * Completes TLS handshakes until one succeeds (the run's pre-flight check) and closes every
   * later connection in the middle of its handshake, after reading the ClientHello.
   */
  static final class ClosesMidHandshake implements AutoCloseable {
    private final ServerSocket listener;
    private final Thread thread;
    final AtomicInteger accepted = new AtomicInteger();
    private volatile boolean preflightDone;

    ClosesMidHandshake(SSLContext context) throws IOException {
      listener = new ServerSocket(0, 256, InetAddress.getLoopbackAddress());
      thread = new Thread(() -> serve(context), "closes-mid-handshake");
      thread.setDaemon(true);
      thread.start();
    }

    String url(String path) {
      return "https://127.0.0.1:" + listener.getLocalPort() + path;
    }

    private void serve(SSLContext context) {
      while (!listener.isClosed()) {
        try (Socket socket = listener.accept()) {
          accepted.incrementAndGet();
          if (!preflightDone) {
            // the pre-flight's plain TCP probe comes first; its TLS handshake after it
            try (SSLSocket tls = (SSLSocket) context.getSocketFactory().createSocket(socket, null, true)) {
              tls.setUseClientMode(false);
              tls.startHandshake();
              preflightDone = true;
            }
          } else {
            socket.getInputStream().read(new byte[512]);
          }
        } catch (IOException e) {
          // the next connection
        }
      }
    }

    @Override
    public void close() throws IOException {
      listener.close();
    }
  }

  static List<String> header(Seen seen, String name) {
    List<String> values = seen.headers().get(name);
    return values == null ? List.of() : values;
  }
}
