package io.jtune.experiment.plan;

import io.jtune.runtime.container.ContainerLimits;
import java.io.IOException;
import java.io.Writer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes a {@link Plan} as the YAML {@link PlanReader} reads, for people to read and edit: each
 * candidate's reason as a folded paragraph, comments on what the goals mean and what a
 * candidate changes against the baseline, and the run count. Goals every level shares are
 * written once at the top ({@link PlanReader} gives every level the plan's goals with its own
 * on top), so reading the output back gives an equal plan (line numbers and source aside).
 */
public final class PlanWriter {
  private static final int WIDTH = 96;

  private List<String> header = List.of();
  private List<String> targetNote = List.of();

  /** Comment lines at the top of the file (wrapped; may be empty). */
  public PlanWriter header(List<String> lines) {
    this.header = List.copyOf(lines);
    return this;
  }

  /** Comment lines at the top of the target section, such as "edit the command". */
  public PlanWriter targetNote(List<String> lines) {
    this.targetNote = List.copyOf(lines);
    return this;
  }

  /** The plan as YAML text. */
  public String write(Plan plan) {
    return written(plan).text();
  }

  /**
   * A plan as written: the YAML text, and the plan as {@link PlanReader} gives it back from that
   * text (each part with the line it is written on, each level's goals in the file's order: the
   * plan's common goals, then the level's own), so a caller can run the plan object and still name
   * the lines of the file it saved.
   */
  public record Written(String text, Plan plan) {
  }

  /** The plan written, with the plan as read back from the text ({@link Written}). */
  public Written written(Plan plan) {
    StringBuilder sb = new StringBuilder();
    Out out = new Out(sb);
    out.plan(plan);
    return new Written(sb.toString(), out.asRead(plan));
  }

  /** Writes the plan as YAML to {@code out}. */
  public void write(Plan plan, Writer out) throws IOException {
    out.write(write(plan));
    out.flush();
  }

  /** The plan as YAML, without header comments. */
  public static String toYaml(Plan plan) {
    return new PlanWriter().write(plan);
  }

  /** One rendering: the lines of the document. */
  private final class Out {
    private final StringBuilder sb;
    private int lines;
    // where each part was written, as the reader numbers lines (from 1)
    private int targetLine;
    private final Map<String, Integer> candidateLines = new LinkedHashMap<>();
    private final Map<String, Integer> levelLines = new LinkedHashMap<>();
    private final Map<String, Goal> commonGoals = new LinkedHashMap<>();
    private final Map<String, Map<String, Goal>> ownGoals = new LinkedHashMap<>();

    Out(StringBuilder sb) {
      this.sb = sb;
    }

    /** The plan as the reader gives it back from the text written. */
    Plan asRead(Plan p) {
      ServiceSpec t = p.target();
      ServiceSpec target = new ServiceSpec(t.lab(), t.labArgs(), t.command(), t.ready(), t.readyTimeout(),
          t.javaHome(), t.workDir(), targetLine);
      List<Candidate> cs = new ArrayList<>();
      for (Candidate c : p.candidates()) {
        cs.add(c.withLine(candidateLines.get(c.name())));
      }
      List<Level> ls = new ArrayList<>();
      for (Level l : p.levels()) {
        Map<String, Goal> goals = new LinkedHashMap<>(commonGoals);
        goals.putAll(ownGoals.get(l.name()));
        ls.add(l.withGoals(goals).withLine(levelLines.get(l.name())));
      }
      return p.withTarget(target).withCandidates(p.baseline(), cs).withLevels(ls);
    }

    void blank() {
      sb.append('\n');
      lines++;
    }

    void plan(Plan p) {
      comment("", header);
      if (!header.isEmpty()) {
        blank();
      }
      line("", "name: " + YamlText.quote(p.name()));
      target(p.target());
      if (p.limits().any()) {
        comment("", List.of("The service's whole process tree runs in a fresh cgroup with these limits, as in its"
            + " container (Kubernetes resources.limits): the JVM's ergonomics read them, the kernel kills it at"
            + " the memory limit and throttles it at the CPU quota."));
        limits("", p.limits());
      }
      blank();
      line("", "baseline: " + YamlText.quote(p.baseline()));
      line("", "candidates:");
      Candidate base = p.baselineCandidate();
      for (Candidate c : p.candidates()) {
        candidate(c, c == base ? null : base);
      }
      blank();
      Map<String, Goal> common = commonGoals(p.levels());
      List<String> legend = goalLegend(p.levels());
      if (!common.isEmpty()) {
        comment("", legend);
        comment("", List.of("These apply at every level; a level's own goals add to or override them."));
        line("", "goals:");
        goals("  ", common.values(), commonGoals);
        blank();
      } else if (p.levels().stream().anyMatch(l -> !l.goals().isEmpty())) {
        comment("", legend);
      }
      line("", "levels:");
      for (Level l : p.levels()) {
        level(l, common);
      }
      blank();
      comment("", List.of(runCount(p)));
      line("", "repetitions: " + p.repetitions());
      line("", "order: " + YamlText.quote(p.order().key()) + "  # interleaved (A B C A B C) spreads machine drift over the candidates");
      if (p.shuffle() > 0) {
        line("", "shuffle: " + p.shuffle() + "  # each round's candidates shuffled (the same number, the same order)");
      }
      line("", "earlyStopping: " + p.earlyStopping() + "  # stop repetitions once the verdict is settled; false: run all");
      line("", "cooldown: " + YamlText.quote(YamlText.duration(p.cooldown())));
      if (p.maxDuration() != null) {
        line("", "maxDuration: " + YamlText.quote(YamlText.duration(p.maxDuration()))
            + "  # no run starts after this much wall time; the report uses the runs done");
      }
    }

    void target(ServiceSpec t) {
      line("", "target:");
      comment("  ", targetNote);
      targetLine = lines + 1;
      if (t.isLab()) {
        line("  ", "lab: " + YamlText.quote(t.lab()));
        if (!t.labArgs().isEmpty()) {
          line("  ", "labArgs: " + YamlText.list(t.labArgs()));
        }
      } else {
        line("  ", "command: " + YamlText.quote(t.command()));
        line("  ", "ready: " + YamlText.quote(t.ready()));
      }
      line("  ", "readyTimeout: " + YamlText.quote(YamlText.duration(t.readyTimeout())));
      if (t.javaHome() != null) {
        line("  ", "javaHome: " + YamlText.quote(YamlText.path(t.javaHome())));
      }
      if (t.workDir() != null) {
        line("  ", "workDir: " + YamlText.quote(YamlText.path(t.workDir())));
      }
    }

    void candidate(Candidate c, Candidate base) {
      if (base != null && !base.flags().isEmpty()) {
        List<String> added = new ArrayList<>(c.flags());
        added.removeAll(base.flags());
        List<String> dropped = new ArrayList<>(base.flags());
        dropped.removeAll(c.flags());
        String change = (added.isEmpty() ? "" : "adds " + String.join(" ", added))
            + (dropped.isEmpty() ? "" : (added.isEmpty() ? "" : "; ") + "drops " + String.join(" ", dropped));
        comment("  ", List.of("vs baseline: " + (change.isEmpty() ? "the same flags" : change)));
      }
      if (c.limits().any()) {
        comment("  ", List.of("its own container limits (" + c.limits().describe() + ") over the level's, for its runs"
            + " only"));
      }
      candidateLines.put(c.name(), lines + 1);
      line("  ", "- name: " + YamlText.quote(c.name()));
      if (c.flags().size() <= 4) {
        line("    ", "flags: " + YamlText.list(c.flags()));
      } else {
        line("    ", "flags:");
        for (String f : c.flags()) {
          line("      ", "- " + YamlText.quote(f));
        }
      }
      if (!c.reason().isEmpty()) {
        text("    ", "reason", c.reason());
      }
      if (c.javaHome() != null) {
        line("    ", "javaHome: " + YamlText.quote(YamlText.path(c.javaHome())));
      }
      if (!c.params().isEmpty()) {
        // the application's own parameters: {NAME} in a command, --NAME VALUE for the lab
        line("    ", "params: {" + String.join(", ", c.params().entrySet().stream()
            .map(e -> e.getKey() + ": " + YamlText.quote(e.getValue())).toList()) + "}");
      }
      if (c.limits().any()) {
        limits("    ", c.limits());
      }
    }

    void level(Level l, Map<String, Goal> common) {
      levelLines.put(l.name(), lines + 1);
      line("  ", "- name: " + YamlText.quote(l.name()));
      if (l.open()) {
        line("    ", "rate: " + YamlText.number(l.rateRps()) + "  # req/s on a fixed schedule (open model)");
        line("    ", "concurrency: " + l.concurrency() + "  # most requests in flight");
      } else {
        line("    ", "concurrency: " + l.concurrency() + "  # clients, each sending when its last request answered (closed model)");
      }
      line("    ", "urls: " + YamlText.list(l.urls()));
      LevelRequest request = l.request();
      if (!request.isDefault()) {
        line("    ", "method: " + YamlText.quote(request.method()));
        if (!request.headers().isEmpty()) {
          // a secret given in clear is never written: a reference (${env:NAME}) is, else the value is redacted
          line("    ", "headers: " + YamlText.list(request.headersForFile()));
        }
        if (!request.body().isEmpty()) {
          line("    ", "body: " + YamlText.quote(request.body()));
        }
        if (request.bodyFile() != null) {
          // the plan refers to the body's file and its checksum; the bytes stay in the file
          BodyFile f = request.bodyFile();
          line("    ", "bodyFile:  # the request body: this file's bytes, checked against the SHA-256 before sending");
          line("      ", "path: " + YamlText.quote(YamlText.path(f.path())));
          line("      ", "sha256: " + YamlText.quote(f.sha256()));
          line("      ", "bytes: " + f.size());
        }
        if (request.data() != null) {
          line("    ", "data:  # templates take ${COLUMN} values from this file's rows");
          line("      ", "path: " + YamlText.quote(YamlText.path(request.data().path())));
          line("      ", "order: " + YamlText.quote(request.data().order().text()));
        }
        if (request.replay() != null) {
          LevelRequest.ReplaySource r = request.replay();
          line("    ", "replay:  # the requests of this access log are sent, to the target's host and port");
          line("      ", "path: " + YamlText.quote(YamlText.path(r.path())));
          if (r.speed() > 0) {
            line("      ", "speed: " + YamlText.quote(YamlText.number(r.speed()) + "x")
                + "  # its recorded time shape, this many times faster");
          }
          if (!r.groups().isEmpty()) {
            line("      ", "groups: " + YamlText.list(r.groups()));
          }
        }
        if (request.insecure()) {
          line("    ", "insecure: true  # https:// certificates are not checked (for testing only)");
        }
        if (request.users().cookies()) {
          line("    ", "cookies: true  # each connection is a user that keeps the cookies the service sets");
        }
        if (request.users().rotate()) {
          line("    ", "requestsPerUser: " + request.users().requestsPerUser()
              + "  # then a new user with no cookies takes the connection (a new session)");
        }
      }
      line("    ", "warmup: " + YamlText.quote(YamlText.duration(l.warmup())));
      if (l.steadyWarmup()) {
        line("    ", "maxWarmup: " + YamlText.quote(YamlText.duration(l.maxWarmup()))
            + "  # the warm-up goes on until throughput, latency and JIT compilation are steady, at most this long");
      }
      if (l.ramped()) {
        line("    ", "rampUp: " + YamlText.quote(YamlText.duration(l.rampUp()))
            + "  # the rate grows from 0 over the warm-up's first part (a cold JIT starts without a backlog)");
      }
      line("    ", "duration: " + YamlText.quote(YamlText.duration(l.duration())));
      line("    ", "timeout: " + YamlText.quote(YamlText.duration(l.timeout())));
      if (l.limits().any()) {
        limits("    ", l.limits());
      }
      List<Goal> own = new ArrayList<>();
      for (Map.Entry<String, Goal> e : l.goals().entrySet()) {
        if (!common.containsKey(e.getKey())) {
          own.add(e.getValue());
        }
      }
      Map<String, Goal> ownRead = new LinkedHashMap<>();
      ownGoals.put(l.name(), ownRead);
      if (!own.isEmpty()) {
        own.sort((a, b) -> a.key().compareTo(b.key()));
        line("    ", "goals:");
        goals("      ", own, ownRead);
      }
    }

    /** Writes container limits as the user gave them ({@code 512Mi} stays {@code 512Mi}). */
    void limits(String indent, ContainerLimits limits) {
      line(indent, "limits:");
      if (limits.memory() != null) {
        line(indent + "  ", "memory: " + YamlText.quote(limits.memory().toString()));
      }
      if (limits.cpus() != null) {
        line(indent + "  ", "cpu: " + YamlText.quote(limits.cpus().toString()));
      }
    }

    /** Writes the goals; {@code read} gets each as the reader gives it back (its line, "true" for a flag). */
    void goals(String indent, Iterable<Goal> goals, Map<String, Goal> read) {
      for (Goal g : goals) {
        boolean flag = g.key().equals("noFgcOnStartup");
        String value = flag ? "true" : YamlText.quote(g.text());
        read.put(g.key(), new Goal(g.metric(), g.kind(), g.value(), flag ? "true" : g.text(), lines + 1));
        line(indent, g.key() + ": " + value + "  # " + meaning(g));
      }
    }

    /** A text value: a folded paragraph where that reads back exactly, else a quoted string. */
    void text(String indent, String key, String value) {
      if (!YamlText.foldable(value)) {
        line(indent, key + ": " + YamlText.quote(value));
        return;
      }
      line(indent, key + ": >-");
      for (String l : YamlText.wrap(value, WIDTH - indent.length() - 2)) {
        line(indent + "  ", l);
      }
    }

    void comment(String indent, List<String> lines) {
      for (String text : lines) {
        for (String para : text.split("\n", -1)) {
          for (String l : YamlText.wrap(para, WIDTH - indent.length() - 2)) {
            line(indent, l.isEmpty() ? "#" : "# " + l);
          }
        }
      }
    }

    void line(String indent, String text) {
      sb.append(indent).append(text).append('\n');
      lines++;
    }
  }

  /** What the goals mean, for the comment above them: the kinds of goal the plan uses. */
  static List<String> goalLegend(List<Level> levels) {
    boolean nonInferior = levels.stream().flatMap(l -> l.goals().values().stream())
        .anyMatch(g -> g.kind() == Goal.Kind.NON_INFERIOR);
    List<String> out = new ArrayList<>();
    out.add("Goals (set per load level, since GC behaviour grows with load) judge each"
        + " candidate against the baseline at the same level. '-30%' is a change vs the baseline: for"
        + " latency and GC metrics at least 30 % lower, shown by a 95 % interval wholly below zero; for"
        + " throughputRps '-5%' means it may lose at most 5 %. '<= 4' is an absolute bound.");
    if (nonInferior) {
      out.add("'within +10%' is a non-inferiority goal: the metric may get worse by at most the margin"
          + " (for throughputRps 'within -5%': at most 5 % lower). It is met when the 95 % confidence interval"
          + " of the change stays inside the margin; a significant change beyond the margin is a regression"
          + " that rules the candidate out; an interval that reaches past the margin without a significant"
          + " regression is not settled, and more repetitions would settle it. The goals the problem asks to"
          + " improve are the relative ones; every other metric only has to stay within its margin.");
    }
    return out;
  }

  /** Goals every level has, equal in all of them; empty with no levels. */
  static Map<String, Goal> commonGoals(List<Level> levels) {
    Map<String, Goal> common = new LinkedHashMap<>();
    if (levels.isEmpty()) {
      return common;
    }
    List<Goal> first = new ArrayList<>(levels.get(0).goals().values());
    first.sort((a, b) -> Integer.compare(order(a), order(b)));
    for (Goal g : first) {
      boolean everywhere = levels.stream().allMatch(l -> sameGoal(l.goals().get(g.key()), g));
      if (everywhere) {
        common.put(g.key(), g);
      }
    }
    return common;
  }

  /** Goals in the order of their metric (throughput, latency, then GC), startup last. */
  private static int order(Goal g) {
    return g.key().equals("noFgcOnStartup") ? Integer.MAX_VALUE : g.metric().ordinal();
  }

  private static boolean sameGoal(Goal a, Goal b) {
    return a != null && a.metric() == b.metric() && a.kind() == b.kind() && a.value() == b.value()
        && a.text().equals(b.text());
  }

  /** What a goal asks, such as "latency p99: at least 30% lower than the baseline". */
  static String meaning(Goal g) {
    if (g.key().equals("noFgcOnStartup")) {
      return "no Full GC while the target starts (a deploy triggers no Full GC)";
    }
    Metric m = g.metric();
    String unit = m.unit().isEmpty() ? "" : " " + m.unit();
    String v = YamlText.number(Math.abs(g.value()));
    String what = switch (g.kind()) {
      case RELATIVE -> {
        boolean lower = g.value() < 0;
        if (g.value() == 0) {
          yield "no " + (m.lowerIsBetter() ? "higher" : "lower") + " than the baseline";
        }
        if (m.lowerIsBetter()) {
          yield lower ? "at least " + v + "% lower than the baseline" : "at most " + v + "% higher than the baseline";
        }
        yield lower ? "at most " + v + "% lower than the baseline" : "at least " + v + "% higher than the baseline";
      }
      case NON_INFERIOR -> "no worse than " + v + "% " + (m.lowerIsBetter() ? "higher" : "lower")
          + " than the baseline (the 95 % interval's worse end inside the margin)";
      case AT_MOST -> "at most " + YamlText.number(g.value()) + unit;
      case BELOW -> "below " + YamlText.number(g.value()) + unit;
      case AT_LEAST -> "at least " + YamlText.number(g.value()) + unit;
      case ABOVE -> "above " + YamlText.number(g.value()) + unit;
    };
    return m.label() + ": " + what;
  }

  private static String runCount(Plan p) {
    int runs = p.schedule().size();
    Duration total = Duration.ZERO;
    for (Level l : p.levels()) {
      total = total.plus(l.warmup().plus(l.duration()).plus(p.cooldown())
          .multipliedBy((long) p.repetitions() * p.candidates().size()));
    }
    long minutes = Math.max(1, Math.round(total.toSeconds() / 60.0));
    return String.format(Locale.US, "%d candidates x %d levels x %d repetitions = %d runs, about %d minutes of"
        + " load and cooldown (plus each JVM's start-up).", p.candidates().size(), p.levels().size(),
        p.repetitions(), runs, minutes);
  }
}
