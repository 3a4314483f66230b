package io.jtune.diagnostics.threads.render;

import io.jtune.common.format.Json;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.jtune.common.format.JsonNumbers;
import io.jtune.diagnostics.threads.analysis.CpuUse;
import io.jtune.diagnostics.threads.analysis.Deadlock;
import io.jtune.diagnostics.threads.analysis.LockPileUp;
import io.jtune.diagnostics.threads.analysis.Pool;
import io.jtune.diagnostics.threads.analysis.StackGroup;
import io.jtune.diagnostics.threads.analysis.StuckThread;
import io.jtune.diagnostics.threads.analysis.ThreadFinding;
import io.jtune.diagnostics.threads.analysis.ThreadsReport;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/** The {@code jtune.threads/1} JSON document of a threads report (schemas/jtune.threads-1.schema.json). */
public final class ThreadsJson {
  public static final String SCHEMA = "jtune.threads/1";

  private ThreadsJson() {}

  public static void write(ThreadsReport r, Writer out) throws IOException {
    Json.write(tree(r), out);
  }

  public static ObjectNode tree(ThreadsReport r) {
    ObjectNode doc = Json.object();
    doc.put("schema", SCHEMA);
    ObjectNode source = doc.putObject("source");
    source.put("dumps", r.dumps());
    source.put("format", r.format().label());
    source.put("jvm", r.jvm());
    source.put("statesAndLocks", r.statesAndLocks());
    ObjectNode threads = doc.putObject("threads");
    threads.put("total", r.total());
    threads.put("java", r.javaThreads());
    threads.put("virtual", r.virtualThreads());
    threads.put("mountedVirtual", r.mountedVirtual());
    ObjectNode states = doc.putObject("states");
    for (Thread.State s : Thread.State.values()) {
      if (r.states().containsKey(s)) {
        states.put(s.name(), r.count(s));
      }
    }
    ArrayNode pools = doc.putArray("pools");
    for (Pool p : r.pools()) {
      pools.addObject().put("name", p.name()).put("threads", p.threads().size()).put("busy", p.busy()).put("idle", p.idle());
    }
    ArrayNode locks = doc.putArray("locks");
    for (LockPileUp l : r.locks()) {
      ObjectNode n = locks.addObject();
      n.put("className", l.className());
      n.put("address", l.address());
      n.put("kind", l.monitor() ? "monitor" : "synchronizer");
      n.put("owner", l.owner());
      n.put("ownerState", l.ownerState() == null ? null : l.ownerState().name());
      strings(n.putArray("ownerFrames"), l.ownerFrames());
      n.put("waiters", l.waiters().size());
      strings(n.putArray("waiterThreads"), l.waiters());
      n.put("waiterFrame", l.waiterFrame());
    }
    ArrayNode deadlocks = doc.putArray("deadlocks");
    for (Deadlock d : r.deadlocks()) {
      ObjectNode n = deadlocks.addObject();
      n.put("reportedByJvm", d.reportedByJvm());
      strings(n.putArray("threads"), d.threads());
      ArrayNode links = n.putArray("links");
      for (Deadlock.Link l : d.links()) {
        links.addObject().put("thread", l.thread()).put("className", l.className()).put("address", l.address())
            .put("kind", l.monitor() ? "monitor" : "synchronizer").put("heldBy", l.heldBy());
      }
    }
    ArrayNode stacks = doc.putArray("identicalStacks");
    for (StackGroup g : r.identicalStacks()) {
      ObjectNode n = stacks.addObject();
      n.put("count", g.threads().size());
      n.put("state", g.state() == null ? null : g.state().name());
      strings(n.putArray("frames"), g.frames());
      strings(n.putArray("threads"), g.threads());
    }
    ArrayNode cpu = doc.putArray("cpu");
    for (CpuUse u : r.cpu()) {
      cpu.addObject().put("thread", u.thread()).put("cpuMs", JsonNumbers.round(u.cpuMs(), 3))
          .put("intervalS", JsonNumbers.round(u.intervalS(), 3)).put("pctOfCore", JsonNumbers.round(u.pctOfCore(), 2))
          .put("source", u.source());
    }
    ArrayNode stuck = doc.putArray("stuck");
    for (StuckThread s : r.stuck()) {
      stuck.addObject().put("thread", s.thread()).put("state", s.state().name()).put("frame", s.frame()).put("dumps", s.dumps());
    }
    ArrayNode findings = doc.putArray("findings");
    for (ThreadFinding f : r.findings()) {
      ObjectNode n = findings.addObject();
      n.put("id", f.id());
      n.put("severity", f.severity().label());
      n.put("title", f.title());
      strings(n.putArray("evidence"), f.evidence());
    }
    return doc;
  }

  private static void strings(ArrayNode array, List<String> values) {
    values.forEach(array::add);
  }
}
