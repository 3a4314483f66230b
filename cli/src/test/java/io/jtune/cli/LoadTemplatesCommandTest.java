package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jtune load} with templates and a data file, against a real server on 127.0.0.1 that
 * records each request's path and body: what the server sees is what the templates say, and a
 * template that cannot be filled is a one-line usage error before any request.
 */
class LoadTemplatesCommandTest {
  @TempDir Path dir;

  private final List<String> seen = new CopyOnWriteArrayList<>();
  private LocalHttpServer server;

  @BeforeEach
  void start() throws Exception {
    server = LocalHttpServer.recording(seen, (exchange, body) -> exchange.getRequestURI().getRawPath() + " " + body,
        path -> false);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  private String url(String path) {
    return server.url() + path;
  }

  @Test
  void nRequestsWithAUuidInTheBodyCarryNDistinctIds() {
    CliRun r = CliRun.of("load", "--quiet", "-c", "4", "-n", "500", "-X", "POST", "--body", "{\"order\": \"${uuid}\"}",
        url("/orders"));
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(seen).hasSize(500);
    HashSet<String> ids = new HashSet<>();
    for (String s : seen) {
      assertThat(s).matches("/orders \\{\"order\": \"[0-9a-f-]{36}\"}");
      ids.add(s);
    }
    assertThat(ids).hasSize(500);
  }

  @Test
  void aDataFileIsUsedRowByRowInOrder() throws Exception {
    Path users = dir.resolve("users.csv");
    Files.writeString(users, "id,name\n7,ann\n8,bo\n9,cy\n");
    CliRun r = CliRun.of("load", "--quiet", "-c", "1", "-n", "6", "--data", users.toString(), "-X", "POST",
        "--body", "name=${name}", url("/users/${id}"));
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(seen).containsExactly("/users/7 name=ann", "/users/8 name=bo", "/users/9 name=cy",
        "/users/7 name=ann", "/users/8 name=bo", "/users/9 name=cy");
  }

  @Test
  void anUnknownColumnOrTemplateOrAnEmptyDataFileExitsTwoBeforeAnyRequest() throws Exception {
    Path users = dir.resolve("users.csv");
    Files.writeString(users, "id,name\n7,ann\n");
    CliRun r = CliRun.of("load", "--quiet", "-n", "5", "--data", users.toString(), url("/users/${user_id}"));
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err().lines().toList()).hasSize(1);
    assertThat(r.err()).startsWith("jtune: the URL ").contains("refers to ${user_id}, which is neither a column of "
        + users + " (its columns: id, name)");

    r = CliRun.of("load", "--quiet", "-n", "5", "--body", "${uid}", url("/"));
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err().lines().toList()).hasSize(1);
    assertThat(r.err()).contains("the request body refers to ${uid}, which is no template name");

    Path empty = dir.resolve("empty.csv");
    Files.writeString(empty, "id,name\n");
    r = CliRun.of("load", "--quiet", "-n", "5", "--data", empty.toString(), url("/users/${id}"));
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).isEqualTo("jtune: data file " + empty + " has no rows, only its columns: id, name\n");

    r = CliRun.of("load", "--quiet", "-n", "5", "--data", users.toString(), "--data-order", "backwards", url("/"));
    assertThat(r.exitCode()).isEqualTo(2);
    assertThat(r.err()).contains("use sequential, random or shuffle");
    assertThat(seen).isEmpty();
  }

  @Test
  void aBinaryBodyIsAcceptedAndSentAsItIs() throws Exception {
    Path doc = dir.resolve("report.docx");
    byte[] bytes = {'P', 'K', 3, 4, (byte) 0xFF, (byte) 0xFE, 0, (byte) 0xC3, '$', '{', 'x'};
    Files.write(doc, bytes);
    CliRun r = CliRun.of("load", "--quiet", "-n", "3", "-X", "PUT", "--body", "@" + doc, url("/doc"));
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(seen).hasSize(3);
    assertThat(seen.get(0)).isEqualTo("/doc " + new String(bytes, StandardCharsets.UTF_8));
  }
}
