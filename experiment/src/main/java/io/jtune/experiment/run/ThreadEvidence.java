package io.jtune.experiment.run;

import java.util.List;

/** Turns a captured thread dump into the gist a report shows. */
final class ThreadEvidence {
  private ThreadEvidence() {}

  static RunResult.ThreadsSeen summarize(List<String> lines) {
    return null; // filled in once the core thread-dump reader lands
  }
}
