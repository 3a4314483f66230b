package io.jtune.experiment.search;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.common.format.Json;
import io.jtune.common.format.JsonNumbers;
import io.jtune.experiment.plan.Metric;
import io.jtune.runtime.output.OutputFile;
import java.nio.file.Path;

/**
 * The search's document, {@value #FILE} (schema {@value #SCHEMA}, JSON Schema in
 * schemas/jtune.search-1.schema.json): per configuration its parameter values, flags, runs,
 * mean throughput and latency, whether it met the SLO, and when and why it left the race; the
 * leader and the winner (the knee), with the costlier configurations as good as it that it was
 * preferred to and why; the refinement's probes (configurations with a {@code refinement}); the
 * runs and time spent against the full design.
 */
public final class SearchJson {
  public static final String SCHEMA = "jtune.search/1";
  public static final String FILE = "search.json";

  private SearchJson() {}

  /** The document. */
  public static ObjectNode of(SearchResult s) {
    ObjectNode root = Json.object();
    root.put("schema", SCHEMA);
    root.put("objective", s.spec().objective().key());
    ObjectNode slo = root.putObject("slo");
    slo.put("text", s.sloWords());
    if (s.spec().slo() != null && s.spec().slo().latency() != null) {
      slo.put("latencyMetric", s.spec().slo().latency().key());
      slo.put("latencyMs", JsonNumbers.round(s.spec().slo().latencyMs(), 3));
    }
    if (s.spec().slo() != null && !Double.isNaN(s.spec().slo().errorsPct())) {
      slo.put("errorsPct", JsonNumbers.round(s.spec().slo().errorsPct(), 4));
    }
    if (s.racing().offeredRps() > 0) {
      root.put("offeredRps", JsonNumbers.round(s.racing().offeredRps(), 3));
    }
    if (s.racing().ownClosedRps() > 0) {
      root.put("ownClosedRps", JsonNumbers.round(s.racing().ownClosedRps(), 3));
    }
    ArrayNode params = root.putArray("params");
    for (ParamSpec p : s.spec().params()) { // none in a memory search
      ObjectNode n = params.addObject();
      n.put("name", p.name());
      p.values().forEach(n.putArray("values")::add);
      n.put("cheaper", p.cheaper().key());
      n.put("integers", p.integers());
    }
    ArrayNode cs = root.putArray("configurations");
    for (Arm a : s.arms()) {
      ObjectNode n = cs.addObject();
      n.put("name", a.name());
      ObjectNode ps = n.putObject("params");
      a.candidate().params().forEach(ps::put);
      a.candidate().flags().forEach(n.putArray("flags")::add);
      n.put("ownConfiguration", a.ownConfiguration());
      n.put("runs", a.runs().size());
      n.put("runsServed", a.summary(Metric.THROUGHPUT).n());
      number(n, "throughputRps", a.mean(Metric.THROUGHPUT));
      number(n, "p99Ms", a.mean(Metric.P99));
      number(n, "latencyMs", a.mean(s.latency()));
      number(n, "errorsPct", a.errorsPct().mean());
      n.put("meetsSlo", s.meets(a));
      if (a.probe() > 0) {
        ObjectNode r = n.putObject("refinement");
        r.put("order", a.probe());
        r.put("why", a.probedWhy());
      }
      if (a.dropped() != null) {
        ObjectNode d = n.putObject("dropped");
        d.put("afterRound", a.droppedAfter());
        d.put("reason", a.dropped());
      }
    }
    if (s.leader() != null) {
      root.put("leader", s.leader().name());
    }
    if (s.winner() != null) {
      root.put("winner", s.winner().name());
      String why = Preference.words(s);
      if (why != null) {
        root.put("preferredWhy", why);
        Preference.over(s).forEach(a -> root.withArray("preferredOver").add(a.name()));
      }
    }
    root.put("rounds", s.rounds());
    root.put("maxRounds", s.maxRounds());
    root.put("runs", s.runs());
    root.put("factorialRuns", s.factorialRuns());
    root.put("spentSeconds", JsonNumbers.round(s.spent().toMillis() / 1000.0, 1));
    root.put("factorialSeconds", JsonNumbers.round(s.factorialTime().toMillis() / 1000.0, 1));
    s.notes().forEach(root.putArray("notes")::add);
    if (s.footprint() != null) {
      root.set("memory", memory(s));
    }
    return root;
  }

  /** A memory search's grid, probes, answer and prices. */
  private static ObjectNode memory(SearchResult s) {
    Footprint f = s.footprint();
    ObjectNode m = Json.object();
    m.put("dimension", f.grid().limits() ? "memory-limit" : "heap");
    m.put("method", f.sweep() ? "sweep" : "bisection");
    ArrayNode sizes = m.putArray("gridMb");
    f.grid().steps().forEach(st -> sizes.add(st.mb()));
    m.put("stepMb", f.grid().stepMb());
    if (f.grid().growth() > 0) {
      m.put("growth", JsonNumbers.round(f.grid().growth(), 3));
    }
    m.put("lowWhy", f.grid().lowWhy());
    m.put("highWhy", f.grid().highWhy());
    ArrayNode probes = m.putArray("probes");
    for (Footprint.Probe p : f.probes()) {
      ObjectNode n = probes.addObject();
      n.put("order", p.order());
      n.put("configuration", p.arm().name());
      n.put("sizeMb", p.step().mb());
      n.put("heapMb", p.step().heapMb());
      n.put("why", p.why());
      n.put("meetsSlo", p.met());
      if (p.miss() != null) {
        n.put("miss", p.miss());
      }
      if (f.pricing() != null) {
        n.put("costPerMonth", month(f.pricing().perHour(f.pricing().memoryBytes(p.step(), f.grid().limits()))));
      }
    }
    if (f.winner() != null) {
      m.put("answerMb", f.winner().step().mb());
      m.put("answerHeapMb", f.winner().step().heapMb());
    }
    if (f.longer() != null) {
      Footprint.Longer l = f.longer();
      ObjectNode n = m.putObject("longerRun");
      n.put("sizeMb", l.step().mb());
      n.put("heapMb", l.step().heapMb());
      n.put("measuredSeconds", l.measured().toSeconds());
      n.put("times", l.times());
      n.put("held", l.held());
      n.put("evidence", l.evidence());
      n.put("run", l.run());
    }
    f.violations().forEach(m.putArray("monotoneViolations")::add);
    if (f.pricing() != null) {
      Footprint.Pricing pr = f.pricing();
      ObjectNode c = m.putObject("cost");
      // per month (730 hours): a price per hour needs more than the documents' four decimals
      c.put("perCoreMonth", month(pr.prices().perCoreHour()));
      c.put("perGbMonth", month(pr.prices().perGbHour()));
      c.put("pricesSource", pr.prices().source());
      c.put("cores", JsonNumbers.round(pr.cores(), 3));
      c.put("coresSource", pr.coresWhy());
      c.put("nonHeapBytes", pr.nonHeapBytes());
      c.put("baselineMemoryBytes", pr.baselineMemoryBytes());
      c.put("baselinePerMonth", month(pr.perHour(pr.baselineMemoryBytes())));
      c.put("hoursPerMonth", Prices.HOURS_PER_MONTH);
      if (f.winner() != null) {
        long mem = pr.memoryBytes(f.winner().step(), f.grid().limits());
        c.put("answerMemoryBytes", mem);
        c.put("answerPerMonth", month(pr.perHour(mem)));
      }
    }
    return m;
  }

  private static Double month(double perHour) {
    return JsonNumbers.round(perHour * Prices.HOURS_PER_MONTH, 4);
  }

  private static void number(ObjectNode n, String key, double v) {
    if (!Double.isNaN(v)) {
      n.put(key, JsonNumbers.round(v, 3));
    }
  }

  /** Writes the document into {@code dir}; returns its path. */
  public static Path write(Path dir, SearchResult s) {
    Path f = dir.resolve(FILE);
    OutputFile.write(f, w -> Json.write(of(s), w));
    return f;
  }
}
