package io.jtune.experiment.report;

import io.jtune.common.format.Json;
import static io.jtune.common.format.JsonNumbers.round;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Goal;
import io.jtune.experiment.plan.LevelRequest;
import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.run.RunResult;
import io.jtune.runtime.container.ContainerLimits;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The experiment report as JSON, schema {@value #SCHEMA} (documented in experiment/README.md;
 * JSON Schema in schemas/jtune.experiment-1.schema.json).
 */
public final class ExperimentJson {
  public static final String SCHEMA = "jtune.experiment/1";

  /** Decimals of metric values: enough for a p99 in microseconds and a GC time share of 0.01 %. */
  private static final int DECIMALS = 4;

  private ExperimentJson() {}

  public static void write(ExperimentReport r, Writer out) {
    try {
      Json.write(tree(r), out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static ObjectNode earlyStop(EarlyStop e) {
    ObjectNode n = Json.object();
    n.put("design", e.design());
    n.put("stoppedEarly", e.stoppedEarly());
    n.put("runsPlanned", e.runsPlanned());
    n.put("runsDone", e.runsDone());
    n.put("runsSkipped", e.runsSkipped());
    n.put("runMinutes", Math.round(e.runMinutes() * 100) / 100.0);
    n.put("fixedRunMinutes", Math.round(e.fixedRunMinutes() * 100) / 100.0);
    n.put("pctOfFixed", Math.round(e.pctOfFixed() * 10) / 10.0);
    ArrayNode stops = n.putArray("stops");
    for (EarlyStop.Stop s : e.stops()) {
      ObjectNode sn = stops.addObject();
      sn.put("level", s.level());
      sn.put("candidate", s.candidate());
      sn.put("rounds", s.rounds());
      sn.put("why", s.why());
    }
    return n;
  }

  public static ObjectNode tree(ExperimentReport r) {
    ObjectNode root = Json.object();
    root.put("schema", SCHEMA);
    var plan = r.plan();
    ObjectNode p = root.putObject("plan");
    p.put("name", plan.name());
    p.put("target", plan.target().describe());
    strings(p.putArray("targetFlags"), r.baseFlags());
    p.put("baseline", plan.baseline());
    p.put("repetitions", plan.repetitions());
    p.put("order", plan.order().key());
    p.put("earlyStopping", plan.earlyStopping());
    if (plan.shuffle() > 0) {
      p.put("shuffle", plan.shuffle());
    }
    if (plan.limits().any()) {
      p.set("limits", limits(plan.limits()));
    }
    if (plan.maxDuration() != null) {
      p.put("maxDurationS", plan.maxDuration().toMillis() / 1000.0);
    }
    ArrayNode cands = p.putArray("candidates");
    for (Candidate c : plan.candidates()) {
      ObjectNode cn = cands.addObject();
      cn.put("name", c.name());
      strings(cn.putArray("flags"), c.flags());
      cn.put("reason", c.reason());
      if (c.limits().any()) {
        cn.set("limits", limits(c.limits()));
      }
    }
    if (r.earlyStop() != null) {
      root.set("earlyStopping", earlyStop(r.earlyStop()));
    }
    ObjectNode runs = root.putObject("runs");
    runs.put("planned", r.runsPlanned());
    runs.put("done", r.runs().size());
    runs.put("failed", r.runs().stream().filter(x -> !x.ok()).count());
    ArrayNode list = runs.putArray("list");
    for (RunResult x : r.runs()) {
      ObjectNode rn = list.addObject();
      rn.put("id", x.id());
      rn.put("status", x.status());
      if (x.failure() != null) {
        rn.put("failure", x.failure());
      }
      if (x.gcAttribution() != null) {
        rn.set("gcAttribution", Json.mapper().valueToTree(x.gcAttribution()));
      }
      if (x.nativeMemory() != null) {
        ObjectNode nm = rn.putObject("nativeMemory");
        nm.setAll((ObjectNode) Json.mapper().valueToTree(x.nativeMemory()));
        nm.put("nonHeapBytes", x.nativeMemory().nonHeapBytes());
        double pct = x.nativeMemory().committedVsRssPct();
        if (!Double.isNaN(pct)) {
          nm.put("committedVsRssPct", round(pct, 2));
        }
        if (!Double.isNaN(x.nativeMemory().nonHeapVsAnonPct())) {
          nm.put("nonHeapVsAnonPct", round(x.nativeMemory().nonHeapVsAnonPct(), 2));
        }
        if (!Double.isNaN(x.nativeMemory().accountedVsAnonPct())) {
          nm.put("accountedVsAnonPct", round(x.nativeMemory().accountedVsAnonPct(), 2));
        }
      }
      if (x.container() != null) {
        rn.set("container", Json.mapper().valueToTree(x.container()));
      }
      if (x.ergonomics() != null) {
        rn.set("ergonomics", Json.mapper().valueToTree(x.ergonomics()));
      }
      if (x.steadiness() != null) {
        rn.set("steadiness", Json.mapper().valueToTree(x.steadiness()));
      }
    }
    List<Overload.Finding> overloads = Overload.of(plan, r.runs());
    ArrayNode levels = root.putArray("levels");
    for (var l : r.levels()) {
      ObjectNode ln = levels.addObject();
      ln.put("name", l.level().name());
      if (plan.limitsAt(l.level()).any()) {
        ln.set("limits", limits(plan.limitsAt(l.level())));
      }
      ObjectNode load = ln.putObject("load");
      load.put("model", l.level().open() ? "open" : "closed");
      if (l.level().open()) {
        load.put("rateRps", round(l.level().rateRps(), 3));
      }
      load.put("concurrency", l.level().concurrency());
      load.put("warmupS", l.level().warmup().toMillis() / 1000.0);
      load.put("maxWarmupS", l.level().maxWarmup().toMillis() / 1000.0);
      if (l.level().ramped()) {
        load.put("rampUpS", l.level().rampUp().toMillis() / 1000.0);
      }
      load.put("durationS", l.level().duration().toMillis() / 1000.0);
      LevelRequest request = l.level().request();
      if (!request.isDefault()) {
        // header values may be credentials: the plan keeps them, the report names the headers
        ObjectNode rq = load.putObject("request");
        rq.put("method", request.method());
        strings(rq.putArray("headerNames"), request.headers().stream()
            .map(h -> h.substring(0, h.indexOf(':')).strip()).toList());
        rq.put("bodyBytes", request.bodyLength());
        rq.put("insecure", request.insecure());
        rq.put("cookies", request.users().cookies());
        if (request.users().rotate()) {
          rq.put("requestsPerUser", request.users().requestsPerUser());
        } else {
          rq.putNull("requestsPerUser");
        }
      }
      ArrayNode goals = ln.putArray("goals");
      for (Goal g : l.level().goals().values()) {
        goals.add(g.describe());
      }
      Map<String, String> collectorChanges = ContainerText.collectorChangeByCandidate(plan, r.baseFlags(), l.level(),
          r.runs().stream().filter(x -> x.level().equals(l.level().name())).toList());
      ArrayNode cs = ln.putArray("candidates");
      for (var c : l.candidates()) {
        ObjectNode cn = cs.addObject();
        cn.put("name", c.candidate().name());
        cn.put("baseline", c.baseline());
        cn.put("okRuns", c.okRuns());
        cn.put("failedRuns", c.failedRuns());
        overloads.stream().filter(f -> f.level().equals(l.level().name()) && f.candidate().equals(c.candidate().name()))
            .findFirst().ifPresent(f -> {
              ObjectNode on = cn.putObject("overload");
              on.put("offeredRps", round(f.offeredRps(), 3));
              on.put("capacityRps", round(f.capacityRps(), 3));
              on.put("runs", f.runs());
              on.put("limitedBy", f.limitedBy());
              on.put("text", f.words());
            });
        List<RunResult> mine = r.runs().stream().filter(x -> x.level().equals(l.level().name())
            && x.candidate().equals(c.candidate().name())).toList();
        ContainerLimits own = plan.limitsFor(c.candidate(), l.level());
        if (!own.sameAs(plan.limitsAt(l.level()))) {
          cn.set("limits", limits(own));
          cn.put("limitsText", ContainerText.versusBaseline(own, plan.limitsFor(plan.baselineCandidate(), l.level())));
        }
        String collectorChange = collectorChanges.get(c.candidate().name());
        if (collectorChange != null) {
          cn.put("collectorChange", collectorChange);
        }
        if (mine.stream().anyMatch(x -> x.container() != null)) {
          cn.put("oomKilledRuns", ContainerText.oomKilledRuns(mine, c.candidate().name()));
        }
        mine.stream().filter(x -> x.ergonomics() != null).findFirst().ifPresent(x -> {
          ObjectNode e = Json.mapper().valueToTree(x.ergonomics());
          e.put("text", x.ergonomics().describe());
          cn.set("ergonomics", e);
        });
        ObjectNode ms = cn.putObject("metrics");
        for (Map.Entry<Metric, Summary> e : c.metrics().entrySet()) {
          Summary s = e.getValue();
          ObjectNode mn = ms.putObject(e.getKey().key());
          boolean count = e.getKey().isCount();
          num(mn, "mean", s.mean());
          num(mn, "sd", s.sd());
          value(mn, "min", s.min(), count);
          value(mn, "max", s.max(), count);
          ArrayNode vs = mn.putArray("values");
          s.values().forEach(v -> vs.add(count && v == Math.rint(v) ? Json.mapper().getNodeFactory().numberNode(v.longValue())
              : Json.mapper().getNodeFactory().numberNode(round(v, DECIMALS))));
        }
        if (!c.baseline()) {
          ObjectNode ds = cn.putObject("deltas");
          for (Map.Entry<Metric, Delta> e : c.deltas().entrySet()) {
            Delta d = e.getValue();
            ObjectNode dn = ds.putObject(e.getKey().key());
            num(dn, "diff", d.diff());
            num(dn, "low", d.low());
            num(dn, "high", d.high());
            num(dn, "pct", d.pct());
            num(dn, "pctLow", d.pctLow());
            num(dn, "pctHigh", d.pctHigh());
            dn.put("scale", d.logScale() ? "log" : "linear");
            dn.put("confidence", Math.round(d.level() * 10000) / 10000.0);
            dn.put("significant", d.significant());
            PracticalFloor floor = PracticalFloor.of(e.getKey());
            dn.put("practical", d.better(e.getKey()) || d.worse(e.getKey()));
            num(dn, "floorPct", floor.pct());
            num(dn, "floorAbs", floor.abs());
            dn.put("status", d.status().key());
            dn.put("change", ExperimentText.change(e.getKey(), d));
          }
        }
        ArrayNode gv = cn.putArray("goals");
        for (var v : c.goals()) {
          ObjectNode gn = gv.addObject();
          gn.put("goal", v.goal().describe());
          gn.put("key", v.goal().key());
          gn.put("met", v.met());
          gn.put("outcome", v.outcome().key());
          gn.put("improved", v.improved());
          gn.put("evidence", v.evidence());
        }
        cn.put("meetsAllGoals", c.meetsAllGoals());
        if (c.threads() != null) {
          cn.set("threads", Json.mapper().valueToTree(c.threads()));
        }
      }
      if (l.winner() == null) {
        ln.putNull("winner");
      } else {
        ln.put("winner", l.winner());
      }
      strings(ln.putArray("reasons"), l.reasons());
      List<EndpointTable.Row> endpoints = EndpointTable.of(r, l);
      if (!endpoints.isEmpty()) {
        ArrayNode en = ln.putArray("endpoints");
        for (EndpointTable.Row e : endpoints) {
          en.addObject().put("endpoint", e.endpoint()).put("candidate", e.candidate()).put("runs", e.runs())
              .put("throughputRps", round(e.throughputRps(), 3)).put("p50Ms", round(e.p50Ms(), 3))
              .put("p99Ms", round(e.p99Ms(), 3)).put("errors", e.errors());
        }
      }
    }
    String uniform = UniformLoad.note(plan);
    if (uniform != null) {
      root.put("loadNote", uniform);
    }
    var rec = r.recommendation();
    ObjectNode rn = root.putObject("recommendation");
    rn.put("verdict", rec.verdict().key());
    rn.put("verdictText", ExperimentText.verdictWords(rec));
    if (rec.winner() == null) {
      rn.putNull("winner");
    } else {
      rn.put("winner", rec.winner());
    }
    rn.put("summary", rec.summary());
    strings(rn.putArray("reasons"), rec.reasons());
    strings(rn.putArray("flagDiff"), rec.flagDiff());
    rn.put("gcNotTheBottleneck", rec.gcNotTheBottleneck());
    // the recommendation as Kubernetes container resources (what resources.yaml holds), with a limit only
    KubernetesResources.of(r).ifPresentOrElse(k -> rn.set("resources", k.tree()), () -> rn.putNull("resources"));
    ArrayNode worse = rn.putArray("regressions");
    for (Regressions.Regression g : Regressions.of(r.levels())) {
      ObjectNode w = worse.addObject();
      w.put("candidate", g.candidate());
      w.put("level", g.level());
      w.put("metric", g.metric().key());
      w.put("change", ExperimentText.change(g.delta()));
      num(w, "pct", g.delta().pct());
      num(w, "pctLow", g.delta().pctLow());
      num(w, "pctHigh", g.delta().pctHigh());
    }
    return root;
  }

  /** Container limits as the user gave them ({@code 512Mi} stays {@code 512Mi}), with their size in bytes and cores. */
  private static ObjectNode limits(ContainerLimits limits) {
    ObjectNode n = Json.object();
    if (limits.memory() != null) {
      n.put("memory", limits.memory().toString());
      n.put("memoryBytes", limits.memory().bytes());
    }
    if (limits.cpus() != null) {
      n.put("cpu", limits.cpus().toString());
      n.put("cpuCores", limits.cpus().cores());
    }
    return n;
  }

  /** A measured value as every jtune document writes one: rounded, null when not a number. */
  private static void num(ObjectNode n, String key, double v) {
    n.put(key, round(v, DECIMALS));
  }

  /** One run's value: an integer for a count, else as {@link #num}. */
  private static void value(ObjectNode n, String key, double v, boolean count) {
    if (count && v == Math.rint(v) && !Double.isInfinite(v)) {
      n.put(key, (long) v);
    } else {
      num(n, key, v);
    }
  }

  private static void strings(ArrayNode a, List<String> values) {
    values.forEach(a::add);
  }
}
