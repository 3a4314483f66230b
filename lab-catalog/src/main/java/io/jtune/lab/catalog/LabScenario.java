package io.jtune.lab.catalog;

import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * One of the lab's scenario presets, each reproducing one JVM tuning case: the endpoint mix
 * {@code /scenario} serves, the load it is meant to run under, the JVM flags that show the case
 * and those that fix it (empty when flags are not the fix).
 *
 * @param name short name, such as {@code survivor-overflow}
 * @param about the case and where it comes from
 * @param load the intended load against {@code /scenario}: {@code concurrency=N} closed-loop
 *     clients, or {@code rate=N/s} in the open model, optionally with {@code connections=C} (the
 *     most requests in flight) and {@code path=/scenario?QUERY} (the request, a template whose
 *     query goes over the mix's parameters, e.g. a distinct key per request)
 * @param jvmFlags flags the case shows under
 * @param fixFlags flags added to {@code jvmFlags} that remove the signature, or empty
 * @param labArgs lab options the case needs
 * @param fixLabArgs lab options that fix the case in the application, or empty
 * @param fix how the case is fixed, in words
 * @param signature what to look for in the GC log, MXBeans or a thread dump
 * @param mix weighted requests, one of which each {@code /scenario} request performs
 * @param containerMemory the memory limit of the container the case runs in, as a Kubernetes
 *     quantity or JVM size ({@code 512Mi}), or empty when it runs without one
 * @param containerCpus the CPU limit of that container ({@code 1}, {@code 500m}), or empty
 */
public record LabScenario(
    String name,
    String about,
    String load,
    List<String> jvmFlags,
    List<String> fixFlags,
    List<String> labArgs,
    List<String> fixLabArgs,
    String fix,
    String signature,
    List<MixEntry> mix,
    String containerMemory,
    String containerCpus) {

  /** A scenario that runs without container limits. */
  public LabScenario(String name, String about, String load, List<String> jvmFlags, List<String> fixFlags,
      List<String> labArgs, List<String> fixLabArgs, String fix, String signature, List<MixEntry> mix) {
    this(name, about, load, jvmFlags, fixFlags, labArgs, fixLabArgs, fix, signature, mix, "", "");
  }

  public LabScenario {
    containerMemory = containerMemory == null ? "" : containerMemory.trim();
    containerCpus = containerCpus == null ? "" : containerCpus.trim();
    jvmFlags = List.copyOf(jvmFlags);
    fixFlags = List.copyOf(fixFlags);
    labArgs = List.copyOf(labArgs);
    fixLabArgs = List.copyOf(fixLabArgs);
    mix = List.copyOf(mix);
  }

  /**
   * One weighted request of a mix, such as {@code 3 /work?cpu=1}.
   *
   * @param weight relative frequency, at least 1
   * @param path the endpoint
   * @param query its query string, or empty
   */
  public record MixEntry(int weight, String path, String query) {
    /** The request as a relative URL. */
    public String url() {
      return query.isEmpty() ? path : path + "?" + query;
    }

    /** {@code WEIGHT /path?query}, as the catalog writes it. */
    @Override
    public String toString() {
      return weight + " " + url();
    }
  }

  /** Whether the case runs inside container limits (a memory or CPU limit). */
  public boolean inContainer() {
    return !containerMemory.isEmpty() || !containerCpus.isEmpty();
  }

  /** The closed-loop client count of the intended load, or empty when it is a rate. */
  public OptionalInt concurrency() {
    if (load.startsWith("concurrency=")) {
      return OptionalInt.of(Integer.parseInt(load.substring("concurrency=".length()).trim().split("\\s+")[0]));
    }
    return OptionalInt.empty();
  }

  /** The open-model rate of the intended load ({@code rate=N/s [connections=C]}), or empty. */
  public OptionalDouble rateRps() {
    if (load.startsWith("rate=")) {
      String r = load.substring("rate=".length()).trim().split("\\s+")[0];
      return OptionalDouble.of(Double.parseDouble(r.endsWith("/s") ? r.substring(0, r.length() - 2) : r));
    }
    return OptionalDouble.empty();
  }

  /** The connections of an open-model load ({@code connections=C}), or empty. */
  public OptionalInt connections() {
    for (String part : load.trim().split("\\s+")) {
      if (part.startsWith("connections=")) {
        return OptionalInt.of(Integer.parseInt(part.substring("connections=".length())));
      }
    }
    return OptionalInt.empty();
  }

  /** The request the intended load sends ({@code path=...}), {@value #PATH} unless the load names one. */
  public String request() {
    for (String part : load.trim().split("\\s+")) {
      if (part.startsWith("path=")) {
        return part.substring("path=".length());
      }
    }
    return PATH;
  }

  /** The path the lab serves a scenario's mix at. */
  public static final String PATH = "/scenario";

  /** The scenario as the human-readable text of the lab's {@code --print}. */
  public String describe() {
    StringBuilder sb = new StringBuilder();
    sb.append("scenario   ").append(name).append('\n');
    sb.append("about      ").append(about).append('\n');
    sb.append("load       ").append(load).append(load.contains("path=") ? "" : " against " + PATH).append('\n');
    sb.append("jvm flags  ").append(jvmFlags.isEmpty() ? "(none: the JVM's defaults)" : String.join(" ", jvmFlags))
        .append('\n');
    if (inContainer()) {
      sb.append("container  ").append(containerMemory.isEmpty() ? "" : "memory " + containerMemory)
          .append(!containerMemory.isEmpty() && !containerCpus.isEmpty() ? ", " : "")
          .append(containerCpus.isEmpty() ? "" : "cpus " + containerCpus).append('\n');
    }
    if (!labArgs.isEmpty()) {
      sb.append("lab args   ").append(String.join(" ", labArgs)).append('\n');
    }
    sb.append("signature  ").append(signature).append('\n');
    sb.append("fix        ").append(fix).append('\n');
    if (!fixFlags.isEmpty()) {
      sb.append("fix flags  ").append(String.join(" ", fixFlags)).append('\n');
    }
    if (!fixLabArgs.isEmpty()) {
      sb.append("fix args   ").append(String.join(" ", fixLabArgs)).append('\n');
    }
    int total = mix.stream().mapToInt(MixEntry::weight).sum();
    sb.append("mix\n");
    for (MixEntry e : mix) {
      sb.append(String.format(Locale.US, "  %5.1f%%  %s%n", 100.0 * e.weight() / total, e.url()));
    }
    return sb.toString();
  }
}
