package io.jtune.lab;

import io.jtune.lab.catalog.LabScenario;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;

/**
 * The lab's one servlet: routes each path to its endpoint, turns bad parameters into HTTP 400
 * with a message and records requests and latency per endpoint.
 */
final class LabServlet extends HttpServlet {
  private static final long serialVersionUID = 1L;
  private static final byte[] READY = "ready\n".getBytes(StandardCharsets.US_ASCII);

  /** An endpoint that answers with a text body. */
  @FunctionalInterface
  interface Endpoint {
    String handle(RequestParams params, HttpServletRequest request) throws Exception;
  }

  private record Route(Endpoint endpoint, EndpointStats stats, String contentType) {}

  /** One entry of the scenario mix with its parameters parsed once. */
  private record ScenarioCall(Route route, RequestParams params) {}

  private final transient Map<String, Route> routes = new LinkedHashMap<>();
  private final transient List<ScenarioCall> scenarioCalls = new ArrayList<>();
  private final transient ScenarioMix scenarioMix;
  private final transient EndpointStats scenarioStats = new EndpointStats("/scenario");
  private final transient EndpointStats downstreamStats = new EndpointStats("/downstream");
  private final transient LongAdder inFlight = new LongAdder();
  private final transient ScheduledExecutorService timer;

  LabServlet(LabEndpoints endpoints, LabScenario scenario, ScheduledExecutorService timer, String settingsJson) {
    this.timer = timer;
    route("/work", (p, r) -> endpoints.work().handle(p));
    route("/xml", (p, r) -> endpoints.xml().handle(p));
    route("/session", endpoints.session()::handle);
    route("/cache/put", (p, r) -> endpoints.cache().put(p));
    route("/cache/get", (p, r) -> endpoints.cache().get(p));
    route("/store", (p, r) -> endpoints.store().handle(p));
    route("/classes", (p, r) -> endpoints.classes().handle(p));
    List<EndpointStats> all = new ArrayList<>();
    for (Route route : routes.values()) {
      all.add(route.stats());
    }
    all.add(downstreamStats);
    all.add(scenarioStats);
    StatsEndpoint stats = new StatsEndpoint(all, inFlight, settingsJson, endpoints.work());
    routes.put("/stats", new Route((p, r) -> stats.handle(), new EndpointStats("/stats"), "application/json"));
    for (LabScenario.MixEntry entry : scenario.mix()) {
      Route route = routes.get(entry.path());
      if (route == null || entry.path().equals("/stats")) {
        throw new IllegalArgumentException("scenario " + scenario.name() + ": no endpoint " + entry.path());
      }
      scenarioCalls.add(new ScenarioCall(route, RequestParams.ofQuery(entry.query())));
    }
    scenarioMix = new ScenarioMix(scenario.mix(), scenario.name().hashCode());
  }

  private void route(String path, Endpoint endpoint) {
    routes.put(path, new Route(endpoint, new EndpointStats(path), "text/plain"));
  }

  @Override
  protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
    String path = request.getRequestURI();
    if (path.equals("/ready")) {
      response.setContentType("text/plain");
      response.setContentLength(READY.length);
      response.getOutputStream().write(READY);
      return;
    }
    if (path.equals("/downstream")) {
      downstream(request, response);
      return;
    }
    long start = System.nanoTime();
    inFlight.increment();
    try {
      if (path.equals("/scenario")) {
        ScenarioCall call = scenarioCalls.get(scenarioMix.next());
        // parameters the request carries (an id, a key) go over the mix's own
        RequestParams params = request.getQueryString() == null ? call.params()
            : call.params().under(request::getParameter);
        boolean error = answer(call.route(), params, request, response);
        long nanos = System.nanoTime() - start;
        call.route().stats().record(nanos, error);
        scenarioStats.record(nanos, error);
        return;
      }
      Route route = routes.get(path);
      if (route == null) {
        send(response, 404, "text/plain", "no such endpoint: " + path + "; try " + routes.keySet() + "\n");
        return;
      }
      boolean error = answer(route, RequestParams.of(request::getParameter), request, response);
      route.stats().record(System.nanoTime() - start, error);
    } finally {
      inFlight.decrement();
    }
  }

  /** Runs the endpoint and writes its answer; returns whether it failed. */
  private static boolean answer(Route route, RequestParams params, HttpServletRequest request,
      HttpServletResponse response) throws IOException {
    try {
      send(response, 200, route.contentType(), route.endpoint().handle(params, request));
      return false;
    } catch (BadRequestException e) {
      send(response, e.status(), "text/plain", e.getMessage() + "\n");
      return true;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      send(response, 503, "text/plain", "interrupted\n");
      return true;
    } catch (Exception e) {
      send(response, 500, "text/plain", "lab error: " + e + "\n");
      return true;
    }
  }

  /** {@code /downstream?sleep=ms}: answers after the delay without holding a worker thread. */
  private void downstream(HttpServletRequest request, HttpServletResponse response) throws IOException {
    long start = System.nanoTime();
    long sleepMs;
    try {
      sleepMs = RequestParams.of(request::getParameter).number("sleep", 10, 0, 60_000);
    } catch (BadRequestException e) {
      send(response, 400, "text/plain", e.getMessage() + "\n");
      downstreamStats.record(System.nanoTime() - start, true);
      return;
    }
    AsyncContext async = request.startAsync();
    async.setTimeout(sleepMs + 30_000);
    timer.schedule(() -> {
      try {
        send((HttpServletResponse) async.getResponse(), 200, "text/plain", "slept " + sleepMs + "\n");
      } catch (IOException | RuntimeException e) {
        downstreamStats.record(System.nanoTime() - start, true);
        async.complete();
        return;
      }
      async.complete();
      downstreamStats.record(System.nanoTime() - start, false);
    }, sleepMs, TimeUnit.MILLISECONDS);
  }

  private static void send(HttpServletResponse response, int status, String contentType, String body)
      throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    response.setStatus(status);
    response.setContentType(contentType);
    response.setContentLength(bytes.length);
    response.getOutputStream().write(bytes);
  }
}
