package io.jtune.lab;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;

/**
 * {@code /session?kb=&ttl=}: creates (or reuses, with a cookie) an HTTP session and stores
 * {@code kb} KiB in it, kept for the session's lifetime ({@code ttl} seconds, 30 min by
 * default, as a JSP's implicit session): clients without cookies leak one session per request,
 * a classic session leak that fills the old generation.
 */
final class SessionEndpoint {
  static final int DEFAULT_TTL_SECONDS = 30 * 60;

  String handle(RequestParams params, HttpServletRequest request) {
    int kb = (int) params.number("kb", 16, 0, 10_240);
    int ttl = (int) params.number("ttl", DEFAULT_TTL_SECONDS, 1, 24 * 3600);
    HttpSession session = request.getSession(true);
    session.setMaxInactiveInterval(ttl);
    byte[] payload = new byte[kb * 1024];
    for (int p = 0; p < payload.length; p += 4096) {
      payload[p] = 1;
    }
    int index = 0;
    while (session.getAttribute("payload-" + index) != null) {
      index++;
    }
    session.setAttribute("payload-" + index, payload);
    return "ok session=" + session.getId() + " kb=" + kb + " ttl=" + ttl + "\n";
  }
}
