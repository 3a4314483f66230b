package io.jtune.experiment.plan;

import io.jtune.load.DataOrder;
import io.jtune.load.EndpointGroups;
import io.jtune.load.Replay;
import io.jtune.load.LoadException;
import io.jtune.load.WeightedUrl;
import java.nio.file.Path;
import io.jtune.runtime.container.ContainerLimits;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads a plan's {@code levels:}: per load level its name, rate (open model) or concurrency
 * (closed model), URLs with optional weights, warm-up, duration, timeout, goals (the plan's, then
 * its own), longest warm-up (the ceiling of the steady-state warm-up), request (method, headers, body or body file, data file, insecure) and its own container limits.
 */
final class LevelReader {
  private static final int MAX_LEVELS = 100;

  private final PlanSyntax syntax;
  private final GoalReader goals;
  /** What relative paths (body and data files) are against: the plan's directory. */
  private final Path base;

  LevelReader(PlanSyntax syntax, GoalReader goals, Path base) {
    this.syntax = syntax;
    this.goals = goals;
    this.base = base;
  }

  List<Level> read(YamlTree.Node n, Map<String, Goal> planGoals) {
    if (!n.isList() || n.list().isEmpty()) {
      throw syntax.error(n, "levels must be a list of load levels ({name, rate or concurrency, duration, ...})");
    }
    if (n.list().size() > MAX_LEVELS) {
      throw syntax.error(n, n.list().size() + " levels; a plan takes at most " + MAX_LEVELS);
    }
    List<Level> out = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (YamlTree.Node l : n.list()) {
      out.add(level(l, planGoals, seen));
    }
    return out;
  }

  private Level level(YamlTree.Node l, Map<String, Goal> planGoals, Set<String> seen) {
    PlanObject o = syntax.obj(l, "a load level");
    String name = syntax.name(o, "level");
    if (!seen.add(name)) {
      throw syntax.error(l, "level name '" + name + "' is used twice");
    }
    boolean hasRate = o.has("rate");
    boolean hasConc = o.has("concurrency");
    double rate = hasRate ? o.number("rate", 0, 0.001, 1_000_000) : 0;
    int concurrency = hasConc ? (int) o.integer("concurrency", 0, 1, 10_000) : 0;
    if (!hasRate && !hasConc) {
      throw syntax.error(l, "level '" + name + "' needs 'rate: R' (open model, req/s) or 'concurrency: N' (closed model)");
    }
    if (hasRate && !hasConc) {
      concurrency = Math.max(16, Math.min(256, (int) Math.ceil(rate / 10)));
    }
    List<String> urls = o.has("urls") ? o.words("urls") : List.of();
    if (o.has("urls") && urls.isEmpty()) {
      throw syntax.error(o.get("urls"), "level '" + name + "': urls is empty");
    }
    urls = joinWeights(urls, o.get("urls"));
    Duration warmup = o.duration("warmup", Duration.ofSeconds(5), Duration.ZERO, PlanReader.MAX_WINDOW);
    Duration maxWarmup = o.has("maxWarmup")
        ? o.duration("maxWarmup", warmup, Duration.ZERO, PlanReader.MAX_WINDOW) : null;
    if (maxWarmup != null && maxWarmup.compareTo(warmup) < 0) {
      throw syntax.error(o.get("maxWarmup"), "level '" + name + "': maxWarmup is the longest warm-up, not shorter than"
          + " warmup (" + YamlText.duration(warmup) + ")");
    }
    Duration rampUp = o.has("rampUp") ? o.duration("rampUp", Duration.ZERO, Duration.ZERO, PlanReader.MAX_WINDOW)
        : Duration.ZERO;
    if (rampUp.compareTo(Duration.ZERO) > 0 && !hasRate) {
      throw syntax.error(o.get("rampUp"), "level '" + name + "': rampUp ramps an open model's rate: give 'rate: R'");
    }
    Duration ceiling = maxWarmup != null ? maxWarmup : Level.defaultMaxWarmup(warmup);
    if (rampUp.compareTo(ceiling) > 0) {
      throw syntax.error(o.get("rampUp"), "level '" + name + "': rampUp is part of the warm-up, not longer than its"
          + " ceiling (" + YamlText.duration(ceiling) + ")");
    }
    Duration duration = o.duration("duration", Duration.ofSeconds(30), Duration.ofSeconds(1), PlanReader.MAX_WINDOW);
    Duration timeout = o.duration("timeout", Duration.ofSeconds(10), Duration.ofMillis(1), PlanReader.MAX_WAIT);
    Map<String, Goal> levelGoals = new LinkedHashMap<>(planGoals);
    if (o.has("goals")) {
      levelGoals.putAll(goals.read(o.get("goals")));
    }
    LevelRequest request = request(o);
    ContainerLimits limits = LimitsReader.read(syntax, o, "limits");
    o.finish();
    return new Level(name, rate, concurrency, urls.isEmpty() ? List.of("/scenario") : urls, warmup, duration,
        timeout, levelGoals, l.line(), request, limits, maxWarmup, rampUp);
  }

  /** A level's optional method, headers (a list of 'Name: value'), body and insecure. */
  private LevelRequest request(PlanObject o) {
    String method = o.string("method", "GET").trim();
    if (method.isEmpty() || !method.chars().allMatch(c -> c > 32 && c < 127)) {
      throw syntax.error(o.get("method"), "method '" + method + "' is not an HTTP method such as GET or POST");
    }
    List<String> headers = new ArrayList<>();
    if (o.has("headers")) {
      YamlTree.Node n = o.get("headers");
      if (!n.isList()) {
        throw syntax.error(n, "headers is a list of 'Name: value' items");
      }
      for (YamlTree.Node item : n.list()) {
        String h = syntax.scalarString(item, "headers").trim();
        if (h.indexOf(':') <= 0) {
          throw syntax.error(item, "header '" + h + "' is not 'Name: value'");
        }
        headers.add(h);
      }
    }
    String body = o.string("body", "");
    String insecure = o.string("insecure", "false").trim();
    if (!insecure.equals("true") && !insecure.equals("false")) {
      throw syntax.error(o.get("insecure"), "insecure is true or false, not '" + insecure + "'");
    }
    BodyFile bodyFile = o.has("bodyFile") ? bodyFile(o.get("bodyFile")) : null;
    if (bodyFile != null && o.has("body")) {
      throw syntax.error(o.get("bodyFile"), "give 'body' or 'bodyFile', not both");
    }
    LevelRequest.DataSource data = o.has("data") ? data(o.get("data")) : null;
    LevelRequest.ReplaySource replay = o.has("replay") ? replay(o.get("replay")) : null;
    if (replay != null && (bodyFile != null || o.has("body") || data != null)) {
      throw syntax.error(o.get("replay"), "a replayed log sends its own requests: give 'replay' or 'body',"
          + " 'bodyFile' and 'data', not both");
    }
    return new LevelRequest(method, headers, body, insecure.equals("true"), List.of(), bodyFile, data, replay,
        users(o));
  }

  /** {@code cookies: true} and {@code requestsPerUser: N}: each connection a user keeping its cookies. */
  private io.jtune.load.VirtualUsers users(PlanObject o) {
    String cookies = o.string("cookies", "false").trim();
    if (!cookies.equals("true") && !cookies.equals("false")) {
      throw syntax.error(o.get("cookies"), "cookies is true or false, not '" + cookies + "'");
    }
    long perUser = o.integer("requestsPerUser", 0, 1, Long.MAX_VALUE);
    if (perUser > 0 && cookies.equals("false")) {
      throw syntax.error(o.get("requestsPerUser"), "requestsPerUser needs 'cookies: true' (a user who leaves"
          + " differs from the next one only by its cookies)");
    }
    return new io.jtune.load.VirtualUsers(cookies.equals("true"), perUser);
  }

  /**
   * {@code bodyFile: {path, sha256, bytes}}: the file whose bytes are the body, as it was when
   * the plan was written (checked when the requests are built: a missing or changed file is named).
   */
  private BodyFile bodyFile(YamlTree.Node n) {
    PlanObject f = syntax.obj(n, "bodyFile ({path, sha256, bytes})");
    String path = f.string("path", null);
    String sha = f.string("sha256", null);
    long bytes = f.integer("bytes", -1, 0, BodyFile.MAX_BYTES);
    f.finish();
    if (path == null || path.isBlank() || sha == null || !sha.matches("[0-9a-f]{64}") || bytes < 0) {
      throw syntax.error(n, "bodyFile needs 'path', 'sha256' (64 hex digits) and 'bytes': the file as the plan was"
          + " written");
    }
    return new BodyFile(base.resolve(path).normalize(), sha, bytes);
  }

  /** {@code data: {path, order}}: the data file templates take ${COLUMN} values from. */
  private LevelRequest.DataSource data(YamlTree.Node n) {
    PlanObject f = syntax.obj(n, "data ({path, order})");
    String path = f.string("path", null);
    String order = f.string("order", "sequential");
    f.finish();
    if (path == null || path.isBlank()) {
      throw syntax.error(n, "data needs 'path': a CSV file with a header line, or JSON lines");
    }
    try {
      return new LevelRequest.DataSource(base.resolve(path).normalize(), DataOrder.parse(order));
    } catch (LoadException e) {
      throw syntax.error(n, e.getMessage());
    }
  }

  /**
   * {@code replay: {path, speed, groups}}: an access log whose requests the level sends; {@code speed}
   * (such as 10x) follows its time shape, {@code groups} are the endpoint rules of the results.
   */
  private LevelRequest.ReplaySource replay(YamlTree.Node n) {
    PlanObject f = syntax.obj(n, "replay ({path, speed, groups})");
    String path = f.string("path", null);
    String speed = f.string("speed", null);
    List<String> groups = f.has("groups") ? f.words("groups") : List.of();
    f.finish();
    if (path == null || path.isBlank()) {
      throw syntax.error(n, "replay needs 'path': an access log (Common or Combined Log Format, or JSON lines)");
    }
    try {
      EndpointGroups.of(groups);
      return new LevelRequest.ReplaySource(base.resolve(path).normalize(),
          speed == null ? 0 : Replay.parseSpeed(speed), groups);
    } catch (LoadException e) {
      throw syntax.error(n, e.getMessage());
    }
  }

  /** "3 /a" given as a list item stays one entry; a string "3 /a" splits into words, so rejoin weight + path. */
  private List<String> joinWeights(List<String> words, YamlTree.Node n) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      if (w.matches("\\d+") && i + 1 < words.size()) {
        out.add(w + " " + words.get(++i));
      } else if (w.matches("\\d+")) {
        throw syntax.error(n, "weight " + w + " is not followed by a URL");
      } else {
        out.add(w);
      }
    }
    for (String entry : out) {
      checkUrl(entry, n);
    }
    return out;
  }

  /** An entry of urls: an optional weight from 1 to 1000, then a path on the target or an http(s) URL. */
  private void checkUrl(String entry, YamlTree.Node n) {
    WeightedUrl url;
    try {
      url = WeightedUrl.parse(entry);
    } catch (LoadException e) {
      throw syntax.error(n, e.getMessage());
    }
    String path = url.url();
    try {
      java.net.URI uri = new java.net.URI(io.jtune.load.Templates.uriSafe(path));
      if (!url.absolute() && !path.startsWith("/") || url.absolute() && uri.getHost() == null) {
        throw new java.net.URISyntaxException(path, "not a path starting with '/' or an http(s) URL with a host");
      }
    } catch (java.net.URISyntaxException e) {
      throw syntax.error(n, "'" + path + "' is not a path such as /scenario or an http(s) URL: " + e.getReason());
    }
  }
}
