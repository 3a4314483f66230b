package io.jtune.lab;

import io.jtune.lab.catalog.LabScenario;
import io.jtune.lab.catalog.ScenarioCatalog;
import java.io.PrintStream;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The lab's entry point: {@code java -jar jtune-lab.jar [options]}. Prints
 * {@value #LISTENING} followed by its URL on stdout once it serves; stops on SIGTERM, Ctrl-C,
 * or when the {@code --parent-pid} process is gone.
 */
public final class LabMain {
  /** The stdout line that announces the URL: {@code jtune-lab listening on http://HOST:PORT}. */
  public static final String LISTENING = "jtune-lab listening on ";

  /** Tomcat's loggers, held so their WARNING level is not lost when the logger is collected. */
  private static final Logger TOMCAT_LOG = Logger.getLogger("org.apache");

  private LabMain() {}

  public static void main(String[] args) throws Exception {
    int code = run(args, System.out, System.err);
    if (code != STOPPING) {
      System.exit(code);
    }
  }

  /** What {@link #run} returns once a serving lab is being stopped by its shutdown hook. */
  static final int STOPPING = -1;

  static int run(String[] args, PrintStream out, PrintStream err) throws Exception {
    LabOptions.CommandLine command;
    try {
      command = LabOptions.parse(args);
    } catch (IllegalArgumentException e) {
      // one line, the last the lab prints: whoever starts it shows its last line as why it did not start
      err.println("jtune-lab: " + e.getMessage() + " (--help lists the options)");
      return 2;
    }
    LabOptions options = command.options();
    ScenarioCatalog catalog = ScenarioCatalog.shipped();
    if (command.action() == LabOptions.Action.HELP) {
      out.println(LabOptions.USAGE);
      return 0;
    }
    if (command.action() == LabOptions.Action.LIST) {
      for (LabScenario s : catalog.all()) {
        out.printf("%-18s %s%n", s.name(), s.about());
      }
      return 0;
    }
    Optional<LabScenario> scenario = catalog.find(options.scenario());
    if (scenario.isEmpty()) {
      err.println("jtune-lab: unknown scenario '" + options.scenario() + "'; known: " + catalog.names());
      return 2;
    }
    if (command.action() == LabOptions.Action.PRINT) {
      out.print(scenario.get().describe());
      return 0;
    }
    try {
      options.checkAgainstHeap(Runtime.getRuntime().maxMemory());
    } catch (IllegalArgumentException e) {
      err.println("jtune-lab: " + e.getMessage());
      return 2;
    }
    if (options.parentPid() > 0 && !watchParent(options.parentPid(), err)) {
      err.println("jtune-lab: parent process " + options.parentPid() + " is not running");
      return 3;
    }
    serve(options, scenario.get(), out);
    return STOPPING;
  }

  private static void serve(LabOptions options, LabScenario scenario, PrintStream out) throws Exception {
    TOMCAT_LOG.setLevel(Level.WARNING);
    CpuBurner cpu = options.cpuIterationsPerMs() > 0
        ? CpuBurner.fixed(options.cpuIterationsPerMs()) : CpuBurner.calibrated();
    ClassDefiner classes = new ClassDefiner();
    if (options.warmClasses() > 0) {
      classes.define(options.warmClasses());
    }
    LiveSet live = LiveSet.of(options.liveMb());
    LabServer server = LabServer.start(options, scenario, cpu, classes, live);
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.close();
      stopped.countDown();
    }, "lab-shutdown"));
    out.println("jtune-lab scenario " + scenario.name() + ", threads " + options.threads()
        + ", cache " + options.cache().name().toLowerCase(Locale.ROOT)
        + ", cpu " + cpu.iterationsPerMs() + " iterations/ms, warm classes " + options.warmClasses()
        + ", live set " + options.liveMb() + " MiB (" + live.entries() + " entries)");
    out.println(LISTENING + server.url());
    out.flush();
    stopped.await();
  }

  /** Exits the lab when the parent process is gone; false if it is gone already. */
  private static boolean watchParent(long pid, PrintStream err) {
    Optional<ProcessHandle> parent = ProcessHandle.of(pid);
    if (parent.isEmpty() || !parent.get().isAlive()) {
      return false;
    }
    Thread watch = new Thread(() -> {
      parent.get().onExit().join();
      err.println("jtune-lab: parent process " + pid + " exited; stopping");
      System.exit(0);
    }, "lab-parent-watch");
    watch.setDaemon(true);
    watch.start();
    return true;
  }
}
