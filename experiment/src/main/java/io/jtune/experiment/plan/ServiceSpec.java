package io.jtune.experiment.plan;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The service under test: what the experiment starts for each run, a lab scenario or any command
 * (the plan's {@code target:}).
 *
 * @param lab the lab scenario's name, or null for a command
 * @param labArgs extra lab options (lab scenarios only)
 * @param command a command line with the placeholders {@code {jvmFlags}}, {@code {port}} and
 *     optionally {@code {gcLog}} (when absent, jtune adds its own GC logging flag to
 *     {@code {jvmFlags}}); run by {@code sh -c}; null for a lab scenario
 * @param ready the readiness URL polled until it answers 200, with {@code {port}}; null for a lab
 * @param readyTimeout how long to wait for readiness
 * @param javaHome the JDK for every candidate that names none (and for checking flags); null for
 *     the one running jtune
 * @param workDir the command's working directory, relative to the plan file; null for the plan's
 * @param line the plan line of {@code target:}
 */
public record ServiceSpec(
    String lab,
    List<String> labArgs,
    String command,
    String ready,
    Duration readyTimeout,
    Path javaHome,
    Path workDir,
    int line) {

  public ServiceSpec {
    labArgs = labArgs == null ? List.of() : List.copyOf(labArgs);
  }

  public boolean isLab() {
    return lab != null;
  }

  public static ServiceSpec lab(String scenario) {
    return new ServiceSpec(scenario, List.of(), null, null, Duration.ofSeconds(60), null, null, 0);
  }

  public String describe() {
    return isLab() ? "lab scenario '" + lab + "'" : "command: " + command;
  }
}
