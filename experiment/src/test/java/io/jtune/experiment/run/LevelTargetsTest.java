package io.jtune.experiment.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.LevelRequest;
import io.jtune.load.RequestTemplate;
import io.jtune.load.VirtualUsers;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A level's URLs become load targets with the level's method, headers and body. */
class LevelTargetsTest {
  @Test
  void everyUrlOfALevelSendsItsMethodHeadersAndBody() {
    LevelRequest post = new LevelRequest("POST", List.of("Authorization: Bearer t0ken"), "{\"id\": 1}", true);
    Level level = new Level("high", 100, 8, List.of("3 /orders", "https://127.0.0.1:8443/bulk"),
        Duration.ZERO, Duration.ofSeconds(1), Duration.ofSeconds(1), Map.of(), 0, post);
    List<RequestTemplate> targets = LevelLoad.targets(level, URI.create("https://127.0.0.1:8443"));
    assertThat(targets).hasSize(2);
    assertThat(targets.get(0).url()).isEqualTo(URI.create("https://127.0.0.1:8443/orders"));
    assertThat(targets.get(0).weight()).isEqualTo(3);
    assertThat(targets.get(1).url()).isEqualTo(URI.create("https://127.0.0.1:8443/bulk"));
    for (RequestTemplate t : targets) {
      assertThat(t.isTls()).isTrue();
      assertThat(t.method()).isEqualTo("POST");
      assertThat(t.headers()).containsExactly("Authorization: Bearer t0ken");
      assertThat(new String(t.body(), StandardCharsets.UTF_8)).isEqualTo("{\"id\": 1}");
    }
    assertThat(LevelLoad.loadPlan(level, URI.create("https://127.0.0.1:8443")).insecure()).isTrue();
    Level checked = new Level("low", 0, 2, List.of("/"), Duration.ZERO, Duration.ofSeconds(1), Duration.ofSeconds(1),
        Map.of(), 0);
    assertThat(LevelLoad.loadPlan(checked, URI.create("https://127.0.0.1:8443")).insecure()).isFalse();
    assertThat(LevelLoad.loadPlan(checked, URI.create("https://127.0.0.1:8443")).users()).isEqualTo(VirtualUsers.NONE);
  }

  @Test
  void aLevelsUsersKeepTheirCookiesInItsLoad() {
    LevelRequest users = new LevelRequest("GET", List.of(), "", false, List.of(), null, null, null,
        new VirtualUsers(true, 20));
    Level level = new Level("sessions", 250, 32, List.of("/examples/jsp/num/numguess.jsp"), Duration.ZERO,
        Duration.ofSeconds(1), Duration.ofSeconds(1), Map.of(), 0, users);
    assertThat(LevelLoad.loadPlan(level, URI.create("http://127.0.0.1:8080")).users())
        .isEqualTo(new VirtualUsers(true, 20));
  }
}
