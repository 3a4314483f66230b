package io.jtune.experiment.run;

import io.jtune.common.JtuneException;
import io.jtune.experiment.plan.AppParams;
import io.jtune.experiment.plan.ServiceSpec;
import io.jtune.runtime.container.ContainerLimits;
import io.jtune.runtime.lab.LabLaunch;
import io.jtune.runtime.lab.LabLauncher;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Starts the service of a run: a lab scenario through the lab launcher, or a command run by
 * {@code sh -c} with its placeholders filled ({@code {jvmFlags}}, {@code {gcLog}}, {@code {port}}
 * on a free port, {@code {java}}) and its readiness URL polled.
 */
final class ServiceLauncher {
  private ServiceLauncher() {}

  /**
   * Starts {@code t} with {@code flags} (GC logging included) on the JDK in {@code javaHome}; a
   * command runs in {@code work}; with {@code insecure} an https:// readiness URL may have any certificate;
   * the whole process tree runs in a fresh cgroup with {@code limits} when there are any. The
   * application's parameters {@code params} become the lab's own options ({@code --NAME VALUE},
   * after the target's) or fill the command's {@code {NAME}} placeholders.
   */
  static RunningService start(ServiceSpec t, LabLauncher lab, List<String> flags, Map<String, String> params,
      Path javaHome, Path gcLog, Path work, boolean insecure, ContainerLimits limits) {
    if (t.isLab()) {
      OutputCapture capture = new OutputCapture();
      List<String> labArgs = new java.util.ArrayList<>(t.labArgs());
      labArgs.addAll(AppParams.labArgs(params));
      LabLaunch launch = new LabLaunch(t.lab(), javaHome, false, flags, labArgs, 0, t.readyTimeout(), limits);
      return new LabService(lab.start(launch, capture), capture);
    }
    int port = freePort();
    String cmd = AppParams.fill(t.command(), params)
        .replace("{jvmFlags}", String.join(" ", flags.stream().map(ServiceLauncher::shellQuote).toList()))
        .replace("{gcLog}", shellQuote(gcLog.toAbsolutePath().toString()))
        .replace("{port}", Integer.toString(port))
        .replace("{java}", shellQuote(javaHome.resolve("bin").resolve("java").toString()));
    URI ready = URI.create(t.ready().replace("{port}", Integer.toString(port)));
    URI base = URI.create(ready.getScheme() + "://" + ready.getHost() + ":" + port);
    CommandService target = CommandService.start(cmd, work, base, limits);
    try {
      target.awaitReady(ready, t.readyTimeout(), insecure);
      // the JVM measured must be the one given the flags and the GC log (not a parent that forks it)
      FlagsReach.check(target.jvmPid(), target.javas(), t.command().contains("{jvmFlags}") ? flags : List.of(),
          t.command().contains("{gcLog}") ? gcLog.toAbsolutePath().toString() : null);
    } catch (RuntimeException e) {
      target.close();
      throw e;
    }
    return target;
  }

  static String shellQuote(String s) {
    return s.matches("[A-Za-z0-9_@%+=:,./-]+") ? s : "'" + s.replace("'", "'\\''") + "'";
  }

  private static int freePort() {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new JtuneException("no free port on 127.0.0.1: " + e.getMessage(), e);
    }
  }
}
