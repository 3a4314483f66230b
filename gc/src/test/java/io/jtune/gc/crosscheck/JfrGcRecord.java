package io.jtune.gc.crosscheck;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * The GC side of a JFR recording, used as the independent truth: one {@link Collection} per
 * {@code jdk.GarbageCollection} event, with the {@code jdk.GCPhasePause} events (top-level
 * pauses) of the same GC id, plus when the JVM started and when the recording ran.
 *
 * @param collections in start order (a GC id can carry more than one, see {@link #byGcId()})
 * @param pausesByGcId {@code jdk.GCPhasePause} events by GC id, in start order
 * @param g1TypeByGcId {@code jdk.G1GarbageCollection.type} by GC id ("Normal", "Mixed", ...)
 * @param jvmStart {@code jdk.JVMInformation.jvmStartTime}
 * @param recordingStart {@code jdk.ActiveRecording.recordingStart}
 * @param lastEventEnd the end of the latest event in the file (the recording stopped after it)
 */
record JfrGcRecord(
    List<Collection> collections,
    Map<Long, List<Pause>> pausesByGcId,
    Map<Long, String> g1TypeByGcId,
    Instant jvmStart,
    Instant recordingStart,
    Instant lastEventEnd) {

  /** One {@code jdk.GarbageCollection} event. Durations are in nanoseconds, as JFR keeps them. */
  record Collection(long gcId, String name, String cause, Instant start, long sumOfPausesNs, long longestPauseNs) {}

  /** One {@code jdk.GCPhasePause} event: a single stop-the-world pause of a GC. */
  record Pause(long gcId, String name, Instant start, long durationNs) {}

  static JfrGcRecord read(Path jfr) throws IOException {
    List<Collection> collections = new ArrayList<>();
    Map<Long, List<Pause>> pauses = new TreeMap<>();
    Map<Long, String> g1Types = new TreeMap<>();
    Instant jvmStart = null;
    Instant recordingStart = null;
    Instant lastEnd = Instant.EPOCH;
    try (RecordingFile file = new RecordingFile(jfr)) {
      while (file.hasMoreEvents()) {
        RecordedEvent e = file.readEvent();
        if (e.getEndTime().isAfter(lastEnd)) {
          lastEnd = e.getEndTime();
        }
        switch (e.getEventType().getName()) {
          case "jdk.GarbageCollection" -> collections.add(new Collection(
              e.getLong("gcId"), e.getString("name"), e.getString("cause"), e.getStartTime(),
              nanos(e.getDuration("sumOfPauses")), nanos(e.getDuration("longestPause"))));
          case "jdk.GCPhasePause" -> pauses.computeIfAbsent(e.getLong("gcId"), k -> new ArrayList<>())
              .add(new Pause(e.getLong("gcId"), e.getString("name"), e.getStartTime(), nanos(e.getDuration())));
          case "jdk.G1GarbageCollection" -> g1Types.put(e.getLong("gcId"), e.getString("type"));
          case "jdk.JVMInformation" -> jvmStart = e.getInstant("jvmStartTime");
          case "jdk.ActiveRecording" -> {
            Instant s = e.getInstant("recordingStart");
            if (recordingStart == null || s.isBefore(recordingStart)) {
              recordingStart = s;
            }
          }
          default -> { }
        }
      }
    }
    collections.sort((a, b) -> a.start().compareTo(b.start()));
    pauses.values().forEach(l -> l.sort((a, b) -> a.start().compareTo(b.start())));
    return new JfrGcRecord(List.copyOf(collections), pauses, g1Types, jvmStart, recordingStart, lastEnd);
  }

  /*
   * Text form, one fact per tab-separated line, so a recorded run can be kept as test data
   * without the (much larger, binary) recording: "jvmStart|recordingStart|lastEventEnd INSTANT",
   * "collection ID NAME CAUSE START SUM_NS LONGEST_NS", "pause ID NAME START NS",
   * "g1type ID TYPE". Instants in ISO-8601 with nanoseconds.
   */

  /** The file name the text form is kept under, next to a run's logs. */
  static final String TEXT_FILE = "jfr-gc.tsv";

  /** Writes the text form. */
  void writeText(Path file) throws IOException {
    StringBuilder sb = new StringBuilder("# GC events of a JFR recording, written by JfrGcRecord.writeText\n");
    sb.append("jvmStart\t").append(jvmStart).append('\n');
    sb.append("recordingStart\t").append(recordingStart).append('\n');
    sb.append("lastEventEnd\t").append(lastEventEnd).append('\n');
    for (Collection c : collections) {
      sb.append(String.join("\t", "collection", Long.toString(c.gcId()), c.name(), String.valueOf(c.cause()),
          c.start().toString(), Long.toString(c.sumOfPausesNs()), Long.toString(c.longestPauseNs()))).append('\n');
    }
    for (List<Pause> ps : pausesByGcId.values()) {
      for (Pause p : ps) {
        sb.append(String.join("\t", "pause", Long.toString(p.gcId()), p.name(), p.start().toString(),
            Long.toString(p.durationNs()))).append('\n');
      }
    }
    g1TypeByGcId.forEach((id, type) -> sb.append("g1type\t").append(id).append('\t').append(type).append('\n'));
    java.nio.file.Files.writeString(file, sb);
  }

  /** Reads the text form written by {@link #writeText}. */
  static JfrGcRecord readText(Path file) throws IOException {
    List<Collection> collections = new ArrayList<>();
    Map<Long, List<Pause>> pauses = new TreeMap<>();
    Map<Long, String> g1Types = new TreeMap<>();
    Map<String, Instant> instants = new TreeMap<>();
    for (String line : java.nio.file.Files.readAllLines(file)) {
      if (line.isBlank() || line.startsWith("#")) {
        continue;
      }
      String[] f = line.split("\t", -1);
      switch (f[0]) {
        case "collection" -> collections.add(new Collection(Long.parseLong(f[1]), f[2],
            f[3].equals("null") ? null : f[3], Instant.parse(f[4]), Long.parseLong(f[5]), Long.parseLong(f[6])));
        case "pause" -> pauses.computeIfAbsent(Long.parseLong(f[1]), k -> new ArrayList<>())
            .add(new Pause(Long.parseLong(f[1]), f[2], Instant.parse(f[3]), Long.parseLong(f[4])));
        case "g1type" -> g1Types.put(Long.parseLong(f[1]), f[2]);
        default -> instants.put(f[0], Instant.parse(f[1]));
      }
    }
    return new JfrGcRecord(List.copyOf(collections), pauses, g1Types, instants.get("jvmStart"),
        instants.get("recordingStart"), instants.get("lastEventEnd"));
  }

  private static long nanos(Duration d) {
    return d == null ? 0 : d.toNanos();
  }

  /** Events by GC id, in start order. */
  Map<Long, List<Collection>> byGcId() {
    Map<Long, List<Collection>> m = new TreeMap<>();
    for (Collection c : collections) {
      m.computeIfAbsent(c.gcId(), k -> new ArrayList<>()).add(c);
    }
    return m;
  }
}
