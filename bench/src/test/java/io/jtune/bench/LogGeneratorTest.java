package io.jtune.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LogGeneratorTest {
  private static final Path CORPUS = Path.of(System.getProperty("jtune.corpus", "../testdata/gclogs"));
  private static final long TARGET = 10L << 20;

  @TempDir
  Path dir;

  @Test
  void unifiedG1RepetitionsKeepUptimeMonotonicAndGcIdsUnique() throws IOException {
    Path template = CORPUS.resolve(ToolComparison.LogKind.G1_UNIFIED.template);
    Path out = dir.resolve("g1.log");
    long size = LogGenerator.generate(template, out, TARGET);

    assertThat(size).isEqualTo(Files.size(out)).isGreaterThanOrEqualTo(TARGET);
    List<String> lines = Files.readAllLines(out, StandardCharsets.ISO_8859_1);
    assertThat(lines.stream().filter(l -> l.contains("Using G1"))).hasSize(1);
    assertThat(lines.get(lines.size() - 1)).contains("[gc,heap,exit");
    assertThat(lines.stream().filter(l -> l.contains("[gc,heap,exit") && l.endsWith("Heap"))).hasSize(1);

    Pattern uptime = Pattern.compile("^\\[(\\d+\\.\\d{3})s]");
    Pattern pauseStart = Pattern.compile("\\[gc,start\\s*] GC\\((\\d+)\\) Pause");
    double last = -1;
    Set<Long> ids = new HashSet<>();
    long repeatedPauses = 0;
    for (String l : lines) {
      Matcher m = uptime.matcher(l);
      assertThat(m.find()).as(l).isTrue();
      double u = Double.parseDouble(m.group(1));
      assertThat(u).as(l).isGreaterThanOrEqualTo(last);
      last = u;
      Matcher p = pauseStart.matcher(l);
      if (p.find()) {
        repeatedPauses++;
        assertThat(ids.add(Long.parseLong(p.group(1)))).as("GC id unique: " + l).isTrue();
      }
    }
    long templatePauses = Files.readAllLines(template, StandardCharsets.ISO_8859_1).stream()
        .filter(l -> pauseStart.matcher(l).find()).count();
    assertThat(repeatedPauses).isGreaterThanOrEqualTo(2 * templatePauses);
  }

  @Test
  void jdk8ParNewCmsRepetitionsKeepDatesUptimesAndInvocationsMonotonic() throws IOException {
    Path template = CORPUS.resolve(ToolComparison.LogKind.PARNEW_CMS.template);
    Path out = dir.resolve("cms.log");
    LogGenerator.generate(template, out, TARGET);

    List<String> lines = Files.readAllLines(out, StandardCharsets.ISO_8859_1);
    assertThat(lines.stream().filter(l -> l.startsWith("CommandLine flags:"))).hasSize(1);
    assertThat(lines.get(0)).contains("GC log file created");

    Pattern stamp = Pattern.compile("^(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}[+-]\\d{4}): (\\d+\\.\\d{3}): ");
    Pattern invocations = Pattern.compile("^\\{Heap before GC invocations=(\\d+)");
    DateTimeFormatter iso = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSZ");
    OffsetDateTime lastDate = null;
    double lastUptime = -1;
    long lastInvocation = -1;
    long records = 0;
    for (String l : lines) {
      Matcher m = stamp.matcher(l);
      if (m.find()) {
        OffsetDateTime d = OffsetDateTime.parse(m.group(1), iso);
        double u = Double.parseDouble(m.group(2));
        assertThat(u).as(l).isGreaterThanOrEqualTo(lastUptime);
        if (lastDate != null) {
          assertThat(d).as(l).isAfterOrEqualTo(lastDate);
        }
        lastDate = d;
        lastUptime = u;
        records++;
      }
      Matcher inv = invocations.matcher(l);
      if (inv.find()) {
        long n = Long.parseLong(inv.group(1));
        assertThat(n).as(l).isGreaterThan(lastInvocation);
        lastInvocation = n;
      }
    }
    assertThat(records).isGreaterThan(1000);
  }

  @Test
  void denseJdk8LogKeepsEveryStampOfALineMonotonic() throws IOException {
    Path out = dir.resolve("dense.log");
    LogGenerator.generate(CORPUS.resolve(ToolComparison.LogKind.PARNEW_CMS_DENSE.template), out, TARGET);

    Pattern stamp = Pattern.compile("(?<![\\d.])(\\d+\\.\\d{3}): ");
    double last = -1;
    long stamps = 0;
    for (String l : Files.readAllLines(out, StandardCharsets.ISO_8859_1)) {
      Matcher m = stamp.matcher(l);
      while (m.find()) {
        double u = Double.parseDouble(m.group(1));
        assertThat(u).as(l).isGreaterThanOrEqualTo(last);
        last = u;
        stamps++;
      }
    }
    assertThat(stamps).isGreaterThan(50_000);
  }

  @Test
  void shiftsEveryStampKindByTheTemplateSpan() throws IOException {
    String log = String.join("\n",
        "[2020-01-01T00:00:00.000+0000][1.000s][1000ms][1000000000ns][info][gc] Using G1",
        "[2020-01-01T00:00:01.000+0000][2.000s][2000ms][2000000000ns][info][gc] GC(7) Pause Young 1M->0M(2M) 1.0ms",
        "[2020-01-01T00:00:03.000+0000][4.000s][4000ms][4000000000ns][info][gc] GC(8) Pause Young 1M->0M(2M) 1.0ms",
        "");
    LogGenerator.Template t = LogGenerator.parse(log);

    assertThat(t.unified()).isTrue();
    assertThat(t.spanMs()).isEqualTo(2000);
    assertThat(t.idSpan()).isEqualTo(2);
    String twice = render(t, 2);
    assertThat(twice).contains(
        "[2020-01-01T00:00:04.000+0000][5.000s][5000ms][5000000000ns][info][gc] GC(9) Pause Young",
        "[2020-01-01T00:00:06.000+0000][7.000s][7000ms][7000000000ns][info][gc] GC(10) Pause Young");
    assertThat(twice).startsWith("[2020-01-01T00:00:00.000+0000][1.000s]");
  }

  /** Writes the template twice: first to learn one repetition's size, then to just past it. */
  private static String render(LogGenerator.Template t, int repetitions) throws IOException {
    LogGenerator.CountingStream probe = new LogGenerator.CountingStream(OutputStream.nullOutputStream());
    LogGenerator.write(t, probe, 1);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    LogGenerator.write(t, new LogGenerator.CountingStream(bytes), probe.count * (repetitions - 1) + 1);
    return bytes.toString(StandardCharsets.ISO_8859_1);
  }
}
