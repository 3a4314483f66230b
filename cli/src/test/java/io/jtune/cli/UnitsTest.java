package io.jtune.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The same units everywhere: durations with ms/s/m/h, sizes with k/m/g, plain numbers as before. */
@ExtendWith(UseLabJar.class)
class UnitsTest {
  private static final String LOG =
      CliRun.corpusFile("GCViewer/src__test__resources__openjdk__SampleSun1_8_0Series-Part4.txt").toString();

  private static String analyze(String... options) {
    String[] args = new String[options.length + 4];
    args[0] = "analyze";
    args[1] = "--format";
    args[2] = "json";
    System.arraycopy(options, 0, args, 3, options.length);
    args[args.length - 1] = LOG;
    CliRun r = CliRun.of(args);
    assertThat(r.exitCode()).as(r.err()).isZero();
    return r.out();
  }

  /** Every spelling in {@code same} analyzes as the plain number does; {@code other} does not. */
  private static String assertSameAs(String option, String plain, String other, String... same) {
    String expected = analyze(option, plain);
    for (String value : same) {
      assertThat(analyze(option, value)).as(option + " " + value).isEqualTo(expected);
    }
    assertThat(analyze(option, other)).as(option + " " + other).isNotEqualTo(expected);
    return expected;
  }

  @Test
  void windowTakesAnyDurationUnitAndPlainSecondsAsBefore() {
    assertSameAs("--window", "30", "1m", "30s", "0.5m", "30000ms");
  }

  @Test
  void pauseTargetTakesAnyDurationUnitAndPlainMillisecondsAsBefore() {
    assertThat(assertSameAs("--pause-target", "5", "5s", "5ms", "0.005s")).contains("\"long-young-pauses\"");
  }

  @Test
  void aBadDurationIsAUsageError() {
    for (String[] args : new String[][] {
        {"analyze", "--pause-target", "50us", LOG}, {"load", "--timeout", "soon", "http://127.0.0.1:1/"},
        {"capacity", "--cpu-time", "2x", "http://127.0.0.1:1/"}, {"suggest", "--pause-target", "-5ms", LOG}}) {
      CliRun r = CliRun.of(args);
      assertThat(r.exitCode()).as(String.join(" ", args)).isEqualTo(2);
      assertThat(r.err()).contains("is not a duration (e.g. 500ms, 10s, 2m, 1h)").doesNotContain("Exception");
    }
  }

  @Test
  void labSizesTakeKMG() {
    assertThat(labCommand("--cache-size", "256m")).contains(" --cache-mb 256");
    assertThat(labCommand("--cache-size", "1G")).contains(" --cache-mb 1024");
    assertThat(labCommand("--live-size", "524288k")).contains(" --live-mb 512");
    CliRun notWhole = CliRun.of("lab", "--print", "--cache-size", "512k");
    assertThat(notWhole.exitCode()).isEqualTo(2);
    assertThat(notWhole.err().strip())
        .isEqualTo("jtune: --cache-size must be whole megabytes (e.g. 64m or 1g), got 524288 bytes");
    CliRun bad = CliRun.of("lab", "--print", "--live-size", "12q");
    assertThat(bad.exitCode()).isEqualTo(2);
    assertThat(bad.err()).contains("'12q' is not a size (e.g. 512k, 256m, 1g)");
  }

  /** The lab's command line as {@code jtune lab --print} shows it. */
  private static String labCommand(String... options) {
    String[] args = new String[options.length + 2];
    args[0] = "lab";
    args[1] = "--print";
    System.arraycopy(options, 0, args, 2, options.length);
    CliRun r = CliRun.of(args);
    assertThat(r.exitCode()).as(r.err()).isZero();
    return r.out().lines().filter(l -> l.startsWith("command ")).findFirst().orElseThrow();
  }
}
