package io.jtune.experiment.report;

import io.jtune.core.JtuneException;
import io.jtune.experiment.report.html.ExperimentHtml;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.function.BiConsumer;

/** Writes an experiment's reports into its run directory: report.txt, report.md, experiment.json, report.html. */
public final class ReportFiles {
  private ReportFiles() {}

  /** Writes the four reports; returns their paths. */
  public static List<Path> writeAll(ExperimentReport r, Path dir) {
    return List.of(
        write(dir.resolve("report.txt"), w -> ExperimentText.text(r, w)),
        write(dir.resolve("report.md"), w -> ExperimentText.markdown(r, w)),
        write(dir.resolve("experiment.json"), w -> ExperimentJson.write(r, w)),
        write(dir.resolve("report.html"), w -> ExperimentHtml.write(r, dir, w)));
  }

  private static Path write(Path file, java.util.function.Consumer<PrintWriter> body) {
    return writeWith(file, (f, w) -> body.accept(w));
  }

  /** Writes a file through a temporary one, so a reader never sees half of it. */
  public static Path writeWith(Path file, BiConsumer<Path, PrintWriter> body) {
    try {
      Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
      try (Writer w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8); PrintWriter pw = new PrintWriter(w)) {
        body.accept(file, pw);
      }
      Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      return file;
    } catch (IOException e) {
      throw new JtuneException("cannot write " + file + ": " + e.getMessage(), e);
    }
  }
}
