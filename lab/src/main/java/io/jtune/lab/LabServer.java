package io.jtune.lab;

import io.jtune.lab.catalog.LabScenario;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.stream.Stream;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.session.StandardManager;
import org.apache.catalina.startup.Tomcat;

/** The running lab: embedded Tomcat with the lab servlet on one NIO connector. */
final class LabServer implements AutoCloseable {
  private final Tomcat tomcat;
  private final Connector connector;
  private final Path baseDir;
  private final MessageCache cache;
  private final ScheduledExecutorService timer;
  private final LiveSet live;
  private final String url;

  private LabServer(Tomcat tomcat, Connector connector, Path baseDir, MessageCache cache,
      ScheduledExecutorService timer, LiveSet live, String url) {
    this.tomcat = tomcat;
    this.connector = connector;
    this.baseDir = baseDir;
    this.cache = cache;
    this.timer = timer;
    this.live = live;
    this.url = url;
  }

  /** Starts the lab, which keeps {@code live} for its whole life; returns once it serves. */
  static LabServer start(LabOptions options, LabScenario scenario, CpuBurner cpu, ClassDefiner classes,
      LiveSet live) throws LifecycleException, IOException {
    Path baseDir = Files.createTempDirectory("jtune-lab-");
    long cacheBytes = (long) options.cacheMb() << 20;
    MessageCache cache = options.cache() == LabOptions.CacheKind.OFFHEAP
        ? new OffHeapMessageCache(cacheBytes) : new HeapMessageCache(cacheBytes);
    DownstreamClient downstream = new DownstreamClient();
    LabEndpoints endpoints = new LabEndpoints(
        new WorkEndpoint(cpu, downstream, AllocationBudget.halfOfHeap()),
        new XmlEndpoint(), new SessionEndpoint(), new CacheEndpoint(cache),
        new StoreEndpoint(options.storeEntries()), classes);
    ScheduledExecutorService timer = Executors.newScheduledThreadPool(2, r -> {
      Thread t = new Thread(r, "lab-downstream-timer");
      t.setDaemon(true);
      return t;
    });
    String settings = String.format(Locale.US,
        "{\"scenario\":\"%s\",\"threads\":%d,\"acceptCount\":%d,\"cache\":\"%s\",\"cacheBytes\":%d,\"storeEntries\":%d,"
            + "\"cpuIterationsPerMs\":%d,\"warmClasses\":%d,\"liveEntries\":%d,\"liveBytes\":%d,"
            + "\"maxHeapBytes\":%d}",
        scenario.name(), options.threads(), options.acceptCount(), cache.kind(), cacheBytes, options.storeEntries(),
        cpu.iterationsPerMs(), options.warmClasses(), live.entries(), live.bytes(),
        Runtime.getRuntime().maxMemory());
    LabServlet servlet = new LabServlet(endpoints, scenario, timer, settings);

    Tomcat tomcat = new Tomcat();
    tomcat.setBaseDir(baseDir.toString());
    Connector connector = new Connector("org.apache.coyote.http11.Http11NioProtocol");
    connector.setPort(options.port());
    connector.setProperty("address", options.host());
    connector.setProperty("maxThreads", Integer.toString(options.threads()));
    connector.setProperty("minSpareThreads", Integer.toString(Math.min(10, options.threads())));
    connector.setProperty("acceptCount", Integer.toString(options.acceptCount()));
    connector.setProperty("maxKeepAliveRequests", "-1");
    connector.setProperty("keepAliveTimeout", "60000");
    connector.setProperty("maxConnections", "10000");
    tomcat.getService().addConnector(connector);
    tomcat.setConnector(connector);
    // the downstream /work?io= waits on is another service's: its own connector and pool on 127.0.0.1, so
    // the workers (--threads) waiting on it never also have to serve it (with as few workers as requests
    // in flight they would wait on one another until the call timed out)
    Connector downstreamConnector = new Connector("org.apache.coyote.http11.Http11NioProtocol");
    downstreamConnector.setPort(0);
    downstreamConnector.setProperty("address", "127.0.0.1");
    downstreamConnector.setProperty("maxThreads", "16"); // /downstream answers asynchronously: few threads suffice
    downstreamConnector.setProperty("maxKeepAliveRequests", "-1");
    downstreamConnector.setProperty("keepAliveTimeout", "60000");
    downstreamConnector.setProperty("maxConnections", "10000");
    tomcat.getService().addConnector(downstreamConnector);

    Context context = tomcat.addContext("", null);
    context.setSessionTimeout(SessionEndpoint.DEFAULT_TTL_SECONDS / 60);
    StandardManager sessions = new StandardManager();
    sessions.setPathname(null);
    context.setManager(sessions);
    Wrapper wrapper = Tomcat.addServlet(context, "lab", servlet);
    wrapper.setAsyncSupported(true);
    context.addServletMapping("/*", "lab");
    tomcat.start();

    String host = options.host().equals("0.0.0.0") || options.host().equals("::")
        ? "127.0.0.1" : options.host();
    String url = "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + connector.getLocalPort();
    downstream.target("http://127.0.0.1:" + downstreamConnector.getLocalPort());
    return new LabServer(tomcat, connector, baseDir, cache, timer, live, url);
  }

  String url() {
    return url;
  }

  int port() {
    return connector.getLocalPort();
  }

  @Override
  public void close() {
    try {
      tomcat.stop();
      tomcat.destroy();
    } catch (LifecycleException e) {
      System.err.println("jtune-lab: stopping Tomcat: " + e.getMessage());
    }
    timer.shutdownNow();
    cache.close();
    try (Stream<Path> files = Files.walk(baseDir)) {
      files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
