package io.jtune.experiment.run;

import io.jtune.experiment.plan.Level;
import io.jtune.experiment.plan.LevelRequest;
import io.jtune.load.DataFile;
import io.jtune.load.LoadModel;
import io.jtune.load.LoadPlan;
import io.jtune.load.RequestTemplate;
import io.jtune.load.WeightedUrl;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/** A plan's load level as the load engine runs it against a started service. */
final class LevelLoad {
  private LevelLoad() {
  }

  /** The level's requests against a running target. */
  static List<RequestTemplate> targets(Level level, URI base) {
    List<RequestTemplate> out = new ArrayList<>();
    LevelRequest request = level.request();
    if (request.replay() != null) {
      // a replayed log's requests go to the target's host and port, with the level's headers
      return List.of(new RequestTemplate(RequestTemplate.parseUrl(base.resolve("/").toString()), "GET",
          request.headers(), null, 1));
    }
    byte[] body = request.bodyBytes();
    DataFile data = request.dataFile();
    for (WeightedUrl u : level.weightedUrls()) {
      out.add(new RequestTemplate(RequestTemplate.parseUrl(u.against(base).toString()), request.method(), request.headers(),
          body, u.weight(), data));
    }
    return out;
  }

  /**
   * The level's load; its warm-up lasts until the load's progress judges it steady, at most the
   * level's ceiling; in the open model with a ramp-up, the rate grows from 0 over its first part.
   */
  static LoadPlan loadPlan(Level l, URI base) {
    return new LoadPlan(targets(l, base), l.open() ? LoadModel.OPEN : LoadModel.CLOSED, l.concurrency(),
        l.open() ? l.rateRps() : 0, l.duration(), 0, l.maxWarmup(), l.rampUp(), l.timeout(),
        LoadPlan.defaultThreads(l.concurrency()), l.request().insecure(),
        l.request().replay() == null ? null : l.request().replay().read(), l.request().users());
  }
}
