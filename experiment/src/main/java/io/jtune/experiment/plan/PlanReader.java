package io.jtune.experiment.plan;

import io.jtune.load.DurationText;
import io.jtune.load.LoadException;
import io.jtune.load.WeightedUrl;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads an experiment plan (YAML, see {@code experiment/PLAN.md}) strictly: unknown keys,
 * wrong types, a missing baseline, duplicate names and impossible values are errors whose one
 * line names the plan file and line.
 */
public final class PlanReader {
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
  /** Plans are a few KB; anything this big is a mistake, refused before it is parsed. */
  public static final int MAX_PLAN_BYTES = 1 << 20;
  private static final int MAX_CANDIDATES = 100;
  private static final int MAX_LEVELS = 100;
  // sane ranges: a run longer than a day or a wait longer than an hour is a typo, not a plan
  /** The longest warm-up or measured window of a level a plan may give. */
  public static final Duration MAX_WINDOW = Duration.ofHours(24);
  /** The longest wait a plan may give (a response, the service to be ready, a cool-down). */
  public static final Duration MAX_WAIT = Duration.ofHours(1);
  private static final Pattern RELATIVE = Pattern.compile("([+-]?\\d+(?:\\.\\d+)?)\\s*%");
  private static final Pattern WITHIN = Pattern.compile("within\\s+([+-]?)(\\d+(?:\\.\\d+)?)\\s*%");
  private static final Pattern ABSOLUTE = Pattern.compile("(<=|>=|<|>)\\s*(\\d+(?:\\.\\d+)?)\\s*(ms|MB|%)?");

  private final String file;
  private final Path base;

  private PlanReader(String file, Path base) {
    this.file = file;
    this.base = base;
  }

  /** Reads a plan file. */
  public static Plan read(Path path) {
    return read(path, text(path));
  }

  /** Reads a plan whose file text was read already ({@link #text(Path)}). */
  public static Plan read(Path path, String text) {
    Path abs = path.toAbsolutePath();
    return new PlanReader(path.toString(), abs.getParent()).parse(new StringReader(text), abs);
  }

  /** A plan file's text; throws {@link PlanException} with one line if it cannot be read. */
  public static String text(Path path) {
    try (java.io.InputStream in = Files.newInputStream(path)) {
      byte[] bytes = in.readNBytes(MAX_PLAN_BYTES + 1);
      if (bytes.length > MAX_PLAN_BYTES) {
        throw YamlTree.tooLarge(path.toString());
      }
      return new String(bytes, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new PlanException("plan file not found: " + path);
    } catch (IOException e) {
      throw new PlanException("cannot read the plan " + path + ": " + e.getMessage(), e);
    }
  }

  /** Reads a plan from text; relative paths in it are against {@code base}. */
  public static Plan read(Reader in, String fileName, Path base) {
    return new PlanReader(fileName, base).parse(in, null);
  }

  private Plan parse(Reader in, Path source) {
    YamlTree.Node root = YamlTree.read(in, file);
    Obj top = obj(root, "the plan");
    String name = top.has("name") ? planName(top.get("name")) : null;
    ServiceSpec target = target(top.required("target"));
    String baseline = top.string("baseline", null);
    YamlTree.Node candNode = top.required("candidates");
    List<Candidate> candidates = candidates(candNode);
    Map<String, Goal> planGoals = top.has("goals") ? goals(top.get("goals")) : Map.of();
    List<Level> levels = levels(top.required("levels"), planGoals);
    int repetitions = (int) top.integer("repetitions", Plan.DEFAULT_REPETITIONS, 1, 100);
    Plan.Order order = Plan.Order.INTERLEAVED;
    if (top.has("order")) {
      String o = top.string("order", "interleaved");
      try {
        order = Plan.Order.valueOf(o.toUpperCase(Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw error(top.get("order"), "order must be 'interleaved' or 'sequential', not '" + o + "'");
      }
    }
    Duration cooldown = top.duration("cooldown", Duration.ofSeconds(1), Duration.ZERO, MAX_WAIT);
    top.finish();
    if (baseline == null) {
      throw error(root, "no baseline: name the baseline candidate with 'baseline: NAME' (one of "
          + names(candidates) + ")");
    }
    String bl = baseline;
    if (candidates.stream().noneMatch(c -> c.name().equals(bl))) {
      throw error(top.get("baseline"), "baseline '" + baseline + "' is not a candidate (candidates: "
          + names(candidates) + ")");
    }
    if (candidates.size() < 2) {
      throw error(candNode, "a plan needs the baseline and at least one other candidate to compare");
    }
    Plan plan = new Plan(name == null ? (source == null ? "experiment" : Plan.safeName(stem(source))) : name, target,
        baseline, candidates, levels, repetitions, order, cooldown, source);
    checkRunIds(plan);
    return plan;
  }

  /**
   * Each run gets a directory named by its id (level-candidate-rN). Names may hold '-', so two
   * different runs could meet in one directory (level 'hi' with candidate 'a-b', level 'hi-a'
   * with candidate 'b'), and the second would never run; case-insensitive file systems also
   * merge 'Hi' and 'hi'. Such plans are refused.
   */
  private void checkRunIds(Plan plan) {
    Map<String, Plan.RunKey> seen = new java.util.HashMap<>();
    for (Plan.RunKey k : plan.schedule()) {
      Plan.RunKey other = seen.putIfAbsent(k.id().toLowerCase(Locale.ROOT), k);
      if (other != null) {
        YamlTree.Node at = new YamlTree.Node(null, plan.level(k.level()).map(Level::line).orElse(0));
        throw error(at, "level '" + other.level() + "' with candidate '" + other.candidate() + "' and level '"
            + k.level() + "' with candidate '" + k.candidate() + "' would share the run directory " + k.id()
            + "; rename one of them");
      }
    }
  }

  private ServiceSpec target(YamlTree.Node n) {
    Obj o = obj(n, "target");
    String lab = o.string("lab", null);
    List<String> labArgs = o.has("labArgs") ? o.words("labArgs") : List.of();
    String command = o.string("command", null);
    String ready = o.string("ready", null);
    Duration readyTimeout = o.duration("readyTimeout", Duration.ofSeconds(60), Duration.ofMillis(100), MAX_WAIT);
    Path javaHome = o.has("javaHome") ? javaHome(o.get("javaHome")) : null;
    Path workDir = o.has("workDir") ? base.resolve(o.string("workDir", ".")).normalize() : null;
    o.finish();
    if ((lab == null) == (command == null)) {
      throw error(n, "target: give either 'lab: SCENARIO' or 'command: ...', not " + (lab == null ? "neither" : "both"));
    }
    if (command != null) {
      for (String ph : List.of("{jvmFlags}", "{port}")) {
        if (!command.contains(ph)) {
          throw error(o.get("command"), "target command has no " + ph + " placeholder");
        }
      }
      if (ready == null) {
        throw error(n, "a command target needs 'ready: URL' (polled until it answers 200, may use {port})");
      }
      if (o.has("labArgs")) {
        throw error(o.get("labArgs"), "'labArgs' is for lab targets; put a command's options in the command");
      }
    } else if (ready != null) {
      throw error(o.get("ready"), "'ready' is for command targets; the lab's readiness is known");
    } else if (workDir != null) {
      throw error(o.get("workDir"), "'workDir' is for command targets; the lab needs none");
    }
    return new ServiceSpec(lab, labArgs, command, ready, readyTimeout, javaHome, workDir, n.line());
  }

  private Path javaHome(YamlTree.Node n) {
    String text = scalarString(n, "javaHome");
    Path home = base.resolve(text).normalize();
    if (!Files.isExecutable(home.resolve("bin").resolve("java"))) {
      throw error(n, "javaHome " + text + " has no bin/java");
    }
    return home;
  }

  private List<Candidate> candidates(YamlTree.Node n) {
    if (!n.isList() || n.list().isEmpty()) {
      throw error(n, "candidates must be a list of {name, flags}");
    }
    if (n.list().size() > MAX_CANDIDATES) {
      throw error(n, n.list().size() + " candidates; a plan takes at most " + MAX_CANDIDATES);
    }
    List<Candidate> out = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (YamlTree.Node c : n.list()) {
      Obj o = obj(c, "a candidate");
      String name = name(o, "candidate");
      if (!seen.add(name)) {
        throw error(c, "candidate name '" + name + "' is used twice");
      }
      List<String> flags = o.has("flags") ? o.words("flags") : List.of();
      for (String f : flags) {
        if (!f.startsWith("-")) {
          throw error(o.get("flags"), "candidate '" + name + "': '" + f + "' is not a JVM flag (flags start with '-')");
        }
      }
      String reason = o.string("reason", "");
      Path home = o.has("javaHome") ? javaHome(o.get("javaHome")) : null;
      o.finish();
      out.add(new Candidate(name, flags, reason, home, c.line()));
    }
    return out;
  }

  private List<Level> levels(YamlTree.Node n, Map<String, Goal> planGoals) {
    if (!n.isList() || n.list().isEmpty()) {
      throw error(n, "levels must be a list of load levels ({name, rate or concurrency, duration, ...})");
    }
    if (n.list().size() > MAX_LEVELS) {
      throw error(n, n.list().size() + " levels; a plan takes at most " + MAX_LEVELS);
    }
    List<Level> out = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    for (YamlTree.Node l : n.list()) {
      Obj o = obj(l, "a load level");
      String name = name(o, "level");
      if (!seen.add(name)) {
        throw error(l, "level name '" + name + "' is used twice");
      }
      boolean hasRate = o.has("rate");
      boolean hasConc = o.has("concurrency");
      double rate = hasRate ? o.number("rate", 0, 0.001, 1_000_000) : 0;
      int concurrency = hasConc ? (int) o.integer("concurrency", 0, 1, 10_000) : 0;
      if (!hasRate && !hasConc) {
        throw error(l, "level '" + name + "' needs 'rate: R' (open model, req/s) or 'concurrency: N' (closed model)");
      }
      if (hasRate && !hasConc) {
        concurrency = Math.max(16, Math.min(256, (int) Math.ceil(rate / 10)));
      }
      List<String> urls = o.has("urls") ? o.words("urls") : List.of();
      if (o.has("urls") && urls.isEmpty()) {
        throw error(o.get("urls"), "level '" + name + "': urls is empty");
      }
      urls = joinWeights(urls, o.get("urls"));
      Duration warmup = o.duration("warmup", Duration.ofSeconds(5), Duration.ZERO, MAX_WINDOW);
      Duration duration = o.duration("duration", Duration.ofSeconds(30), Duration.ofSeconds(1), MAX_WINDOW);
      Duration timeout = o.duration("timeout", Duration.ofSeconds(10), Duration.ofMillis(1), MAX_WAIT);
      Map<String, Goal> goals = new LinkedHashMap<>(planGoals);
      if (o.has("goals")) {
        goals.putAll(goals(o.get("goals")));
      }
      LevelRequest request = request(o);
      o.finish();
      out.add(new Level(name, rate, concurrency, urls.isEmpty() ? List.of("/scenario") : urls, warmup, duration,
          timeout, goals, l.line(), request));
    }
    return out;
  }

  /** A level's optional method, headers (a list of 'Name: value'), body and insecure. */
  private LevelRequest request(Obj o) {
    String method = o.string("method", "GET").trim();
    if (method.isEmpty() || !method.chars().allMatch(c -> c > 32 && c < 127)) {
      throw error(o.get("method"), "method '" + method + "' is not an HTTP method such as GET or POST");
    }
    List<String> headers = new ArrayList<>();
    if (o.has("headers")) {
      YamlTree.Node n = o.get("headers");
      if (!n.isList()) {
        throw error(n, "headers is a list of 'Name: value' items");
      }
      for (YamlTree.Node item : n.list()) {
        String h = scalarString(item, "headers").trim();
        if (h.indexOf(':') <= 0) {
          throw error(item, "header '" + h + "' is not 'Name: value'");
        }
        headers.add(h);
      }
    }
    String body = o.string("body", "");
    String insecure = o.string("insecure", "false").trim();
    if (!insecure.equals("true") && !insecure.equals("false")) {
      throw error(o.get("insecure"), "insecure is true or false, not '" + insecure + "'");
    }
    return new LevelRequest(method, headers, body, insecure.equals("true"));
  }

  /** "3 /a" given as a list item stays one entry; a string "3 /a" splits into words, so rejoin weight + path. */
  private List<String> joinWeights(List<String> words, YamlTree.Node n) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      if (w.matches("\\d+") && i + 1 < words.size()) {
        out.add(w + " " + words.get(++i));
      } else if (w.matches("\\d+")) {
        throw error(n, "weight " + w + " is not followed by a URL");
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
      throw error(n, e.getMessage());
    }
    String path = url.url();
    try {
      java.net.URI uri = new java.net.URI(path);
      if (!url.absolute() && !path.startsWith("/") || url.absolute() && uri.getHost() == null) {
        throw new java.net.URISyntaxException(path, "not a path starting with '/' or an http(s) URL with a host");
      }
    } catch (java.net.URISyntaxException e) {
      throw error(n, "'" + path + "' is not a path such as /scenario or an http(s) URL: " + e.getReason());
    }
  }

  private Map<String, Goal> goals(YamlTree.Node n) {
    Obj o = obj(n, "goals");
    Map<String, Goal> out = new LinkedHashMap<>();
    for (Map.Entry<String, YamlTree.Node> e : n.map().entrySet()) {
      String key = e.getKey();
      YamlTree.Node v = e.getValue();
      o.taken.add(key);
      if (key.equals("noFgcOnStartup")) {
        if (!(v.value() instanceof Boolean b)) {
          throw error(v, "noFgcOnStartup must be true or false");
        }
        if (b) {
          out.put(key, new Goal(Metric.STARTUP_FGC, Goal.Kind.AT_MOST, 0, "true", v.line()));
        }
        continue;
      }
      Metric m = Metric.byKey(key).orElseThrow(() -> error(v, "unknown goal '" + key + "'"
          + suggestion(key, goalKeys()) + " (goals: " + String.join(", ", goalKeys()) + ")"));
      String text = v.value() == null ? "" : v.value().toString().trim();
      Matcher rel = RELATIVE.matcher(text);
      Matcher abs = ABSOLUTE.matcher(text);
      Matcher within = WITHIN.matcher(text);
      if (within.matches()) {
        out.put(key, new Goal(m, Goal.Kind.NON_INFERIOR, margin(m, within, v), text, v.line()));
      } else if (rel.matches()) {
        out.put(key, new Goal(m, Goal.Kind.RELATIVE, Double.parseDouble(rel.group(1)), text, v.line()));
      } else if (abs.matches()) {
        Goal.Kind kind = switch (abs.group(1)) {
          case "<=" -> Goal.Kind.AT_MOST;
          case "<" -> Goal.Kind.BELOW;
          case ">=" -> Goal.Kind.AT_LEAST;
          default -> Goal.Kind.ABOVE;
        };
        out.put(key, new Goal(m, kind, Double.parseDouble(abs.group(2)), text, v.line()));
      } else {
        throw error(v, "goal " + key + ": '" + text + "' is neither a change vs the baseline such as '-30%',"
            + " a margin such as 'within +10%' nor a bound such as '<= 4'");
      }
    }
    return out;
  }

  /**
   * A non-inferiority margin, signed towards worse: 'within 10%' on p99 is +10, on throughput -10;
   * a sign pointing towards better is refused.
   */
  private double margin(Metric m, Matcher within, YamlTree.Node v) {
    double size = Double.parseDouble(within.group(2));
    String sign = within.group(1);
    boolean towardsWorse = sign.isEmpty() || sign.equals(m.lowerIsBetter() ? "+" : "-");
    if (!towardsWorse && size != 0) {
      throw error(v, "goal " + m.key() + ": a margin says how much worse it may get, and worse is "
          + (m.lowerIsBetter() ? "higher: write 'within +" : "lower: write 'within -") + within.group(2) + "%'");
    }
    return m.lowerIsBetter() ? size : -size;
  }

  private static List<String> goalKeys() {
    List<String> keys = new ArrayList<>(Metric.keys());
    keys.add("noFgcOnStartup");
    return keys;
  }

  /**
   * The plan's name is for people (reports, messages) and may hold spaces; directories use
   * {@link Plan#fileName()}. Control characters and very long names are refused.
   */
  private String planName(YamlTree.Node n) {
    String name = scalarString(n, "name").strip();
    if (name.isEmpty() || name.length() > 200 || name.chars().anyMatch(Character::isISOControl)) {
      throw error(n, "plan name must be 1 to 200 characters without control characters");
    }
    return name;
  }

  private String name(Obj o, String what) {
    YamlTree.Node n = o.required("name");
    String name = scalarString(n, "name");
    if (!NAME.matcher(name).matches()) {
      throw error(n, what + " name '" + name + "' must be letters, digits, '.', '_' or '-' (up to 64)");
    }
    return name;
  }

  private static String names(List<Candidate> cs) {
    return String.join(", ", cs.stream().map(Candidate::name).toList());
  }

  private static String stem(Path p) {
    String f = p.getFileName().toString();
    int dot = f.lastIndexOf('.');
    return dot > 0 ? f.substring(0, dot) : f;
  }

  PlanException error(YamlTree.Node n, String message) {
    return new PlanException(file + (n != null && n.line() > 0 ? " line " + n.line() : "") + ": " + message);
  }

  private String scalarString(YamlTree.Node n, String key) {
    if (!n.isScalar()) {
      throw error(n, key + " must be a single value");
    }
    return n.value().toString();
  }

  private Obj obj(YamlTree.Node n, String what) {
    if (!n.isMap()) {
      throw error(n, what + " must be a mapping of keys to values");
    }
    return new Obj(n, what);
  }

  static String suggestion(String key, List<String> known) {
    String best = null;
    int bestD = Integer.MAX_VALUE;
    for (String k : known) {
      int d = distance(key.toLowerCase(Locale.ROOT), k.toLowerCase(Locale.ROOT));
      if (d < bestD) {
        bestD = d;
        best = k;
      }
    }
    return best != null && bestD <= Math.max(2, key.length() / 3) ? "; did you mean '" + best + "'?" : "";
  }

  private static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }

  /** Keys of one mapping, taken one by one; {@link #finish()} rejects the ones nobody took. */
  private final class Obj {
    private final YamlTree.Node node;
    private final String what;
    private final Set<String> taken = new LinkedHashSet<>();
    private final Set<String> asked = new LinkedHashSet<>();

    Obj(YamlTree.Node node, String what) {
      this.node = node;
      this.what = what;
    }

    boolean has(String key) {
      asked.add(key);
      return node.map().containsKey(key) && node.map().get(key).value() != null;
    }

    YamlTree.Node get(String key) {
      asked.add(key);
      taken.add(key);
      return node.map().get(key);
    }

    YamlTree.Node required(String key) {
      asked.add(key);
      YamlTree.Node n = node.map().get(key);
      if (n == null || n.value() == null) {
        throw error(node, what + " has no '" + key + "'");
      }
      taken.add(key);
      return n;
    }

    String string(String key, String dflt) {
      if (!has(key)) {
        taken.add(key);
        return dflt;
      }
      return scalarString(get(key), key);
    }

    long integer(String key, long dflt, long min, long max) {
      if (!has(key)) {
        taken.add(key);
        return dflt;
      }
      YamlTree.Node n = get(key);
      if (!(n.value() instanceof Long v)) {
        throw error(n, key + " must be a whole number, not '" + n.value() + "'");
      }
      if (v < min || v > max) {
        throw error(n, key + " must be between " + min + " and " + max + ", not " + v);
      }
      return v;
    }

    double number(String key, double dflt, double min, double max) {
      if (!has(key)) {
        taken.add(key);
        return dflt;
      }
      YamlTree.Node n = get(key);
      if (!(n.value() instanceof Number v)) {
        throw error(n, key + " must be a number, not '" + n.value() + "'");
      }
      double d = v.doubleValue();
      if (!(d >= min && d <= max)) {
        throw error(n, key + " must be between " + min + " and " + max + ", not " + d);
      }
      return d;
    }

    /** A duration from {@code min} to {@code max}, both included. */
    Duration duration(String key, Duration dflt, Duration min, Duration max) {
      if (!has(key)) {
        taken.add(key);
        return dflt;
      }
      YamlTree.Node n = get(key);
      String text = scalarString(n, key);
      Duration d;
      try {
        d = DurationText.parse(text, key);
      } catch (LoadException | IllegalArgumentException e) {
        throw error(n, e.getMessage());
      }
      if (d.compareTo(min) < 0 || d.compareTo(max) > 0) {
        throw error(n, key + " must be between " + DurationText.format(min) + " and " + DurationText.format(max)
            + ", not '" + text.trim() + "'");
      }
      return d;
    }

    /** A string split on whitespace, or a list of strings (each item kept whole). */
    List<String> words(String key) {
      YamlTree.Node n = get(key);
      if (n.isList()) {
        List<String> out = new ArrayList<>();
        for (YamlTree.Node item : n.list()) {
          String s = scalarString(item, key).trim();
          if (!s.isEmpty()) {
            out.add(s);
          }
        }
        return out;
      }
      String s = scalarString(n, key).trim();
      return s.isEmpty() ? List.of() : List.of(s.split("\\s+"));
    }

    void finish() {
      for (Map.Entry<String, YamlTree.Node> e : node.map().entrySet()) {
        if (!taken.contains(e.getKey()) && !asked.contains(e.getKey())) {
          throw error(e.getValue().line() > 0 ? e.getValue() : node, "unknown key '" + e.getKey() + "' in " + what
              + suggestion(e.getKey(), List.copyOf(asked)) + " (known: " + String.join(", ", asked) + ")");
        }
      }
    }
  }
}
