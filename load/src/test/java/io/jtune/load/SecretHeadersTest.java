package io.jtune.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SecretHeadersTest {
  @Test
  void sensitiveHeadersGivenInClearAreRedactedAndReferencesKept() {
    for (String h : List.of("Authorization: Bearer t", "proxy-authorization: Basic x", "Cookie: a=b", "Set-Cookie: a=b",
        "X-Api-Key: k", "X-Auth-Token: t", "Client-Secret: s", "X-Mine: m")) {
      assertThat(SecretHeaders.forFile(h, List.of("x-mine"))).as(h).endsWith(": <redacted>")
          .startsWith(SecretHeaders.name(h));
    }
    assertThat(SecretHeaders.forFile("Authorization: Bearer ${env:TOKEN}", List.of()))
        .isEqualTo("Authorization: Bearer ${env:TOKEN}");
    assertThat(SecretHeaders.forFile("Accept: text/plain", List.of())).isEqualTo("Accept: text/plain");
    assertThat(SecretHeaders.forFile("X-Keyboard: k", List.of())).isEqualTo("X-Keyboard: k");
    assertThat(SecretHeaders.redacted("Authorization: <redacted>")).isTrue();
  }

  @Test
  void referencesResolveFromTheEnvironmentAndAnUnsetOneIsNamed() {
    Map<String, String> env = Map.of("TOKEN", "t0k$en\\1");
    assertThat(SecretHeaders.resolve("Bearer ${env:TOKEN}.", "header Authorization", env::get))
        .isEqualTo("Bearer t0k$en\\1.");
    assertThatThrownBy(() -> SecretHeaders.resolve("${env:NOPE}", "header Authorization", env::get))
        .isInstanceOf(LoadException.class).hasMessage("header Authorization refers to ${env:NOPE}, but the environment"
            + " variable NOPE is not set");
    assertThatThrownBy(() -> SecretHeaders.resolve("${env:A B}", "the request body", env::get))
        .hasMessageContaining("not an environment variable name");
  }

  @Test
  void theRequestOnTheWireCarriesTheValueAndTheTemplateTheReference() {
    String home = System.getenv("HOME");
    RequestTemplate t = new RequestTemplate(RequestTemplate.parseUrl("http://127.0.0.1/"), "POST",
        List.of("X-Home: ${env:HOME}"), "h=${env:HOME}".getBytes(StandardCharsets.UTF_8), 1);
    String wire = new String(t.requestBytes(), StandardCharsets.UTF_8);
    assertThat(wire).contains("X-Home: " + home + "\r\n").endsWith("\r\n\r\nh=" + home)
        .contains("Content-Length: " + ("h=" + home).getBytes(StandardCharsets.UTF_8).length);
    assertThat(t.headers()).containsExactly("X-Home: ${env:HOME}");
  }
}
