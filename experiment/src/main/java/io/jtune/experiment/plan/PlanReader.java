package io.jtune.experiment.plan;

import io.jtune.runtime.container.ContainerLimits;
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
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads an experiment plan (YAML, see {@code experiment/PLAN.md}) strictly: unknown keys,
 * wrong types, a missing baseline, duplicate names and impossible values are errors whose one
 * line names the plan file and line.
 */
public final class PlanReader {
  /** Plans are a few KB; anything this big is a mistake, refused before it is parsed. */
  public static final int MAX_PLAN_BYTES = 1 << 20;
  private static final int MAX_CANDIDATES = 100;
  // sane ranges: a run longer than a day or a wait longer than an hour is a typo, not a plan
  /** The longest warm-up or measured window of a level a plan may give. */
  public static final Duration MAX_WINDOW = Duration.ofHours(24);
  /** The longest wait a plan may give (a response, the service to be ready, a cool-down). */
  public static final Duration MAX_WAIT = Duration.ofHours(1);
  /** The longest cap on an experiment's wall time ({@code maxDuration}). */
  public static final Duration MAX_DURATION = Duration.ofDays(7);

  private final PlanSyntax syntax;
  private final Path base;
  private final GoalReader goalReader;
  private final LevelReader levelReader;

  private PlanReader(String file, Path base) {
    this.base = base;
    this.syntax = new PlanSyntax(file);
    this.goalReader = new GoalReader(syntax);
    this.levelReader = new LevelReader(syntax, goalReader, base);
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
    YamlTree.Node root = YamlTree.read(in, syntax.file());
    PlanObject top = syntax.obj(root, "the plan");
    String name = top.has("name") ? planName(top.get("name")) : null;
    ServiceSpec target = target(top.required("target"));
    String baseline = top.string("baseline", null);
    YamlTree.Node candNode = top.required("candidates");
    List<Candidate> candidates = candidates(candNode);
    Map<String, Goal> planGoals = top.has("goals") ? goalReader.read(top.get("goals")) : Map.of();
    List<Level> levels = levelReader.read(top.required("levels"), planGoals);
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
    ContainerLimits limits = LimitsReader.read(syntax, top, "limits");
    Duration maxDuration = top.duration("maxDuration", null, Duration.ofSeconds(1), MAX_DURATION);
    boolean earlyStopping = true;
    if (top.has("earlyStopping")) {
      String e = top.string("earlyStopping", "true");
      if (!e.equals("true") && !e.equals("false")) {
        throw error(top.get("earlyStopping"), "earlyStopping must be true or false, not '" + e + "'");
      }
      earlyStopping = e.equals("true");
    }
    int shuffle = (int) top.integer("shuffle", 0, 0, Integer.MAX_VALUE);
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
        baseline, candidates, levels, repetitions, order, cooldown, source, limits, maxDuration, earlyStopping, shuffle);
    checkParams(target, candidates);
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
    PlanObject o = syntax.obj(n, "target");
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
    String text = syntax.scalarString(n, "javaHome");
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
      PlanObject o = syntax.obj(c, "a candidate");
      String name = syntax.name(o, "candidate");
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
      Map<String, String> params = o.has("params") ? params(o.get("params"), name) : Map.of();
      ContainerLimits limits = candidateLimits(o, name);
      o.finish();
      out.add(new Candidate(name, flags, reason, home, c.line(), params, limits));
    }
    return out;
  }

  /** A candidate's own {@code limits:}, its errors naming the candidate; none when it has none. */
  private ContainerLimits candidateLimits(PlanObject o, String name) {
    try {
      return LimitsReader.read(syntax, o, "limits");
    } catch (PlanException e) {
      // "plan.yaml line 12: limits: cpu ..." -> "plan.yaml line 12: candidate 'small': limits: cpu ..."
      String m = e.getMessage();
      int at = m.indexOf(": ");
      throw new PlanException(at < 0 ? "candidate '" + name + "': " + m
          : m.substring(0, at + 2) + "candidate '" + name + "': " + m.substring(at + 2), e);
    }
  }

  /** A candidate's {@code params:}: a mapping of parameter names to values ({@link AppParams}). */
  private Map<String, String> params(YamlTree.Node n, String candidate) {
    if (!n.isMap()) {
      throw error(n, "candidate '" + candidate + "': params must be a mapping of NAME: VALUE, e.g. {threads: 32}");
    }
    Map<String, String> out = new java.util.LinkedHashMap<>();
    for (Map.Entry<String, YamlTree.Node> e : n.map().entrySet()) {
      String value = syntax.scalarString(e.getValue(), e.getKey()).trim();
      if (!AppParams.NAME.matcher(e.getKey()).matches() || AppParams.RESERVED.contains(e.getKey())) {
        throw error(e.getValue(), "candidate '" + candidate + "': parameter name '" + e.getKey()
            + "' must be a lower-case letter, then letters, digits or '-', and not one jtune fills");
      }
      if (!AppParams.VALUE.matcher(value).matches()) {
        throw error(e.getValue(), "candidate '" + candidate + "': parameter " + e.getKey() + " value '" + value
            + "' must be letters, digits, '.', '_' or '-' (up to 32)");
      }
      out.put(e.getKey(), value);
    }
    return out;
  }

  /**
   * Every candidate's parameters reach the target (a lab option it has, a placeholder of the
   * command), and every placeholder of the command without a default has a value in every
   * candidate.
   */
  private void checkParams(ServiceSpec target, List<Candidate> candidates) {
    for (Candidate c : candidates) {
      for (String name : c.params().keySet()) {
        String problem = AppParams.problem(name, target);
        if (problem != null) {
          throw new PlanException(where(c.line()) + "candidate '" + c.name() + "': " + problem);
        }
      }
      if (!target.isLab()) {
        AppParams.placeholders(target.command()).forEach((name, dflt) -> {
          if (dflt == null && !c.params().containsKey(name)) {
            throw new PlanException(where(c.line()) + "candidate '" + c.name() + "' has no value for the command's {"
                + name + "}: give it in its params, or the service's own value as {" + name + ":VALUE} in the command");
          }
        });
      }
    }
  }

  private String where(int line) {
    return syntax.file() + (line > 0 ? " line " + line : "") + ": ";
  }

  /**
   * The plan's name is for people (reports, messages) and may hold spaces; directories use
   * {@link Plan#fileName()}. Control characters and very long names are refused.
   */
  private String planName(YamlTree.Node n) {
    String name = syntax.scalarString(n, "name").strip();
    if (name.isEmpty() || name.length() > 200 || name.chars().anyMatch(Character::isISOControl)) {
      throw error(n, "plan name must be 1 to 200 characters without control characters");
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

  private PlanException error(YamlTree.Node n, String message) {
    return syntax.error(n, message);
  }
}
