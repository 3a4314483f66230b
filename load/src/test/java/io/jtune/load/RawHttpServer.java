package io.jtune.load;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A tiny HTTP/1.1 server on 127.0.0.1 written on a plain server socket, for behaviour the JDK
 * server will not show: it answers each request with a fixed response and then, if told to,
 * closes the connection without announcing it ({@code Connection: close} is never sent).
 */
final class RawHttpServer implements AutoCloseable {
  private final ServerSocket socket;
  private final ExecutorService pool = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "raw-http");
    t.setDaemon(true);
    return t;
  });
  private final byte[] response;
  private final boolean closeAfterResponse;
  private final AtomicLong answered = new AtomicLong();
  private final AtomicLong accepted = new AtomicLong();

  private RawHttpServer(String response, boolean closeAfterResponse) throws IOException {
    this.response = response.getBytes(StandardCharsets.US_ASCII);
    this.closeAfterResponse = closeAfterResponse;
    this.socket = new ServerSocket(0, 1024, InetAddress.getLoopbackAddress());
    pool.execute(this::acceptLoop);
  }

  /** Answers "ok" with status 200 and closes every connection after its first response. */
  static RawHttpServer closingAfterEachResponse() throws IOException {
    return new RawHttpServer("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok", true);
  }

  /** Reads each request and closes the connection without answering. */
  static RawHttpServer closingWithoutAnswer() throws IOException {
    return new RawHttpServer("", true);
  }

  /** Answers every request with the given status line and keeps the connection. */
  static RawHttpServer withStatusLine(String statusLine) throws IOException {
    return new RawHttpServer(statusLine + "\r\nContent-Length: 2\r\n\r\nok", false);
  }

  String url() {
    return "http://127.0.0.1:" + socket.getLocalPort() + "/";
  }

  long answered() {
    return answered.get();
  }

  long accepted() {
    return accepted.get();
  }

  private void acceptLoop() {
    while (!socket.isClosed()) {
      try {
        Socket client = socket.accept();
        accepted.incrementAndGet();
        pool.execute(() -> serve(client));
      } catch (IOException e) {
        return;
      }
    }
  }

  private void serve(Socket client) {
    try (client; InputStream in = client.getInputStream(); OutputStream out = client.getOutputStream()) {
      client.setTcpNoDelay(true);
      while (readHead(in)) {
        out.write(response);
        out.flush();
        answered.incrementAndGet();
        if (closeAfterResponse) {
          return;
        }
      }
    } catch (IOException e) {
      // the client went away
    }
  }

  /** Reads one request head (GET: no body); false at the end of the stream. */
  private static boolean readHead(InputStream in) throws IOException {
    int matched = 0;
    int b;
    while ((b = in.read()) >= 0) {
      matched = b == '\n' ? (matched == 1 || matched == 3 ? matched + 1 : 0)
          : b == '\r' ? (matched == 0 || matched == 2 ? matched + 1 : 1) : 0;
      if (matched == 4) {
        return true;
      }
    }
    return false;
  }

  @Override
  public void close() throws IOException {
    socket.close();
    pool.shutdownNow();
  }
}
