package io.jtune.cli;

import io.jtune.common.format.OutputFormat;
import io.jtune.common.format.Renderers;
import io.jtune.common.JtuneException;
import io.jtune.gc.analysis.Analysis;
import io.jtune.gc.facts.AnalysisOptions;
import io.jtune.gc.analysis.GcAnalyzer;
import io.jtune.common.jvm.JvmFlags;
import io.jtune.lab.catalog.LabScenario;
import io.jtune.runtime.lab.LabLauncher;
import io.jtune.runtime.output.OutputFile;
import io.jtune.experiment.plan.LevelRequest;
import io.jtune.experiment.plan.Plan;
import io.jtune.experiment.plan.PlanReader;
import io.jtune.experiment.plan.PlanWriter;
import io.jtune.experiment.plan.ServiceSpec;
import io.jtune.experiment.suggest.Advisor;
import io.jtune.experiment.suggest.JstatGc;
import io.jtune.experiment.suggest.Suggestion;
import io.jtune.experiment.suggest.SuggestionJson;
import io.jtune.experiment.suggest.SuggestionText;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringReader;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import io.jtune.experiment.suggest.rule.ContainerLimit;
import io.jtune.runtime.container.ContainerLimits;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code jtune suggest}: candidate JVM configurations from GC logs, and the experiment plan that compares them. */
@Command(name = "suggest", mixinStandardHelpOptions = true, sortOptions = false,
    defaultValueProvider = RequestOptions.PlanDefaults.class,
    description = {
      "Suggest candidate JVM configurations from GC logs and write the experiment plan that compares them.",
      "Names the primary problem (diagnosis) first. Takes the flags the findings recommend, sizes the heap from the live"
          + " set when it does not fit (heap = 3-4x the live set), sizes young and survivors for a request/response service"
          + " (young about 3/8 of the heap, old keeping 1.5x the live set; survivors for the request data alive at a young"
          + " GC), proposes no young, survivor or collector change for a memory leak, changes the collector when the heap"
          + " or the pause goal calls for it, and sets goals per load level (GC behaviour grows with load). Flags the target JDK lacks are"
          + " never suggested. Says so plainly when GC is not the problem.",
      "Without --lab or --command the plan's target is a command template to edit. The plan's levels request"
          + " --url (default / on a command, /scenario on the lab) with --method, --header and --body as"
          + " 'jtune load' sends them."},
    exitCodeListHeading = ExitCodes.HEADING,
    exitCodeList = {"0:suggested", ExitCodes.INTERNAL_LINE,
        "2:bad usage, nothing to analyze, no plan to write, or the -o file cannot be written"},
    footerHeading = ExitCodes.EXAMPLES_HEADING,
    footer = {"  jtune suggest gc.log",
      "  jtune suggest --qps 800 --concurrency 40 --jstat jstat.txt -o p.yaml gc.log",
      "  jtune suggest --pause-target 200ms --lab survivor-overflow -o p.yaml gc.log",
      "  jtune suggest --command \"java {jvmFlags} -jar app.jar --port={port}\"",
      "                --ready http://127.0.0.1:{port}/health gc.log",
      "  jtune suggest --command \"java {jvmFlags} -jar app.jar --port={port}\" \\",
      "                --ready http://127.0.0.1:{port}/health --url /login -X POST \\",
      "                -H 'Authorization: Basic dTpw' \\",
      "                -H 'Content-Type: application/x-www-form-urlencoded' \\",
      "                --body 'user=u&item=7' -o plan.yaml gc.log"})
final class SuggestCommand implements Callable<Integer> {
  /** {@code --format}: what stdout shows. */
  static final class Formats extends FormatOption {
    Formats() {
      super(stdout(null).formats());
    }
  }

  static final String TEMPLATE_COMMAND = CommandTemplate.EXAMPLE;
  static final String TEMPLATE_READY = "http://127.0.0.1:{port}/";

  @Spec CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "GCLOG", description = "GC logs of the service (files, directories, .gz/.zip, '-')")
  List<String> inputs;

  @Mixin BaselineFlags baseline;

  @Option(names = "--qps", paramLabel = "N", description = "requests/s served while logging: memory per request and open-model load levels")
  Double qps;

  @Option(names = "--concurrency", paramLabel = "N", description = "requests in flight while logging: survivor sizing and closed-model load levels")
  Integer concurrency;

  @Option(names = "--jstat", paramLabel = "FILE", description = "output of 'jstat -gc [-t] PID INTERVAL': sizes and metaspace use the log lacks")
  Path jstat;

  @Option(names = "--pause-target", paramLabel = "DURATION", converter = DurationConverter.Millis.class,
      description = "a pause goal, e.g. 200ms (default: none; pauses are judged against 50ms; a plain number is"
          + " milliseconds)")
  Duration pauseTarget;

  @Option(names = "--jdk", paramLabel = "N", description = "major version of the JDK the candidates will run on (default: the log's)")
  Integer jdk;

  /** The older name of {@code --memory-limit}, kept for scripts that use it. */
  @Option(names = "--container-memory-limit", paramLabel = "SIZE", hidden = true)
  void containerMemory(String value) {
    container.memory = value;
  }

  /** The older name of {@code --cpus}, kept for scripts that use it. */
  @Option(names = "--container-cpus", paramLabel = "N", hidden = true)
  void containerCpus(String value) {
    container.cpus = value;
  }

  @Option(names = "--lab", paramLabel = "SCENARIO", description = "plan target: a lab scenario (its flags are the baseline)")
  String lab;

  @Option(names = "--command", paramLabel = "\"CMD\"", description = "plan target: a command with {jvmFlags} and {port}, run by sh -c")
  String command;

  @Option(names = "--ready", paramLabel = "URL", description = "with --command: the URL polled until it answers 200 (may use {port})")
  String ready;

  @Option(names = "--url", paramLabel = "PATH",
      description = "a request path on the service, or 'WEIGHT PATH' (repeatable): the plan's requests")
  List<String> urls;

  @Mixin RequestOptions request;

  @Mixin ContainerLimitOptions container;

  @Mixin RequestOptions.Weights weights;

  @Option(names = "--name", paramLabel = "NAME", defaultValue = "suggested", description = "the plan's name (default: ${DEFAULT-VALUE})")
  String name;

  @Option(names = {"-o", "--output"}, paramLabel = "FILE",
      description = "write the plan (YAML) to FILE (a FIFO or device is written directly)")
  Path output;

  @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text", converter = Formats.class,
      completionCandidates = Formats.class,
      description = "what stdout shows: text (default), yaml (the plan itself), json (schema jtune.suggestion/1)")
  OutputFormat format;

  /**
   * The container limits given (a lab scenario's own where not given): one pair of options fills
   * both the plan's limits and the advice, whose heap stays within the memory limit; a bad
   * quantity is a usage error.
   */
  private ContainerLimits limits(LabScenario scenario) {
    try {
      return scenario == null ? container.limits() : container.limits(scenario);
    } catch (JtuneException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  private static ContainerLimit advice(ContainerLimits l, String source) {
    return ContainerLimit.of(l.memory() == null ? -1 : l.memory().bytes(), l.cpus() == null ? Double.NaN
        : l.cpus().cores(), source);
  }

  @Override
  public Integer call() throws IOException {
    validate();
    limits(null);
    List<String> paths = RequestOptions.weighted(urls != null ? urls : List.of(), weights.weights);
    LevelRequest levelRequest = request.levelRequest();
    Double pauseTargetMs = pauseTarget == null ? null : DurationConverter.millis(pauseTarget);
    LabScenario scenario = lab == null ? null : LabLauncher.locate().scenario(lab);
    ContainerLimits limits = limits(scenario);
    baseline.validate();
    String serviceFlags = baseline.given() ? baseline.text()
        : scenario != null ? String.join(" ", scenario.jvmFlags()) : null;
    double target = pauseTargetMs != null ? pauseTargetMs : AnalysisOptions.DEFAULTS.pauseTargetMs();
    AnalysisOptions options = new AnalysisOptions(AnalysisOptions.DEFAULTS.windowS(), target,
        qps == null ? Double.NaN : qps, serviceFlags, false);
    ProgressLine progress = ProgressLine.onTerminal(spec.commandLine().getErr());
    Analysis analysis;
    try {
      analysis = GcAnalyzer.analyze(inputs, JtuneCommand.stdin(spec), options, progress);
    } finally {
      progress.clear();
    }
    // a lab scenario's own load when none is given: its clients, or its rate and connections
    boolean labLoad = scenario != null && qps == null;
    int clients = concurrency != null ? concurrency
        : labLoad ? scenario.concurrency().orElse(scenario.connections().orElse(0)) : 0;
    double rate = qps != null ? qps : labLoad ? scenario.rateRps().orElse(Double.NaN) : Double.NaN;
    Advisor.Inputs in = Advisor.Inputs.NONE
        .withFlags(serviceFlags == null ? null : JvmFlags.split(serviceFlags))
        .withQps(rate)
        .withConcurrency(clients)
        .withJstat(jstat == null ? null : JstatGc.read(jstat))
        .withPauseTarget(pauseTargetMs == null ? Double.NaN : pauseTargetMs)
        .withJdk(jdk == null ? 0 : jdk)
        .withContainer(advice(limits, container.given() ? "--memory-limit" : "the lab scenario's limit"));
    Suggestion s = Advisor.advise(analysis, in);
    PrintWriter out = spec.commandLine().getOut();
    boolean planWanted = output != null || format == OutputFormat.YAML;
    if (s.candidates().isEmpty()) {
      stdout(null).render(format, s, out);
      if (planWanted) {
        throw new JtuneException("no plan written: no candidate configuration differs from the baseline"
            + (s.gcNotTheProblem() ? " (GC is not the problem here)" : ""));
      }
      return 0;
    }
    ServiceSpec planTarget = scenario != null ? new ServiceSpec(scenario.name(), scenario.labArgs(), null, null, Duration.ofSeconds(60), null, null, 0)
        : new ServiceSpec(null, List.of(), command != null ? command : TEMPLATE_COMMAND, command != null ? ready : TEMPLATE_READY,
            Duration.ofSeconds(60), null, null, 0);
    Plan plan = s.plan(name, planTarget, urls != null ? paths : List.of(planTarget.isLab() ? "/scenario" : "/"),
        levelRequest, request.timeout).withLimits(limits);
    String yaml = yaml(plan, s, scenario != null);
    // the plan must read back: a suggestion nobody can run is a bug, not a user error
    PlanReader.read(new StringReader(yaml), "the suggested plan", Path.of("").toAbsolutePath());
    stdout(output == null ? yaml : null).render(format, s, out);
    if (output != null) {
      OutputFile.writePrivate(output, w -> w.print(yaml)); // request data: only its owner reads it
      spec.commandLine().getErr().println("jtune: plan written to " + output + " (" + plan.schedule().size()
          + " runs); run it with 'jtune experiment " + output + "'");
    }
    return 0;
  }

  /** What stdout shows: the suggestion as text or JSON, or the plan ({@code planYaml}; null: nothing). */
  static Renderers<Suggestion> stdout(String planYaml) {
    return Renderers.<Suggestion>of().with(OutputFormat.TEXT, SuggestionText::write).with(OutputFormat.YAML, (s, w) -> {
      if (planYaml != null) {
        w.print(planYaml);
      }
    }).with(OutputFormat.JSON, SuggestionJson::write);
  }

  private void validate() {
    if (pauseTarget != null && pauseTarget.isZero()) {
      throw new JtuneException("--pause-target must be above 0");
    }
    if (qps != null && !(qps > 0)) {
      throw new JtuneException("--qps must be a positive number");
    }
    if (concurrency != null && concurrency < 1) {
      throw new JtuneException("--concurrency must be 1 or more");
    }
    if (request.timeout.isZero() || request.timeout.isNegative()) {
      throw new JtuneException("--timeout must be above 0");
    }
    if (request.timeout.compareTo(PlanReader.MAX_WAIT) > 0) {
      throw new JtuneException("--timeout is at most 1h (the longest wait a plan takes)");
    }
    if (jdk != null && (jdk < 6 || jdk > 99)) {
      throw new JtuneException("--jdk must be a major Java version such as 8, 17 or 21");
    }
    if (lab != null && command != null) {
      throw new JtuneException("give --lab or --command as the plan's target, not both");
    }
    if (command != null) {
      CommandTemplate.check(command, ready);
    } else if (ready != null) {
      throw new JtuneException("--ready goes with --command");
    }
    if (output != null) {
      OutputFile.check(output);
      OutputFile.refuseInput(output, inputs);
    }
  }

  /** The plan with comments: where it came from, the verdict, notes, and what to edit. */
  private String yaml(Plan plan, Suggestion s, boolean isLab) {
    List<String> header = new ArrayList<>();
    header.add("Experiment plan written by 'jtune suggest' from " + String.join(", ", inputs) + ": "
        + s.collector() + ", " + s.jdk().describe() + ".");
    header.add(s.verdict());
    header.add(isLab
        ? "Each candidate's flags are added after the lab scenario's own (the later of a repeated flag wins)."
        : "Each candidate's flags are its whole configuration: the command runs with exactly these.");
    for (String note : s.notes()) {
      header.add("Note: " + note);
    }
    header.add("Run it with: jtune experiment " + (output != null ? output : "PLAN.yaml"));
    List<String> targetNote = new ArrayList<>();
    if (command == null && !isLab) {
      targetNote.add("EDIT: the command that starts your service. {jvmFlags} becomes a candidate's flags, {port}"
          + " a free port; 'ready' is polled until it answers 200."
          + (urls == null ? " Edit the levels' urls to your service's requests." : ""));
    } else if (!isLab && urls == null) {
      targetNote.add("Edit the levels' urls to your service's requests.");
    }
    return new PlanWriter().header(header).targetNote(targetNote).write(plan);
  }
}
