package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * {@code jtune analyze FILE...}: every input given reaches one analysis, in every format. What
 * the analysis makes of several JVMs' logs is tested with it (gc module, JvmLifetimesTest).
 */
class AnalyzeSeveralInputsTest {
  @Test
  void everyFileGivenIsOneInputOfOneAnalysis() throws IOException {
    List<String> set;
    try (Stream<Path> s = Files.list(CliRun.corpus().resolve("gctoolkit-testdata"))) {
      set = s.filter(p -> p.getFileName().toString().contains("short_restart_4.log")).sorted().map(Path::toString).toList();
    }
    assertThat(set).hasSize(5);
    List<String> args = new ArrayList<>(List.of("analyze", "--format", "json"));
    args.addAll(set);
    CliRun json = CliRun.of(args.toArray(String[]::new));
    assertThat(json.exitCode()).as(json.err()).isZero();
    List<String> inputs = new ArrayList<>();
    for (JsonNode jvm : new ObjectMapper().readTree(json.out()).path("jvms")) {
      jvm.path("inputs").forEach(i -> inputs.add(i.asText()));
    }
    assertThat(inputs).containsExactlyInAnyOrderElementsOf(set);

    args.subList(1, 3).clear();
    CliRun text = CliRun.of(args.toArray(String[]::new));
    assertThat(text.exitCode()).as(text.err()).isZero();
    assertThat(text.out()).startsWith("JVM lifetimes\n");
    assertThat(text.out().lines().filter(l -> l.contains("short_restart_4.log"))).hasSize(5);
  }
}
