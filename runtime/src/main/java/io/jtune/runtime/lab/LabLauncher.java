package io.jtune.runtime.lab;

import io.jtune.common.JtuneException;
import io.jtune.lab.catalog.LabScenario;
import io.jtune.lab.catalog.ScenarioCatalog;
import io.jtune.runtime.process.ChildJvmSpec;
import io.jtune.runtime.process.ChildProcess;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.jar.JarFile;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;

/**
 * The jtune lab as a service to tune: finds the lab jar, reads its scenarios and starts it
 * as a child JVM with a scenario's flags, returning once it serves.
 */
public final class LabLauncher {
  /** System property naming the lab jar; wins over {@code jtune.home}. */
  public static final String JAR_PROPERTY = "jtune.lab.jar";
  /** The lab jar's place under jtune's home. */
  public static final String JAR_IN_HOME = "lab/target/jtune-lab.jar";
  /** The stdout line by which the lab announces its URL. */
  public static final Pattern LISTENING = Pattern.compile("^jtune-lab listening on (http://\\S+:(\\d+))$");

  private static final String CATALOG = ScenarioCatalog.RESOURCE;

  private final Path jar;
  private final List<LabScenario> scenarios;

  private LabLauncher(Path jar, List<LabScenario> scenarios) {
    this.jar = jar;
    this.scenarios = List.copyOf(scenarios);
  }

  /** The lab jar named by {@code jtune.lab.jar}, else under {@code jtune.home}. */
  public static LabLauncher locate() {
    return at(locateJar());
  }

  /** The lab in the given jar; throws {@link JtuneException} if it is not a lab jar. */
  public static LabLauncher at(Path jar) {
    return new LabLauncher(jar, readScenarios(jar));
  }

  /** Where the lab jar is; throws {@link JtuneException} with one line if it is missing. */
  public static Path locateJar() {
    String named = System.getProperty(JAR_PROPERTY);
    Path jar;
    if (named != null && !named.isBlank()) {
      jar = Path.of(named);
    } else {
      String home = System.getProperty("jtune.home");
      if (home == null || home.isBlank()) {
        throw new JtuneException("cannot find the lab jar: set -D" + JAR_PROPERTY
            + "=PATH or run jtune through ./jtune (which sets jtune.home)");
      }
      jar = Path.of(home).resolve(JAR_IN_HOME);
    }
    if (!Files.isRegularFile(jar)) {
      throw new JtuneException("lab jar not found at " + jar
          + ": build it with 'mvn -B -q -DskipTests package' (./jtune does) or set -D" + JAR_PROPERTY);
    }
    return jar.toAbsolutePath();
  }

  public Path jar() {
    return jar;
  }

  public List<LabScenario> scenarios() {
    return scenarios;
  }

  /** The named scenario; throws {@link JtuneException} listing the known ones. */
  public LabScenario scenario(String name) {
    return scenarios.stream().filter(s -> s.name().equals(name)).findFirst()
        .orElseThrow(() -> new JtuneException("unknown lab scenario '" + name + "'; known: "
            + String.join(", ", scenarios.stream().map(LabScenario::name).toList())));
  }

  /** The child JVM command for a launch, in {@link ChildJvmSpec}'s order. */
  public ChildJvmSpec spec(LabLaunch launch) {
    LabScenario s = scenario(launch.scenario());
    List<String> flags = new ArrayList<>(s.jvmFlags());
    List<String> args = new ArrayList<>(List.of("--scenario", s.name(), "--port", Integer.toString(launch.port())));
    args.addAll(s.labArgs());
    if (launch.applyFix()) {
      flags.addAll(s.fixFlags());
      args.addAll(s.fixLabArgs());
    }
    flags.addAll(launch.extraJvmFlags());
    args.addAll(launch.extraLabArgs());
    return new ChildJvmSpec(launch.javaHome(), flags, jar, args, "--parent-pid", Path.of("").toAbsolutePath());
  }

  /** Starts the lab and returns once {@code /ready} answers 200. */
  public RunningLab start(LabLaunch launch) {
    return start(launch, null);
  }

  /** Starts the lab, passing its output lines to {@code echo}; returns once it serves. */
  public RunningLab start(LabLaunch launch, Consumer<String> echo) {
    LabScenario s = scenario(launch.scenario());
    ChildProcess jvm = ChildProcess.start(spec(launch).processSpec().withLimits(launch.limits()), echo);
    try {
      Matcher m = jvm.awaitStdout(LISTENING, launch.readyTimeout());
      URI url = URI.create(m.group(1));
      jvm.awaitReady(url.resolve("/ready"), launch.readyTimeout());
      return new RunningLab(url, Integer.parseInt(m.group(2)), s, jvm);
    } catch (RuntimeException e) {
      jvm.stop(Duration.ofSeconds(2));
      throw e;
    }
  }

  private static List<LabScenario> readScenarios(Path jar) {
    try (JarFile file = new JarFile(jar.toFile())) {
      ZipEntry entry = file.getEntry(CATALOG);
      if (entry == null) {
        throw new JtuneException(jar + " is not a jtune lab jar (no " + CATALOG + ")");
      }
      try (InputStream in = file.getInputStream(entry)) {
        return ScenarioCatalog.read(in).all();
      }
    } catch (IOException e) {
      throw new JtuneException("cannot read the lab jar " + jar + ": " + e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      throw new JtuneException(jar + ": " + e.getMessage(), e);
    }
  }
}
