package io.jtune.experiment.suggest;

import io.jtune.gc.analysis.Analysis;
import io.jtune.common.jvm.FlagSet;
import io.jtune.common.jvm.JvmFlags;
import io.jtune.gc.finding.Finding;
import io.jtune.experiment.plan.Candidate;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Every value proposed for each JVM option by an analysis's findings and a suggestion's
 * candidates, so that one option never gets two values (sizes compared in bytes, switches as on/off).
 */
public final class ProposedOptions {
  private final Map<String, Set<String>> values = new LinkedHashMap<>();
  private final Map<String, Set<String>> proposedBy = new LinkedHashMap<>();

  private ProposedOptions() {}

  /** The options the findings of {@code a} and the candidates of {@code s} propose. */
  public static ProposedOptions of(Analysis a, Suggestion s) {
    ProposedOptions p = new ProposedOptions();
    for (Finding f : a.findings()) {
      p.add(f.flags(), "finding " + f.id());
    }
    for (Candidate c : s.candidates()) {
      p.add(c.flags(), "candidate " + c.name());
    }
    return p;
  }

  private void add(List<String> flags, String by) {
    for (String f : flags) {
      String o = FlagSet.option(f);
      values.computeIfAbsent(o, k -> new LinkedHashSet<>()).add(value(f));
      proposedBy.computeIfAbsent(o, k -> new LinkedHashSet<>()).add(by + ": " + f);
    }
  }

  /** The value of a flag, comparable across spellings: bytes for sizes, true/false for switches. */
  static String value(String flag) {
    if (flag.startsWith("-XX:+")) {
      return "true";
    }
    if (flag.startsWith("-XX:-")) {
      return "false";
    }
    int eq = flag.indexOf('=');
    String v = eq > 0 ? flag.substring(eq + 1) : flag.replaceFirst("^-X(mx|ms|mn|ss)", "");
    OptionalLong bytes = JvmFlags.parseSize(v);
    return bytes.isPresent() ? String.valueOf(bytes.getAsLong()) : v;
  }

  /** The values proposed per option. */
  public Map<String, Set<String>> values() {
    return values;
  }

  /** Options with more than one value, each with who proposed what; empty when the advice agrees. */
  public Map<String, Set<String>> conflicts() {
    Map<String, Set<String>> out = new LinkedHashMap<>();
    values.forEach((o, vs) -> {
      if (vs.size() > 1) {
        out.put(o, proposedBy.get(o));
      }
    });
    return out;
  }
}
