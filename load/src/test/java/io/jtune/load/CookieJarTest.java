package io.jtune.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a user's cookie jar keeps from Set-Cookie headers, and the Cookie header it writes into a request. */
class CookieJarTest {
  private static void set(CookieJar jar, String setCookieValue) {
    byte[] b = ("Set-Cookie:" + setCookieValue).getBytes(StandardCharsets.ISO_8859_1);
    jar.set(b, "Set-Cookie:".length(), b.length);
  }

  private static List<String> pairs(CookieJar jar) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < jar.size(); i++) {
      out.add(jar.pair(i));
    }
    return out;
  }

  private static String request(CookieJar jar, String request) {
    byte[] b = ("xx" + request + "yy").getBytes(StandardCharsets.ISO_8859_1);
    ByteSink out = new ByteSink(16);
    jar.addTo(b, 2, b.length - 4, out);
    return new String(out.bytes, 0, out.length, StandardCharsets.ISO_8859_1);
  }

  @Test
  void keepsNameAndValueReplacesByNameAndDeletesOnMaxAgeZeroOrAPastExpires() {
    CookieJar jar = new CookieJar();
    set(jar, " JSESSIONID=0A1B2C; Path=/examples; HttpOnly");
    set(jar, "theme = \"dark\" ; Max-Age=3600; Expires=Thu, 01 Jan 1970 00:00:00 GMT");
    set(jar, "a=1");
    set(jar, "noValue");
    set(jar, "=nameless");
    assertThat(pairs(jar)).containsExactly("JSESSIONID=0A1B2C", "theme=\"dark\"", "a=1");
    set(jar, "JSESSIONID=FFFFFF");
    set(jar, "a=longer");
    assertThat(pairs(jar)).containsExactly("JSESSIONID=FFFFFF", "theme=\"dark\"", "a=longer");
    set(jar, "theme=; max-age=0");
    set(jar, "a=x; Expires=Thu, 01-Jan-1970 00:00:10 GMT");
    set(jar, "gone=soon; Max-Age=-1");
    set(jar, "later=1; Expires=Fri, 01 Jan 2100 00:00:00 GMT");
    set(jar, "odd=1; Expires=not a date; Max-Age=soon");
    assertThat(pairs(jar)).containsExactly("JSESSIONID=FFFFFF", "later=1", "odd=1");
    jar.clear();
    assertThat(jar.isEmpty()).isTrue();
  }

  @Test
  void aCookieLongerThanTheLimitIsIgnoredAndTheFiftyFirstReplacesTheOldest() {
    CookieJar jar = new CookieJar();
    set(jar, "big=" + "x".repeat(CookieJar.MAX_COOKIE_BYTES));
    assertThat(jar.isEmpty()).isTrue();
    set(jar, "jwt=" + "y".repeat(3_000));
    for (int i = 1; i <= CookieJar.MAX_COOKIES; i++) {
      set(jar, "c" + i + "=" + i);
    }
    assertThat(jar.size()).isEqualTo(CookieJar.MAX_COOKIES);
    assertThat(jar.pair(0)).isEqualTo("c1=1");
    assertThat(jar.pair(CookieJar.MAX_COOKIES - 1)).isEqualTo("c50=50");
  }

  @Test
  void theCookieHeaderGoesAfterTheLastHeaderOrIntoTheRequestsOwn() {
    CookieJar jar = new CookieJar();
    set(jar, "sid=42");
    set(jar, "theme=light");
    assertThat(request(jar, "POST /a HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\nhi"))
        .isEqualTo("POST /a HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\nCookie: sid=42; theme=light\r\n\r\nhi");
    // the request's own Cookie header keeps its values; the jar's theme is left out, its sid added
    assertThat(request(jar, "GET / HTTP/1.1\r\ncookie: theme=dark; lang=en\r\nHost: h\r\n\r\n"))
        .isEqualTo("GET / HTTP/1.1\r\ncookie: theme=dark; lang=en; sid=42\r\nHost: h\r\n\r\n");
  }

  @Test
  void theParserHandsALongSetCookieLineToTheJarWhole() {
    CookieJar jar = new CookieJar();
    ResponseParser parser = new ResponseParser(jar);
    String jwt = "eyJ" + "a".repeat(3_000);
    byte[] response = ("HTTP/1.1 200 OK\r\nSet-Cookie: token=" + jwt + "; Secure\r\nset-cookie: b=2\r\n"
        + "Content-Length: 2\r\n\r\nok").getBytes(StandardCharsets.ISO_8859_1);
    parser.start(false);
    // fed in small reads, as the socket may deliver it
    for (int from = 0; from < response.length; from += 700) {
      parser.feed(response, from, Math.min(response.length, from + 700));
    }
    assertThat(parser.isComplete()).isTrue();
    assertThat(pairs(jar)).containsExactly("token=" + jwt, "b=2");
    // a parser of a user that keeps no cookies ignores them
    ResponseParser plain = new ResponseParser();
    plain.start(false);
    plain.feed(response, 0, response.length);
    assertThat(plain.isComplete()).isTrue();
  }
}
