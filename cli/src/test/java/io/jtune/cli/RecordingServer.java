package io.jtune.cli;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.Executors;

/**
 * A service for {@code jtune tune} to start as a command (a JVM of its own): a JDK HTTP server
 * on 127.0.0.1 that answers {@code /ready} with 200 and every other request with 200 after
 * appending one line to a record file: {@code METHOD PATH | Authorization | Content-Type | BODY}
 * (a body of more than 4 KB as its SHA-256 and length),
 * and allocating 2 MB of garbage, so its JVM collects a few times in a short run.
 * Arguments: PORT RECORD-FILE [PKCS12-KEY-STORE] (with a key store it serves https://).
 */
final class RecordingServer {
  /** Where each request's garbage goes, so that it is allocated. */
  static volatile byte[] sink;

  private RecordingServer() {
  }

  /** The line the server records for one request. */
  static String line(String method, String path, String authorization, String contentType, String body) {
    return method + " " + path + " | " + authorization + " | " + contentType + " | " + body;
  }

  /** A body as recorded: its text, or for one of more than 4 KB its SHA-256 and length. */
  static String body(byte[] bytes) {
    if (bytes.length <= 4096) {
      return new String(bytes, StandardCharsets.UTF_8);
    }
    try {
      return "sha256 " + java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
          .digest(bytes)) + ", " + bytes.length + " bytes";
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  public static void main(String[] args) throws Exception {
    InetSocketAddress address = new InetSocketAddress("127.0.0.1", Integer.parseInt(args[0]));
    Path record = Path.of(args[1]);
    HttpServer server;
    if (args.length > 2) {
      HttpsServer https = HttpsServer.create(address, 128);
      https.setHttpsConfigurator(new HttpsConfigurator(SelfSignedTls.serverContext(Path.of(args[2]))));
      server = https;
    } else {
      server = HttpServer.create(address, 128);
    }
    server.createContext("/", exchange -> answer(exchange, record));
    server.setExecutor(Executors.newFixedThreadPool(4));
    server.start();
  }

  private static void answer(HttpExchange exchange, Path record) throws IOException {
    String body;
    try (InputStream in = exchange.getRequestBody()) {
      body = body(in.readAllBytes());
    }
    String path = exchange.getRequestURI().getPath();
    if (!path.equals("/ready")) {
      String seen = line(exchange.getRequestMethod(), path, exchange.getRequestHeaders().getFirst("Authorization"),
          exchange.getRequestHeaders().getFirst("Content-Type"), body) + "\n";
      synchronized (RecordingServer.class) {
        Files.writeString(record, seen, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
      }
    }
    sink = new byte[2 << 20];
    byte[] ok = "ok\n".getBytes(StandardCharsets.US_ASCII);
    exchange.sendResponseHeaders(200, ok.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(ok);
    }
  }
}
