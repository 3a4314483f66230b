package io.jtune.experiment.suggest;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.common.jvm.JvmOption;
import io.jtune.experiment.run.JvmCheck;
import java.util.List;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The JDK spans of the option catalogue against the flags the JDKs installed here have. */
class JvmOptionJdkTest {

  /** The catalogue's JDK spans agree with the JDK's own list of flags (diagnostic and experimental ones unlocked). */
  @ParameterizedTest
  @MethodSource("io.jtune.experiment.suggest.JstatChild#installedJdks")
  void tableAgreesWithARealJdk(Path javaHome) throws Exception {
    Process p = new ProcessBuilder(javaHome.resolve("bin/java").toString(), "-XX:+UnlockDiagnosticVMOptions",
        "-XX:+UnlockExperimentalVMOptions", "-XX:+PrintFlagsFinal", "-version").redirectErrorStream(true).start();
    p.getOutputStream().close();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
    int major = major(out);
    Assumptions.assumeTrue(major > 0, "no version in the output of " + javaHome);
    Set<String> present = new HashSet<>();
    out.lines().map(String::trim).map(l -> l.split("\\s+")).filter(w -> w.length >= 3).forEach(w -> present.add(w[1]));
    assertThat(present).as("flags of " + javaHome).contains("UseG1GC", "MaxGCPauseMillis");
    for (JvmOption o : JvmOption.values()) {
      if (o.span().isEmpty() || o == JvmOption.USE_SHENANDOAH_GC && !present.contains(o.option())) {
        continue; // the catalogue says "from 12" for Shenandoah; some vendors (Oracle) leave it out of their builds
      }
      assertThat(present.contains(o.option())).as("JDK %d (%s) has %s", major, javaHome, o.option())
          .isEqualTo(o.span().get().covers(major));
    }
  }

  /**
   * The catalogue's deprecations agree with the JDK's own warning ("Option X was deprecated in
   * version N"), read by the check every candidate passes before an experiment.
   */
  @ParameterizedTest
  @MethodSource("io.jtune.experiment.suggest.JstatChild#installedJdks")
  void deprecationsAgreeWithARealJdk(Path javaHome) {
    int checked = 0;
    for (JvmOption o : JvmOption.values()) {
      if (o.deprecatedIn() == 0) {
        continue;
      }
      String flag = o.kind() == JvmOption.Kind.SWITCH ? o.on() : o.set(2);
      JvmCheck.Result r = JvmCheck.check(javaHome, List.of("-XX:+UnlockDiagnosticVMOptions",
          "-XX:+UnlockExperimentalVMOptions", flag));
      if (!o.existsIn(r.major())) {
        continue;
      }
      checked++;
      assertThat(r.accepted()).as("JDK %d accepts %s: %s", r.major(), flag, r.complaint()).isTrue();
      assertThat(r.deprecations().stream().anyMatch(d -> d.contains("Option " + o.option() + " was deprecated")))
          .as("JDK %d warns that %s is deprecated: %s", r.major(), o.option(), r.deprecations())
          .isEqualTo(r.major() >= o.deprecatedIn());
    }
    assertThat(checked).as("options of the catalogue deprecated in some JDK and present in this one").isPositive();
  }

  private static int major(String versionOutput) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("version \"(1\\.)?(\\d+)").matcher(versionOutput);
    return m.find() ? Integer.parseInt(m.group(2)) : -1;
  }
}
