package io.jtune.experiment.run;

import io.jtune.common.JtuneException;
import io.jtune.experiment.plan.Candidate;
import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.LimitsErgonomics;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanException;
import io.jtune.experiment.plan.ServiceSpec;
import io.jtune.load.ErrorKind;
import io.jtune.load.LoadException;
import io.jtune.load.LoadPlan;
import io.jtune.load.LoadProgress;
import io.jtune.load.LoadResult;
import io.jtune.load.LoadRun;
import io.jtune.load.RequestTemplate;
import io.jtune.load.SecretHeaders;
import io.jtune.runtime.container.ContainerGroup;
import io.jtune.runtime.container.ContainerLimits;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The checks done before any long run, each failure one line naming the plan line: the lab
 * scenario exists, every candidate's flags are accepted by the JVM that will run them, and the
 * target starts with the baseline's flags, gives them to the JVM jtune measures (not to a parent
 * that forks it) and serves every level's requests.
 */
final class PlanPreflight {
  private PlanPreflight() {
  }

  static void check(Plan plan, RunStarter starter, Path dir, RunListener listener) {
    String file = plan.source() == null ? "plan" : plan.source().getFileName().toString();
    ServiceSpec t = plan.target();
    for (Level l : plan.levels()) {
      String problem = secrets(l);
      if (problem != null) {
        throw new PlanException(file + " line " + l.line() + ": level '" + l.name() + "': " + problem);
      }
    }
    checkLimits(plan);
    List<String> base = List.of();
    if (t.isLab()) {
      listener.checking("lab scenario '" + t.lab() + "'");
      try {
        base = starter.lab().scenario(t.lab()).jvmFlags();
      } catch (JtuneException e) {
        throw new PlanException(file + " line " + t.line() + ": " + e.getMessage());
      }
    }
    for (Candidate c : plan.candidates()) {
      listener.checking("flags of candidate '" + c.name() + "'");
      List<String> flags = new ArrayList<>(base);
      flags.addAll(c.flags());
      JvmCheck.Result r = JvmCheck.check(starter.javaHome(c), flags);
      if (!r.accepted()) {
        throw new PlanException(file + " line " + c.line() + ": candidate '" + c.name()
            + "': the JVM rejects its flags: " + r.complaint());
      }
      for (String d : r.deprecations()) {
        listener.warning("candidate '" + c.name() + "': JDK " + r.major() + ": " + d);
      }
      starter.major(c, r.major());
    }
    LimitsErgonomics.host().warnings(plan, base).forEach(listener::warning);
    listener.checking("the target starts and serves every URL (baseline flags)");
    Candidate baseline = plan.baselineCandidate();
    Path probeDir = dir.resolve("check");
    try {
      Files.createDirectories(probeDir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    // the readiness URL is the target's, checked as loosely as the loosest level asks (insecure)
    boolean insecure = plan.levels().stream().anyMatch(l -> l.request().insecure());
    // with the host's memory and cores: a baseline its limit kills is a result of the runs, not a bad plan
    try (RunningService target = starter.start(baseline, probeDir.resolve("gc.log"), probeDir, insecure,
        ContainerLimits.none())) {
      for (Level l : plan.levels()) {
        // a replayed log's requests are the log's: the service answers them as it answered before
        for (RequestTemplate lt : l.request().replay() != null ? List.<RequestTemplate>of()
            : LevelLoad.targets(l, target.url())) {
          String problem = probe(lt, l.request().insecure());
          if (problem != null) {
            throw new PlanException(file + " line " + l.line() + ": level '" + l.name() + "': " + problem);
          }
        }
      }
    } catch (PlanException e) {
      throw e;
    } catch (FlagsReach.NotReceived e) {
      throw new PlanException(file + " line " + t.line() + ": " + e.getMessage(), e);
    } catch (JtuneException e) {
      throw new PlanException(file + " line " + t.line() + ": the target does not start: " + e.getMessage(), e);
    }
  }

  /**
   * Makes and removes a group with each level's and candidate's limits before anything starts:
   * without the right to make cgroups, one line says what is needed and nothing runs.
   */
  private static void checkLimits(Plan plan) {
    plan.levels().stream().flatMap(l -> plan.candidates().stream().map(c -> plan.limitsFor(c, l)))
        .filter(ContainerLimits::any).distinct().forEach(limits -> ContainerGroup.create(limits).close());
  }

  /**
   * What keeps the level's requests from being sent as they should, in one line, or null: a
   * header whose secret was redacted when the plan was written (it is asked for again as a
   * reference), a reference to a variable that is not set, a body file missing or changed, or a
   * data file missing or empty.
   */
  private static String secrets(Level l) {
    List<String> redacted = l.request().redactedHeaders();
    if (!redacted.isEmpty()) {
      String name = redacted.get(0);
      return "header " + name + " was given in clear and not written to the plan (" + SecretHeaders.REDACTED
          + "): give its value as a reference to an environment variable, e.g. '" + name + ": ${env:"
          + name.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]+", "_") + "}' in the plan's headers or with -H, and"
          + " set that variable";
    }
    try {
      for (String h : l.request().headers()) {
        SecretHeaders.resolve(SecretHeaders.value(h), "header " + SecretHeaders.name(h));
      }
      SecretHeaders.resolve(l.request().body(), "the request body");
      // a body file missing or changed since the plan was written, a data file gone or empty
      l.request().bodyBytes();
      l.request().dataFile();
      if (l.request().replay() != null) {
        l.request().replay().read();
      }
    } catch (LoadException | PlanException e) {
      return e.getMessage();
    }
    return null;
  }

  /**
   * Sends the level's request once, as the load will (method, headers, body, TLS): null when it
   * succeeds, else what went wrong in one line.
   */
  private static String probe(RequestTemplate request, boolean insecure) {
    LoadResult r;
    try {
      r = LoadRun.execute(LoadPlan.closed(List.of(request), 1, Duration.ZERO).withRequests(1, Duration.ZERO)
          .withTimeout(Duration.ofSeconds(10)).withInsecure(insecure), LoadProgress.NONE);
    } catch (LoadException e) {
      return e.getMessage();
    }
    if (r.successes() > 0) {
      return null;
    }
    String what = r.errors().get(ErrorKind.STATUS_4XX) > 0 ? "answers HTTP 4xx"
        : r.errors().get(ErrorKind.STATUS_5XX) > 0 ? "answers HTTP 5xx" : "does not answer";
    return request.method() + " " + request.urlText() + " " + what;
  }
}
