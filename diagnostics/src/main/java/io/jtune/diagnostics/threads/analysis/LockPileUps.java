package io.jtune.diagnostics.threads.analysis;

import io.jtune.diagnostics.threads.ContendedLock;
import io.jtune.diagnostics.threads.ThreadDump;
import io.jtune.diagnostics.threads.ThreadInfo;
import java.util.ArrayList;
import java.util.List;

/** The contended locks of a dump with their owners' state and stacks, most waiters first. */
public final class LockPileUps {
  private LockPileUps() {}

  public static List<LockPileUp> of(ThreadDump dump) {
    List<LockPileUp> pileUps = new ArrayList<>();
    for (ContendedLock c : dump.summary().contended()) {
      ThreadInfo owner = c.owner() == null ? null
          : dump.threads().stream().filter(t -> t.name().equals(c.owner())).findFirst().orElse(null);
      List<String> frames = owner == null ? List.of() : owner.frames().subList(0, Math.min(5, owner.frames().size()));
      pileUps.add(new LockPileUp(c.className(), c.address(), c.monitor(), c.owner(), owner == null ? null : owner.state(),
          frames, c.waiters(), c.waiterFrame()));
    }
    return pileUps;
  }
}
