package io.jtune.experiment.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.jtune.common.format.Json;
import io.jtune.common.units.CpuQuantity;
import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Metric;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.report.ExperimentReport.CandidateReport;
import io.jtune.experiment.report.ExperimentReport.LevelReport;
import io.jtune.runtime.container.ContainerLimits;
import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The recommendation as the platform deploys it: a Kubernetes {@link Container} (fabric8's model
 * of the API object) with the container resources the service was measured under and the JVM
 * options as {@code JAVA_TOOL_OPTIONS}, for the adopted candidate, or the baseline when it is kept.
 * Only for an experiment whose runs had a container limit, and only when the chosen configuration
 * measured under it (a configuration the memory limit killed gets none).
 *
 * <p>The limits are the ones the runs had, at the highest load level that had limits, written as
 * the user gave them ({@code 512Mi} stays {@code 512Mi}; a JVM size such as {@code 512m} becomes
 * {@code 512Mi}, which Kubernetes reads the same). The requests:
 *
 * <ul>
 *   <li>memory request = memory limit: the JVM does not return its heap to the node, so a request
 *       below the limit only lets the node promise the difference to other pods while the service
 *       still grows into it, and under node pressure a pod above its request is evicted first;</li>
 *   <li>CPU request = the measured mean CPU of the chosen configuration at that level, rounded up
 *       to the next 100m and never above the limit (the limit itself when nothing was measured).
 *       The JVM sizes its GC and compiler threads from the limit (the CFS quota), not from the
 *       request, so the request only reserves what the service was seen to use.</li>
 * </ul>
 *
 * @param container the container: name, resources, and {@code JAVA_TOOL_OPTIONS} when there are flags
 * @param notes why each value is what it is, one line each (the YAML file's comment)
 */
public record KubernetesResources(Container container, List<String> notes) {
  /** The environment variable every JVM reads its options from before the command line's. */
  public static final String JAVA_TOOL_OPTIONS = "JAVA_TOOL_OPTIONS";
  /** CPU requests are rounded up to this many thousandths of a core. */
  static final int CPU_REQUEST_STEP_MILLIS = 100;
  /** A share of throttled periods from which the snippet says the CPU limit is too small for the load. */
  static final int MOSTLY_THROTTLED_PCT = 50;

  /** The resources for {@code r}'s recommendation, or empty without limits or a measured configuration under them. */
  public static Optional<KubernetesResources> of(ExperimentReport r) {
    Plan plan = r.plan();
    String chosen = r.recommendation().winner() != null ? r.recommendation().winner() : plan.baseline();
    Candidate candidate = plan.candidate(chosen).orElseThrow();
    List<LevelReport> limited = r.levels().stream().filter(l -> plan.limitsFor(candidate, l.level()).any()).toList();
    if (limited.isEmpty()) {
      return Optional.empty();
    }
    LevelReport level = ExperimentReport.highestLoad(limited);
    CandidateReport measured = level.candidate(chosen);
    if (measured.okRuns() == 0) {
      return Optional.empty();
    }
    ContainerLimits limits = plan.limitsFor(candidate, level.level());
    List<String> flags = FlagDiff.merged(r.baseFlags(), candidate.flags());

    Map<String, Quantity> requests = new LinkedHashMap<>();
    Map<String, Quantity> limitsOut = new LinkedHashMap<>();
    List<String> notes = new ArrayList<>();
    notes.add("Kubernetes container resources and JVM options for " + plan.name() + ", written by jtune"
        + " (name: the experiment's; use your container's)");
    notes.add("from " + (r.recommendation().winner() != null ? "the adopted candidate '" + chosen + "'"
        : "the baseline '" + chosen + "' (" + ExperimentText.verdictWords(r.recommendation()) + ")")
        + ", measured under " + limits.describe() + " at load level '" + level.level().name() + "'"
        + (candidate.limits().any() ? " (its own limits; the level's: " + plan.limitsAt(level.level()).describe() + ")"
            : "") + ".");
    if (limits.memory() != null) {
      Quantity memory = new Quantity(limits.memory().kubernetes());
      requests.put("memory", memory);
      limitsOut.put("memory", memory);
      notes.add("memory: request = limit. The JVM does not give its heap back to the node: a request below the");
      notes.add("  limit only lets the node promise the rest to other pods, and at the limit the kernel kills the service."
          + peak(measured));
    }
    double cpuPct = measured.mean(Metric.CPU);
    if (limits.cpus() != null) {
      limitsOut.put("cpu", new Quantity(limits.cpus().toString()));
    }
    Long requestMillis = cpuRequestMillis(cpuPct, limits.cpus());
    if (requestMillis != null) {
      requests.put("cpu", new Quantity(cpuText(requestMillis)));
      notes.add(Double.isNaN(cpuPct) ? "cpu: request = limit (no CPU use was measured)."
          : String.format(Locale.ROOT, "cpu: request = the measured mean use, %.2f cores, rounded up to %dm%s.",
              cpuPct / 100, CPU_REQUEST_STEP_MILLIS, limits.cpus() == null ? "" : ", at most the limit"));
      if (limits.cpus() != null) {
        notes.add("  The limit is the quota the runs had" + throttled(measured)
            + "; the JVM sizes its GC and compiler threads from the limit, not the request.");
        if (measured.mean(Metric.THROTTLED_PCT) >= MOSTLY_THROTTLED_PCT) {
          notes.add("  At this load the quota held the service back in most periods: it needs a bigger CPU limit,"
              + " or less load per pod.");
        }
      }
    }
    ContainerBuilder b = new ContainerBuilder().withName(containerName(plan.name()))
        .withNewResources().withRequests(requests).withLimits(limitsOut).endResources();
    if (!flags.isEmpty()) {
      b.addNewEnv().withName(JAVA_TOOL_OPTIONS).withValue(String.join(" ", flags)).endEnv();
      notes.add(JAVA_TOOL_OPTIONS + ": the JVM reads it before its command line, where the same option wins:");
      notes.add("  take these options off the service's own command line.");
    } else {
      notes.add("No JVM options: the configuration runs on the JVM's defaults inside these limits.");
    }
    return Optional.of(new KubernetesResources(b.build(), List.copyOf(notes)));
  }

  /** The container as a JSON tree (fabric8's field names, quantities as strings): name, resources, env first. */
  public JsonNode tree() {
    ObjectNode fabric8 = Json.mapper().valueToTree(container);
    ObjectNode out = Json.object();
    for (String first : List.of("name", "resources", "env")) {
      if (fabric8.has(first)) {
        out.set(first, fabric8.get(first));
      }
    }
    fabric8.fields().forEachRemaining(e -> out.putIfAbsent(e.getKey(), e.getValue()));
    return out;
  }

  /** Writes the notes as YAML comments, then the container as a YAML document; leaves {@code out} open. */
  public void writeYaml(Writer out) throws IOException {
    for (String n : notes) {
      out.write("# " + n + "\n");
    }
    YAMLFactory yaml = YAMLFactory.builder()
        .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
        .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
        // a quantity such as cpu "1" stays a string, as Kubernetes' own examples write it
        .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
        .build();
    try (JsonGenerator g = yaml.createGenerator(out).disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET)) {
      Json.mapper().writeTree(g, tree());
    }
    out.flush();
  }

  /**
   * The CPU request in thousandths: the mean use rounded up to {@link #CPU_REQUEST_STEP_MILLIS},
   * at most the limit; the limit when nothing was measured; null with neither.
   */
  static Long cpuRequestMillis(double meanPctOfACore, CpuQuantity limit) {
    if (Double.isNaN(meanPctOfACore) || meanPctOfACore < 0) {
      return limit == null ? null : limit.millis();
    }
    long millis = (long) Math.ceil(meanPctOfACore * 10 / CPU_REQUEST_STEP_MILLIS) * CPU_REQUEST_STEP_MILLIS;
    millis = Math.max(CPU_REQUEST_STEP_MILLIS, millis);
    return limit == null ? millis : Math.min(millis, limit.millis());
  }

  /** Thousandths of a core as Kubernetes writes them: {@code 2} for whole cores, else {@code 800m}. */
  static String cpuText(long millis) {
    return millis % 1000 == 0 ? Long.toString(millis / 1000) : millis + "m";
  }

  /** A DNS label (what Kubernetes allows as a container name) made from the plan's name. */
  static String containerName(String planName) {
    String s = planName.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]+", "-").replaceAll("-{2,}", "-");
    s = s.length() > 63 ? s.substring(0, 63) : s;
    s = s.replaceAll("^-+|-+$", "");
    return s.isEmpty() ? "service" : s;
  }

  private static String peak(CandidateReport c) {
    double rss = c.mean(Metric.RSS);
    double ofLimit = c.mean(Metric.RSS_OF_LIMIT);
    if (Double.isNaN(rss)) {
      return "";
    }
    return String.format(Locale.ROOT, " Peak RSS measured: %.0f MB%s.", rss,
        Double.isNaN(ofLimit) ? "" : String.format(Locale.ROOT, " (%.0f %% of the limit)", ofLimit));
  }

  private static String throttled(CandidateReport c) {
    double pct = c.mean(Metric.THROTTLED_PCT);
    return Double.isNaN(pct) ? "" : String.format(Locale.ROOT, " (throttled in %.1f %% of its 100 ms periods)", pct);
  }
}
