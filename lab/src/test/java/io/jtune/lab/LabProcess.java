package io.jtune.lab;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The packaged lab jar running as a child JVM of a test, on 127.0.0.1 and a free port. It
 * watches the test JVM's pid, every instance is killed by a shutdown hook if a test forgets
 * to close it, so no lab outlives the test run.
 */
final class LabProcess implements AutoCloseable {
  private static final Pattern LISTENING = Pattern.compile("^jtune-lab listening on (http://\\S+)$");
  private static final Set<Process> RUNNING = ConcurrentHashMap.newKeySet();

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(() -> RUNNING.forEach(Process::destroyForcibly)));
  }

  private final Process process;
  private final List<String> stdout = new CopyOnWriteArrayList<>();
  private final Path stderrFile;
  private final URI url;
  private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(5)).build();

  private LabProcess(Process process, Path stderrFile) throws Exception {
    this.process = process;
    this.stderrFile = stderrFile;
    Thread reader = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(
          new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line = r.readLine(); line != null; line = r.readLine()) {
          stdout.add(line);
        }
      } catch (IOException e) {
        stdout.add("[stdout closed: " + e + "]");
      }
    }, "lab-stdout");
    reader.setDaemon(true);
    reader.start();
    this.url = awaitListening(Duration.ofSeconds(60));
    awaitReady(Duration.ofSeconds(30));
  }

  /** The lab jar built by 'package' (failsafe passes its path). */
  static Path jar() {
    return Path.of(System.getProperty("jtune.lab.jar", "target/jtune-lab.jar")).toAbsolutePath();
  }

  /** Starts {@code java <jvmFlags> -jar jtune-lab.jar --port 0 <labArgs> --parent-pid <test pid>}. */
  static LabProcess start(List<String> jvmFlags, List<String> labArgs) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmFlags);
    command.addAll(List.of("-jar", jar().toString(), "--port", "0"));
    command.addAll(labArgs);
    if (!labArgs.contains("--parent-pid")) {
      command.addAll(List.of("--parent-pid", Long.toString(ProcessHandle.current().pid())));
    }
    Path stderr = Files.createTempFile(Path.of("target"), "lab-stderr-", ".txt");
    Process p = new ProcessBuilder(command).redirectError(stderr.toFile()).start();
    RUNNING.add(p);
    try {
      return new LabProcess(p, stderr);
    } catch (Exception | AssertionError e) {
      p.destroyForcibly();
      RUNNING.remove(p);
      throw e;
    }
  }

  static LabProcess start(String... labArgs) throws Exception {
    return start(List.of("-Xmx256m"), List.of(labArgs));
  }

  private URI awaitListening(Duration timeout) throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      for (String line : stdout) {
        Matcher m = LISTENING.matcher(line);
        if (m.matches()) {
          return URI.create(m.group(1));
        }
      }
      if (!process.isAlive()) {
        break;
      }
      Thread.sleep(20);
    }
    throw new AssertionError("lab did not announce its URL; stdout " + stdout + "; stderr "
        + Files.readString(stderrFile));
  }

  private void awaitReady(Duration timeout) throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() < deadline) {
      try {
        if (get("/ready").statusCode() == 200) {
          return;
        }
      } catch (IOException e) {
        Thread.sleep(50);
      }
    }
    throw new AssertionError("lab not ready at " + url);
  }

  URI url() {
    return url;
  }

  long pid() {
    return process.pid();
  }

  Process process() {
    return process;
  }

  List<String> stdout() {
    return List.copyOf(stdout);
  }

  String stderr() throws IOException {
    return Files.readString(stderrFile);
  }

  /** GET a path such as {@code /work?cpu=1}. */
  HttpResponse<String> get(String pathAndQuery) throws IOException, InterruptedException {
    HttpRequest request = HttpRequest.newBuilder(url.resolve(pathAndQuery)).timeout(Duration.ofSeconds(60)).build();
    return http.send(request, HttpResponse.BodyHandlers.ofString());
  }

  /** The value of a number field in {@code /stats}, found by its JSON path of names. */
  long stat(String... names) throws IOException, InterruptedException {
    return JsonNumbers.find(get("/stats").body(), names);
  }

  /** A thread dump taken by {@code jcmd <pid> Thread.print}. */
  String threadDump() throws IOException, InterruptedException {
    return jcmd("Thread.print");
  }

  /** The output of {@code jcmd <pid> COMMAND}, such as {@code GC.run}. */
  String jcmd(String command) throws IOException, InterruptedException {
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid()), command)
        .redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(30, TimeUnit.SECONDS)) {
      p.destroyForcibly();
    }
    return out;
  }

  /** Stops the lab: SIGTERM, forced after 10 s. */
  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
    RUNNING.remove(process);
  }
}
