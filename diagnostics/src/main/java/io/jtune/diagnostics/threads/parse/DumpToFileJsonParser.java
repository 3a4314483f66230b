package io.jtune.diagnostics.threads.parse;

import io.jtune.common.format.Json;
import io.jtune.common.input.DiagnosticFile;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.jtune.common.JtuneException;
import io.jtune.diagnostics.threads.DumpFormat;
import io.jtune.diagnostics.threads.ThreadDump;
import io.jtune.diagnostics.threads.ThreadInfo;
import io.jtune.diagnostics.threads.ThreadLock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code jcmd PID Thread.dump_to_file -format=json FILE} (JDK 21+): {@code threadDump.
 * threadContainers[].threads[]}, each with {@code tid}, {@code name}, {@code stack[]} (all that
 * JDK 21-24 print: virtual threads are told by their stack), and since
 * JDK 25 {@code state}, {@code virtual}, {@code carrier}, {@code blockedOn}, {@code waitingOn},
 * {@code parkBlocker {object, owner}} and {@code monitorsOwned[{depth, locks[]}]}.
 */
public final class DumpToFileJsonParser {

  private DumpToFileJsonParser() {}

  /** True when the text starts a JSON object that names "threadDump". */
  public static boolean looksLike(String head) {
    return DiagnosticFile.threadDumpJson(head);
  }

  /** The dump in the text; a JtuneException when it is not valid JSON. */
  public static ThreadDump parse(String text) {
    JsonNode dump;
    try {
      dump = Json.mapper().readTree(text).path("threadDump");
    } catch (JsonProcessingException e) {
      throw new JtuneException("not a complete JSON thread dump: " + e.getOriginalMessage());
    }
    List<JsonNode> nodes = new ArrayList<>();
    for (JsonNode container : dump.path("threadContainers")) {
      container.path("threads").forEach(nodes::add);
    }
    Map<String, String> names = new HashMap<>();
    Map<String, List<ThreadLock>> owned = new HashMap<>();
    for (JsonNode t : nodes) {
      names.put(t.path("tid").asText(), t.path("name").asText());
      String owner = t.path("parkBlocker").path("owner").asText(null);
      String object = t.path("parkBlocker").path("object").asText(null);
      if (owner != null && object != null) {
        owned.computeIfAbsent(owner, o -> new ArrayList<>()).add(LockLines.identity(ThreadLock.Kind.OWNS, object, -1));
      }
    }
    List<ThreadInfo> threads = new ArrayList<>(nodes.size());
    for (JsonNode t : nodes) {
      String tid = t.path("tid").asText();
      List<String> frames = new ArrayList<>();
      t.path("stack").forEach(f -> frames.add(f.asText()));
      List<ThreadLock> locks = new ArrayList<>();
      lock(locks, ThreadLock.Kind.WAITING_TO_LOCK, t.path("blockedOn"));
      lock(locks, ThreadLock.Kind.WAITING_ON, t.path("waitingOn"));
      lock(locks, ThreadLock.Kind.PARKED_ON, t.path("parkBlocker").path("object"));
      for (JsonNode m : t.path("monitorsOwned")) {
        int depth = m.path("depth").asInt(-1);
        for (JsonNode l : m.path("locks")) {
          locks.add(LockLines.identity(ThreadLock.Kind.LOCKED, l.asText(), depth));
        }
      }
      locks.addAll(owned.getOrDefault(tid, List.of()));
      String carrier = t.hasNonNull("carrier") ? names.getOrDefault(t.path("carrier").asText(), "#" + t.path("carrier").asText()) : null;
      threads.add(new ThreadInfo(t.path("name").asText(), HotSpotDumpParser.parseLong(tid, 0, tid.length()), false,
          StateNames.of(t.path("state").asText()), null, null, frames, locks, -1, virtual(t, frames), carrier));
    }
    String version = dump.path("runtimeVersion").asText(null);
    return new ThreadDump(null, version == null ? "Thread.dump_to_file" : "runtime " + version, threads,
        true, 1, DumpFormat.DUMP_TO_FILE_JSON, List.of());
  }

  /**
   * JDK 25 says "virtual": true; JDK 21-24 do not, but a virtual thread's stack starts in
   * VirtualThread.run, where every virtual thread runs its task.
   */
  private static boolean virtual(JsonNode t, List<String> frames) {
    if (t.has("virtual")) {
      return t.path("virtual").asBoolean(false);
    }
    return !frames.isEmpty() && frames.get(frames.size() - 1).contains("java.lang.VirtualThread.run(");
  }

  private static void lock(List<ThreadLock> locks, ThreadLock.Kind kind, JsonNode object) {
    if (object.isTextual()) {
      locks.add(LockLines.identity(kind, object.asText(), 0));
    }
  }
}
