package io.jtune.load;

import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A JDK HTTP server on 127.0.0.1 that keeps sessions as a servlet container does: a request
 * without a known {@code sid} cookie starts a session and gets {@code Set-Cookie: sid=...}. It
 * counts sessions and requests with and without their cookie, and checks what the client keeps:
 * <ul>
 *   <li>the first response of a session also sets {@code tmp}, {@code old} and {@code theme=light};
 *       the second deletes {@code tmp} (Max-Age=0) and {@code old} (an Expires in 1970): a later
 *       request carrying either is counted in {@link #deletedSentAgain};
 *   <li>every request may carry at most one Cookie header ({@link #severalCookieHeaders}).
 * </ul>
 * With {@code refreshing} it instead sets only {@code sid} and, on every response, {@code n} to
 * the session's request count (six digits): a Set-Cookie on each response, and no deletion.
 */
final class SessionServer implements AutoCloseable {
  static {
    System.setProperty("sun.net.httpserver.nodelay", "true");
  }

  /** The prefix of every session id: a value that must never appear in a result. */
  static final String SECRET = "s3cr3t-";
  private static final byte[] OK = "ok\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  final AtomicLong sessions = new AtomicLong();
  final AtomicLong withCookie = new AtomicLong();
  final AtomicLong withoutCookie = new AtomicLong();
  final AtomicLong unknownSession = new AtomicLong();
  final AtomicLong deletedSentAgain = new AtomicLong();
  final AtomicLong severalCookieHeaders = new AtomicLong();
  /** Requests whose Cookie header held {@code theme=dark}, and those that held {@code theme=light}. */
  final AtomicLong darkTheme = new AtomicLong();
  final AtomicLong lightTheme = new AtomicLong();
  /** Requests by session id. */
  final Map<String, AtomicInteger> requestsBySession = new ConcurrentHashMap<>();
  private final HttpServer server;
  private final ExecutorService pool = Executors.newFixedThreadPool(4);

  SessionServer(boolean refreshing) throws IOException {
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 128);
    server.createContext("/", exchange -> {
      try (InputStream in = exchange.getRequestBody()) {
        in.transferTo(OutputStream.nullOutputStream());
      }
      List<String> cookieHeaders = exchange.getRequestHeaders().getOrDefault("Cookie", List.of());
      if (cookieHeaders.size() > 1) {
        severalCookieHeaders.incrementAndGet();
      }
      Map<String, String> cookies = new java.util.HashMap<>();
      for (String header : cookieHeaders) {
        for (String pair : header.split(";")) {
          String[] nv = pair.strip().split("=", 2);
          if (nv.length == 2) {
            cookies.putIfAbsent(nv[0], nv[1]);
            if (nv[0].equals("theme")) {
              (nv[1].equals("dark") ? darkTheme : lightTheme).incrementAndGet();
            }
          }
        }
      }
      Headers out = exchange.getResponseHeaders();
      String sid = cookies.get("sid");
      AtomicInteger count = sid == null ? null : requestsBySession.get(sid);
      if (sid != null && count == null) {
        unknownSession.incrementAndGet();
      }
      if (count == null) {
        withoutCookie.incrementAndGet();
        sid = SECRET + sessions.incrementAndGet();
        count = new AtomicInteger();
        requestsBySession.put(sid, count);
        out.add("Set-Cookie", "sid=" + sid + "; Path=/; HttpOnly");
        if (!refreshing) {
          out.add("Set-Cookie", "tmp=" + SECRET + "tmp; Max-Age=600");
          out.add("Set-Cookie", "old = " + SECRET + "old ; Path=/x");
          out.add("Set-Cookie", "theme=light");
        }
      } else {
        withCookie.incrementAndGet();
      }
      int n = count.incrementAndGet();
      if (refreshing) {
        out.add("Set-Cookie", String.format("n=%06d; Max-Age=1800", n));
      } else {
        if (n == 2) {
          out.add("Set-Cookie", "tmp=; Max-Age=0");
          out.add("Set-Cookie", "old=; Expires=Thu, 01-Jan-1970 00:00:10 GMT; Path=/x");
        }
        if (n > 2 && (cookies.containsKey("tmp") || cookies.containsKey("old"))) {
          deletedSentAgain.incrementAndGet();
        }
      }
      exchange.sendResponseHeaders(200, OK.length);
      try (OutputStream body = exchange.getResponseBody()) {
        body.write(OK);
      }
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
