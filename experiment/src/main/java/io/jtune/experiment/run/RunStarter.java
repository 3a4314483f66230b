package io.jtune.experiment.run;

import io.jtune.diagnostics.nmt.NmtProbe;
import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.ServiceSpec;
import io.jtune.runtime.container.ContainerLimits;
import io.jtune.runtime.lab.LabLauncher;
import io.jtune.runtime.process.ChildJvmSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Starts the plan's target for one candidate: the candidate's flags, jtune's GC logging in the
 * form the candidate's JDK reads (its major version, learnt when its flags were checked), a JFR
 * recording when asked, on the candidate's (or the target's, or jtune's own) JDK.
 */
final class RunStarter {
  private final Plan plan;
  private final boolean jfr;
  private final boolean nativeMemory;
  private final Map<String, Integer> majors = new HashMap<>();
  private LabLauncher lab;

  RunStarter(Plan plan, boolean jfr) {
    this(plan, jfr, false);
  }

  RunStarter(Plan plan, boolean jfr, boolean nativeMemory) {
    this.plan = plan;
    this.jfr = jfr;
    this.nativeMemory = nativeMemory;
  }

  /**
   * Whether the candidate's runs track native memory: the baseline's, when asked (NMT costs the
   * JVM a little: the candidates run without it, and the baseline, whose non-heap memory the
   * advice sizes from, with it in every repetition alike).
   */
  boolean tracksNativeMemory(Candidate c) {
    return nativeMemory && c.name().equals(plan.baseline());
  }

  /** The lab launcher, found once for a lab target. */
  LabLauncher lab() {
    if (lab == null) {
      lab = LabLauncher.locate();
    }
    return lab;
  }

  /** Records the Java major version the candidate's JDK reported when its flags were checked. */
  void major(Candidate c, int major) {
    majors.put(c.name(), major);
  }

  Path javaHome(Candidate c) {
    if (c.javaHome() != null) {
      return c.javaHome();
    }
    return plan.target().javaHome() != null ? plan.target().javaHome() : ChildJvmSpec.currentJavaHome();
  }

  /**
   * Starts the target for a candidate, with GC logging into {@code gcLog}; with {@code insecure}
   * an https:// readiness URL may have any certificate (as the level's requests may); under
   * {@code limits} (a fresh cgroup) when there are any.
   */
  RunningService start(Candidate c, Path gcLog, Path runDir, boolean insecure, ContainerLimits limits) {
    ServiceSpec t = plan.target();
    int major = majors.getOrDefault(c.name(), -1);
    List<String> flags = new ArrayList<>(c.flags());
    boolean commandLogs = !t.isLab() && t.command().contains("{gcLog}");
    if (!commandLogs) {
      flags.addAll(JvmCheck.gcLogFlags(major, gcLog.toAbsolutePath()));
    }
    if (tracksNativeMemory(c) && flags.stream().noneMatch(f -> f.startsWith("-XX:NativeMemoryTracking="))) {
      flags.add(NmtProbe.FLAG);
    }
    if (jfr) {
      flags.add("-XX:StartFlightRecording=filename=" + runDir.resolve("recording.jfr").toAbsolutePath()
          + ",settings=default,dumponexit=true");
    }
    Path work = t.workDir() != null ? t.workDir()
        : plan.source() != null ? plan.source().getParent() : Path.of("").toAbsolutePath();
    return ServiceLauncher.start(t, t.isLab() ? lab() : null, flags, c.params(), javaHome(c), gcLog, work, insecure,
        limits);
  }
}
