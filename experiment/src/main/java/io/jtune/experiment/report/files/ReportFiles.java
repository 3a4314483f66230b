package io.jtune.experiment.report.files;

import io.jtune.common.JtuneException;
import io.jtune.common.format.OutputFormat;
import io.jtune.common.format.Renderers;
import io.jtune.experiment.report.ExperimentReport;
import io.jtune.experiment.report.KubernetesResources;
import io.jtune.runtime.output.OutputFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Writes an experiment's reports into its run directory: report.txt, report.md, experiment.json,
 * report.html, and with a container limit resources.yaml (the recommendation as Kubernetes
 * container resources and JVM options, see {@link KubernetesResources}).
 */
public final class ReportFiles {
  /** The Kubernetes snippet's file name. */
  public static final String RESOURCES_FILE = "resources.yaml";

  private ReportFiles() {}

  /** Writes the reports (each whole or not at all, see {@link OutputFile}); returns their paths. */
  public static List<Path> writeAll(ExperimentReport r, Path dir) {
    Renderers<ExperimentReport> formats = ExperimentRenderers.of(dir);
    List<Path> out = new ArrayList<>(List.of(
        OutputFile.write(dir.resolve("report.txt"), w -> formats.render(OutputFormat.TEXT, r, w)),
        OutputFile.write(dir.resolve("report.md"), w -> formats.render(OutputFormat.MARKDOWN, r, w)),
        OutputFile.write(dir.resolve("experiment.json"), w -> formats.render(OutputFormat.JSON, r, w)),
        OutputFile.write(dir.resolve("report.html"), w -> formats.render(OutputFormat.HTML, r, w))));
    Optional<KubernetesResources> resources = KubernetesResources.of(r);
    Path yaml = dir.resolve(RESOURCES_FILE);
    if (resources.isPresent()) {
      out.add(OutputFile.write(yaml, w -> resources.get().writeYaml(w)));
    } else {
      try {
        // a report written again (a resumed experiment) leaves no snippet of an earlier verdict
        Files.deleteIfExists(yaml);
      } catch (IOException e) {
        throw new JtuneException("cannot remove the earlier " + yaml + ": " + e.getMessage(), e);
      }
    }
    return List.copyOf(out);
  }
}
