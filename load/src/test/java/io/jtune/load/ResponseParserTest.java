package io.jtune.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ResponseParserTest {
  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  /** Feeds the response in pieces of {@code piece} bytes; returns bytes used. */
  private static int feedInPieces(ResponseParser p, byte[] all, int piece) {
    int pos = 0;
    while (pos < all.length && !p.isComplete() && !p.hasFailed()) {
      int end = Math.min(all.length, pos + piece);
      pos = p.feed(all, pos, end);
    }
    return pos;
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 7, 1000})
  void contentLengthResponseEndsAfterItsBodyWhateverThePieces(int piece) {
    String body = "hello world";
    byte[] response = bytes("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\ncontent-length: " + body.length()
        + "\r\n\r\n" + body + "HTTP/1.1 next");
    ResponseParser p = new ResponseParser();
    p.start(false);
    int used = feedInPieces(p, response, piece);
    assertThat(p.isComplete()).isTrue();
    assertThat(p.status()).isEqualTo(200);
    assertThat(p.closesConnection()).isFalse();
    assertThat(used).isEqualTo(response.length - "HTTP/1.1 next".length());
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 3, 1000})
  void chunkedResponseEndsAfterTheLastChunkAndTrailers(int piece) {
    byte[] response = bytes("HTTP/1.1 503 Service Unavailable\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
        + "5\r\nhello\r\n1a;ext=1\r\nabcdefghijklmnopqrstuvwxyz\r\n0\r\nX-Trailer: t\r\n\r\n");
    ResponseParser p = new ResponseParser();
    p.start(false);
    int used = feedInPieces(p, response, piece);
    assertThat(p.isComplete()).isTrue();
    assertThat(used).isEqualTo(response.length);
    assertThat(p.status()).isEqualTo(503);
    assertThat(p.closesConnection()).isTrue();
  }

  @Test
  void responseWithoutLengthEndsWithTheStream() {
    byte[] response = bytes("HTTP/1.0 200 OK\r\n\r\nsome body");
    ResponseParser p = new ResponseParser();
    p.start(false);
    p.feed(response, 0, response.length);
    assertThat(p.isComplete()).isFalse();
    assertThat(p.endOfStream()).isTrue();
    assertThat(p.closesConnection()).isTrue();
  }

  @Test
  void headResponseHasNoBodyDespiteItsLength() {
    byte[] response = bytes("HTTP/1.1 200 OK\r\nContent-Length: 500\r\n\r\n");
    ResponseParser p = new ResponseParser();
    p.start(true);
    p.feed(response, 0, response.length);
    assertThat(p.isComplete()).isTrue();
  }

  @Test
  void interimResponseIsSkipped() {
    byte[] response = bytes("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 204 No Content\r\n\r\n");
    ResponseParser p = new ResponseParser();
    p.start(false);
    int used = p.feed(response, 0, response.length);
    assertThat(p.isComplete()).isTrue();
    assertThat(p.status()).isEqualTo(204);
    assertThat(used).isEqualTo(response.length);
  }

  @ParameterizedTest
  @ValueSource(strings = {"SSH-2.0-OpenSSH_9.2\r\n", "HTTP/2 200\r\n\r\n", "HTTP/1.1 2x0 OK\r\n\r\n",
      "HTTP/1.1 200 OK\r\nContent-Length: abc\r\n\r\n", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
      "HTTP/1.1 999 Odd\r\n\r\n", "HTTP/1.1 600 X\r\n\r\n", "HTTP/1.1 099 X\r\n\r\n"})
  void nonHttpBytesFail(String garbage) {
    byte[] response = bytes(garbage);
    ResponseParser p = new ResponseParser();
    p.start(false);
    p.feed(response, 0, response.length);
    assertThat(p.hasFailed()).isTrue();
    assertThat(p.failure()).isNotBlank();
  }

  @Test
  void knowsWhetherAnyByteOfTheResponseArrived() {
    ResponseParser p = new ResponseParser();
    p.start(false);
    assertThat(p.receivedNothing()).isTrue();
    byte[] piece = bytes("H");
    p.feed(piece, 0, 1);
    assertThat(p.receivedNothing()).isFalse();
    p.start(false);
    byte[] blank = bytes("\n");
    p.feed(blank, 0, 1);
    assertThat(p.receivedNothing()).as("a lone line end is a byte too").isFalse();
  }
}
