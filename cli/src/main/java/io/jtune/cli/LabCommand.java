package io.jtune.cli;

import io.jtune.runtime.container.ContainerGroup;
import io.jtune.runtime.container.ContainerKill;
import io.jtune.runtime.container.ContainerStats;
import io.jtune.common.JtuneException;
import io.jtune.lab.catalog.LabScenario;
import io.jtune.runtime.lab.LabLaunch;
import io.jtune.runtime.lab.LabLauncher;
import io.jtune.runtime.lab.RunningLab;
import io.jtune.runtime.process.ChildJvmSpec;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code jtune lab}: the built-in target service. Lists or prints the scenario presets, or
 * starts the lab in the foreground under a scenario's JVM flags until Ctrl-C.
 */
@Command(name = "lab", mixinStandardHelpOptions = true,
    description = {
        "Run the jtune lab, an HTTP service that reproduces classic JVM performance cases on demand.",
        "With --list: list the scenarios. With --print: print a scenario's endpoint mix, load and JVM flags.",
        "Otherwise: start the lab in the foreground under the scenario's JVM flags; Ctrl-C stops it."},
    exitCodeListHeading = ExitCodes.HEADING,
    exitCodeList = {"0:listed, printed, or stopped with Ctrl-C", "1:the lab failed, or an internal error",
        "2:bad usage, an unknown scenario, or the lab refused its options"},
    footerHeading = ExitCodes.EXAMPLES_HEADING,
    footer = {"  jtune lab --list",
        "  jtune lab --scenario survivor-overflow --print",
        "  jtune lab --scenario api --port 8080 --cache-size 256m",
        "  jtune lab --scenario survivor-overflow --fix --jvm-flags \"-Xmx1g -Xmn256m\""})
final class LabCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(names = "--scenario", paramLabel = "NAME", defaultValue = "api",
      description = "scenario preset served at /scenario (default: ${DEFAULT-VALUE}); see --list")
  String scenario;

  @Option(names = "--list", description = "list the scenarios and exit")
  boolean list;

  @Option(names = "--print", description = "print the scenario's endpoint mix, load and JVM flags, and exit")
  boolean print;

  @Option(names = "--port", paramLabel = "N", defaultValue = "0",
      description = "port on 127.0.0.1, 0 = pick a free one (default)")
  int port;

  @Option(names = "--threads", paramLabel = "N", description = "worker threads (lab default 200, like Tomcat)")
  Integer threads;

  @Option(names = "--cache", paramLabel = "heap|offheap", description = "message cache kind for /cache")
  String cache;

  @Option(names = "--cache-size", paramLabel = "SIZE", converter = SizeConverter.class,
      description = "capacity of the message cache, whole megabytes, e.g. 64m or 1g (lab default 64m)")
  Long cacheSize;

  @Option(names = "--live-size", paramLabel = "SIZE", converter = SizeConverter.class,
      description = "small objects filled at start and kept for the lab's life, whole megabytes, e.g. 256m")
  Long liveSize;

  @Option(names = "--fix", description = "add the scenario's fix flags and options")
  boolean fix;

  @Option(names = "--jvm-flags", paramLabel = "\"FLAGS\"",
      description = "extra JVM flags after the scenario's, space-separated (the last of a repeated flag wins)")
  String jvmFlags;

  @Option(names = "--java-home", paramLabel = "DIR", description = "JDK that runs the lab (default: jtune's own)")
  Path javaHome;

  @Mixin ContainerLimitOptions container;

  @Override
  public Integer call() throws InterruptedException {
    PrintWriter out = spec.commandLine().getOut();
    LabLauncher lab = LabLauncher.locate();
    if (list) {
      for (LabScenario s : lab.scenarios()) {
        out.printf("%-18s %-16s %s%n", s.name(), s.load(), s.about());
      }
      return 0;
    }
    LabScenario s = lab.scenario(scenario);
    if (port < 0 || port > 65535) {
      throw new JtuneException("--port must be in 0..65535, got " + port);
    }
    if (cache != null && !cache.equals("heap") && !cache.equals("offheap")) {
      throw new JtuneException("--cache must be heap or offheap, got '" + cache + "'");
    }
    if (threads != null && threads < 1) {
      throw new JtuneException("--threads must be at least 1, got " + threads);
    }
    LabLaunch launch = launch();
    printScenario(out, s, lab, launch);
    if (print) {
      return 0;
    }
    // before the lab starts: without the right to make cgroups, one line and nothing runs
    // a scenario that runs in a container has its limits; --memory-limit / --cpus replace them
    launch = launch.withLimits(container.checked(s));
    if (launch.limits().any()) {
      out.println("limits     " + launch.limits().describe() + " (the lab's JVM in a fresh cgroup)");
    }
    out.flush();
    RunningLab running = lab.start(launch);
    out.println("jtune lab: scenario " + s.name() + " serving at " + running.url() + " (pid " + running.pid()
        + "); load it at " + running.resolve("/scenario") + "; Ctrl-C stops it");
    out.flush();
    Thread stopper = new Thread(running::close, "jtune-lab-stop");
    Runtime.getRuntime().addShutdownHook(stopper);
    int code = running.jvm().awaitExit(Duration.ofDays(365)).orElse(0);
    try {
      Runtime.getRuntime().removeShutdownHook(stopper);
    } catch (IllegalStateException shuttingDown) {
      // SIGTERM or Ctrl-C: the hook has stopped the lab and the JVM is exiting; nothing to report
      return 0;
    }
    ContainerStats stats = running.jvm().container().map(ContainerGroup::stats).orElse(null);
    if (ContainerKill.byMemoryLimit(stats, code)) {
      throw new JtuneException("the lab was " + ContainerKill.words(stats, -1), 1, null);
    }
    if (code != 0) {
      spec.commandLine().getErr().print(running.jvm().stderr().text());
      throw new JtuneException("the lab exited with code " + code, code == 2 ? 2 : 1, null);
    }
    return 0;
  }

  private LabLaunch launch() {
    List<String> labArgs = new ArrayList<>();
    if (threads != null) {
      labArgs.addAll(List.of("--threads", threads.toString()));
    }
    if (cache != null) {
      labArgs.addAll(List.of("--cache", cache));
    }
    if (cacheSize != null) {
      labArgs.addAll(List.of("--cache-mb", Long.toString(wholeMegabytes(cacheSize, "--cache-size"))));
    }
    if (liveSize != null) {
      labArgs.addAll(List.of("--live-mb", Long.toString(wholeMegabytes(liveSize, "--live-size"))));
    }
    List<String> flags = jvmFlags == null || jvmFlags.isBlank()
        ? List.of() : Arrays.asList(jvmFlags.trim().split("\\s+"));
    return LabLaunch.of(scenario).withFix(fix).withPort(port).withJvmFlags(flags).withLabArgs(labArgs)
        .withJavaHome(javaHome == null ? ChildJvmSpec.currentJavaHome() : javaHome);
  }

  /** The lab takes its sizes in MiB: a size must be a whole number of them. */
  private static long wholeMegabytes(long bytes, String option) {
    if (bytes % (1L << 20) != 0) {
      throw new JtuneException(option + " must be whole megabytes (e.g. 64m or 1g), got " + bytes + " bytes");
    }
    return bytes >> 20;
  }

  private static void printScenario(PrintWriter out, LabScenario s, LabLauncher lab, LabLaunch launch) {
    out.println("scenario   " + s.name());
    out.println("about      " + s.about());
    out.println("load       " + s.load() + " against /scenario");
    out.println("jvm flags  " + (s.jvmFlags().isEmpty() ? "(none: the JVM's defaults)" : String.join(" ", s.jvmFlags())));
    if (s.inContainer()) {
      out.println("container  " + String.join(", ", java.util.stream.Stream.of(
          s.containerMemory().isEmpty() ? null : "memory " + s.containerMemory(),
          s.containerCpus().isEmpty() ? null : "cpus " + s.containerCpus()).filter(java.util.Objects::nonNull).toList()));
    }
    if (!s.labArgs().isEmpty()) {
      out.println("lab args   " + String.join(" ", s.labArgs()));
    }
    out.println("signature  " + s.signature());
    out.println("fix        " + s.fix());
    if (!s.fixFlags().isEmpty()) {
      out.println("fix flags  " + String.join(" ", s.fixFlags()));
    }
    if (!s.fixLabArgs().isEmpty()) {
      out.println("fix args   " + String.join(" ", s.fixLabArgs()));
    }
    out.println("mix        " + String.join(" | ", s.mix().stream().map(LabScenario.MixEntry::toString).toList()));
    out.println("command    " + String.join(" ", lab.spec(launch).command(ProcessHandle.current().pid())));
  }
}
