package io.jtune.load;

import java.util.Locale;

/**
 * Who the load's connections stand for: with {@code cookies} each connection is a virtual user
 * that keeps the cookies its responses set ({@link CookieJar}) and sends them back, as a browser
 * does; with {@code requestsPerUser} above 0 a user leaves after that many requests and a new one
 * takes its connection with no cookies (the service sees new sessions at rate / requestsPerUser
 * per second), else a user lasts the whole run.
 *
 * @param cookies whether each user keeps the cookies set by the responses it gets
 * @param requestsPerUser requests one user sends before a new one takes over, 0 for the whole run
 */
public record VirtualUsers(boolean cookies, long requestsPerUser) {
  /** No cookies kept: every request is sent as the template gives it. */
  public static final VirtualUsers NONE = new VirtualUsers(false, 0);

  public VirtualUsers {
    if (requestsPerUser < 0) {
      throw new LoadException("requests per user must be at least 1, got " + requestsPerUser);
    }
    if (requestsPerUser > 0 && !cookies) {
      // a user who leaves only differs from the next one by its cookies
      throw new LoadException("requests per user need cookies kept per user: without them every user sends the"
          + " same requests");
    }
  }

  /** Whether users come and go (a new one after {@link #requestsPerUser()} requests). */
  public boolean rotate() {
    return requestsPerUser > 0;
  }

  /**
   * What the run's users were, for the report: {@code cookies kept per user; 1,250 users of up
   * to 20 requests each} ({@code started}: the users that sent at least one request).
   */
  public String describe(long started) {
    if (!cookies) {
      return "no cookies kept";
    }
    return String.format(Locale.US, "cookies kept per user; %,d user%s", started, started == 1 ? "" : "s")
        + (rotate() ? String.format(Locale.US, " of up to %,d request%s each", requestsPerUser,
            requestsPerUser == 1 ? "" : "s") : ", one per connection for the whole run");
  }
}
