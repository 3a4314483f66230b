package io.jtune.experiment.plan;

import io.jtune.common.jvm.JvmFlags;
import io.jtune.common.jvm.JvmOption;
import io.jtune.runtime.container.ContainerLimits;
import io.jtune.runtime.container.ErgonomicCollector;
import java.util.ArrayList;
import java.util.List;

/**
 * A candidate with container limits of its own can change what the JVM chooses for itself: under
 * fewer than 2 CPUs or 1792 MB a JVM with no collector named picks Serial rather than G1
 * ({@link ErgonomicCollector}), and its GC and compiler threads follow the CPU count. Such a
 * candidate compares collectors, not only cores; stating the baseline's collector in its flags
 * keeps the comparison to the cores and memory.
 *
 * @param hostCpus the processors of the host the runs run on
 * @param hostMemoryBytes its physical memory (0: not known)
 */
public record LimitsErgonomics(int hostCpus, long hostMemoryBytes) {

  /** This host's. */
  public static LimitsErgonomics host() {
    return new LimitsErgonomics(ErgonomicCollector.hostCpus(), ErgonomicCollector.hostMemoryBytes());
  }

  /**
   * The collector {@code flags} run: the one they name ("G1", "Parallel", ...), else the JVM's
   * pick under {@code limits}.
   */
  public String collector(List<String> flags, ContainerLimits limits) {
    JvmFlags f = JvmFlags.of(flags);
    return f.chosenCollectorOption().map(LimitsErgonomics::name).orElseGet(() -> ErgonomicCollector.of(limits,
        hostCpus, hostMemoryBytes, activeProcessorCount(f)));
  }

  /**
   * Where {@code flags} name no collector and the JVM's pick under {@code limits} differs from
   * {@code baselineCollector}: the flag that keeps the baseline's ("-XX:+UseG1GC"); else null.
   */
  public String keepFlag(List<String> flags, ContainerLimits limits, String baselineCollector) {
    JvmFlags f = JvmFlags.of(flags);
    if (f.chosenCollectorOption().isPresent()) {
      return null;
    }
    String own = ErgonomicCollector.of(limits, hostCpus, hostMemoryBytes, activeProcessorCount(f));
    if (own.equals(baselineCollector)) {
      return null;
    }
    return JvmOption.COLLECTOR_CHOICES.stream().filter(o -> name(o).equals(baselineCollector)).findFirst()
        .map(JvmOption::on).orElse(null);
  }

  /**
   * One warning per candidate whose own limits make the JVM pick another collector than the
   * baseline runs at some level: what it picks, why, and the flag that keeps the baseline's.
   * {@code targetFlags} come before every candidate's own.
   */
  public List<String> warnings(Plan plan, List<String> targetFlags) {
    List<String> out = new ArrayList<>();
    Candidate base = plan.baselineCandidate();
    List<String> baseFlags = merged(targetFlags, base);
    for (Candidate c : plan.candidates()) {
      if (c == base || !c.limits().any()) {
        continue;
      }
      List<String> flags = merged(targetFlags, c);
      for (Level l : plan.levels()) {
        ContainerLimits mine = plan.limitsFor(c, l);
        String baseline = collector(baseFlags, plan.limitsFor(base, l));
        String keep = keepFlag(flags, mine, baseline);
        if (keep == null) {
          continue;
        }
        String own = collector(flags, mine);
        String why = ErgonomicCollector.why(mine, hostCpus, hostMemoryBytes, activeProcessorCount(JvmFlags.of(flags)));
        out.add("candidate '" + c.name() + "' names no collector: under its own limits (" + mine.describe()
            + ") the JVM picks " + own + " GC" + (why == null ? "" : " (" + why + ")") + ", where the baseline runs "
            + baseline + " GC at level '" + l.name() + "', so its runs compare collectors, not only resources; add "
            + keep + " to its flags to keep the baseline's collector");
        break;
      }
    }
    return out;
  }

  private static List<String> merged(List<String> targetFlags, Candidate c) {
    List<String> all = new ArrayList<>(targetFlags);
    all.addAll(c.flags());
    return all;
  }

  private static Integer activeProcessorCount(JvmFlags f) {
    String v = f.value(JvmOption.ACTIVE_PROCESSOR_COUNT);
    try {
      return v == null ? null : Integer.valueOf(v);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** "UseG1GC" -> "G1", "UseZGC" -> "ZGC", "UseSerialGC" -> "Serial" (as the run's ergonomics name them). */
  static String name(JvmOption o) {
    String n = o.option().substring("Use".length());
    return n.equals("ZGC") ? n : n.substring(0, n.length() - 2);
  }
}
