package io.jtune.diagnostics.jfr;

import io.jtune.common.JtuneException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import jdk.jfr.consumer.RecordedClass;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/** Reads a JFR recording with the JDK's {@code jdk.jfr.consumer} into a {@link JfrSummary}, in one pass. */
public final class JfrReader {
  /** How many locks, methods and allocation rows a summary keeps. */
  public static final int TOP = 15;

  private JfrReader() {}

  public static JfrSummary read(Path file) {
    if (!Files.isRegularFile(file)) {
      throw new JtuneException(file + ": no such file");
    }
    Acc acc = new Acc();
    try (RecordingFile rf = new RecordingFile(file)) {
      while (rf.hasMoreEvents()) {
        acc.accept(rf.readEvent());
      }
    } catch (NoSuchFileException e) {
      throw new JtuneException(file + ": no such file");
    } catch (IOException e) {
      throw new JtuneException(file + ": not a JFR recording, or a damaged one (" + e.getMessage() + ")");
    }
    if (acc.events == 0) {
      throw new JtuneException(file + ": the recording has no events");
    }
    return acc.summary(file.toString());
  }

  /** Everything gathered in the pass. */
  private static final class Acc {
    long events;
    Instant first;
    Instant last;
    long collections;
    long pauses;
    double pauseTotalMs;
    double pauseMaxMs;
    double longestCollectionMs;
    long heapUsedAfterMax;
    long heapCommittedMax;
    final Set<String> collectors = new LinkedHashSet<>();
    final Map<String, double[]> locks = new HashMap<>();
    final Map<String, String> lockFrames = new HashMap<>();
    final Map<String, long[]> methods = new HashMap<>();
    long samples;
    final Map<String, long[]> allocByClass = new HashMap<>();
    final Map<String, long[]> allocBySite = new HashMap<>();
    final Map<Long, Instant> safepointStarts = new HashMap<>();
    long safepoints;
    double safepointTotalMs;
    double safepointMaxMs;
    double machineMax;
    double jvmSum;
    long cpuSamples;
    long threadsMax;
    long daemonMax;

    void accept(RecordedEvent e) {
      events++;
      Instant start = e.getStartTime();
      Instant end = e.getEndTime();
      first = first == null || start.isBefore(first) ? start : first;
      last = last == null || end.isAfter(last) ? end : last;
      switch (e.getEventType().getName()) {
        case "jdk.GarbageCollection" -> {
          collections++;
          collectors.add(e.getString("name"));
          longestCollectionMs = Math.max(longestCollectionMs, ms(e.getDuration("sumOfPauses")));
        }
        case "jdk.GCPhasePause" -> {
          pauses++;
          double d = ms(e.getDuration());
          pauseTotalMs += d;
          pauseMaxMs = Math.max(pauseMaxMs, d);
        }
        case "jdk.GCHeapSummary" -> {
          if ("After GC".equals(e.getString("when"))) {
            heapUsedAfterMax = Math.max(heapUsedAfterMax, e.getLong("heapUsed"));
          }
          heapCommittedMax = Math.max(heapCommittedMax, e.getLong("heapSpace.committedSize"));
        }
        case "jdk.JavaMonitorEnter" -> lock(e, "monitorClass", "monitor enter");
        case "jdk.JavaMonitorWait" -> lock(e, "monitorClass", "monitor wait");
        case "jdk.ThreadPark" -> lock(e, "parkedClass", "park");
        case "jdk.ExecutionSample" -> {
          samples++;
          RecordedFrame f = topFrame(e.getStackTrace(), false);
          if (f != null) {
            methods.computeIfAbsent(method(f), k -> new long[1])[0]++;
          }
        }
        case "jdk.ObjectAllocationSample" -> {
          long w = e.getLong("weight");
          RecordedClass c = e.getClass("objectClass");
          allocByClass.computeIfAbsent(c == null ? "(unknown)" : c.getName(), k -> new long[1])[0] += w;
          RecordedFrame f = topFrame(e.getStackTrace(), false);
          if (f != null) {
            allocBySite.computeIfAbsent(method(f) + ":" + f.getLineNumber(), k -> new long[1])[0] += w;
          }
        }
        case "jdk.SafepointBegin" -> safepointStarts.put(e.getLong("safepointId"), start);
        case "jdk.SafepointEnd" -> {
          Instant s = safepointStarts.remove(e.getLong("safepointId"));
          if (s != null) {
            double d = ms(Duration.between(s, end));
            safepoints++;
            safepointTotalMs += d;
            safepointMaxMs = Math.max(safepointMaxMs, d);
          }
        }
        case "jdk.CPULoad" -> {
          cpuSamples++;
          machineMax = Math.max(machineMax, e.getFloat("machineTotal"));
          jvmSum += e.getFloat("jvmUser") + e.getFloat("jvmSystem");
        }
        case "jdk.JavaThreadStatistics" -> {
          threadsMax = Math.max(threadsMax, e.getLong("activeCount"));
          daemonMax = Math.max(daemonMax, e.getLong("daemonCount"));
        }
        default -> { }
      }
    }

    private void lock(RecordedEvent e, String classField, String kind) {
      RecordedClass c = e.hasField(classField) ? e.getClass(classField) : null;
      String key = kind + "|" + (c == null ? "(unknown)" : c.getName());
      double[] a = locks.computeIfAbsent(key, k -> new double[2]);
      a[0]++;
      a[1] += ms(e.getDuration());
      if (!lockFrames.containsKey(key)) {
        RecordedFrame f = topFrame(e.getStackTrace(), true);
        lockFrames.put(key, f == null ? null : method(f) + ":" + f.getLineNumber());
      }
    }

    JfrSummary summary(String file) {
      List<JfrSummary.Lock> lockRows = new ArrayList<>();
      locks.forEach((k, a) -> {
        int bar = k.indexOf('|');
        lockRows.add(new JfrSummary.Lock(k.substring(bar + 1), k.substring(0, bar), (long) a[0], a[1], lockFrames.get(k)));
      });
      lockRows.sort(Comparator.comparingDouble(JfrSummary.Lock::totalMs).reversed());
      List<JfrSummary.HotMethod> hot = new ArrayList<>();
      methods.forEach((m, n) -> hot.add(new JfrSummary.HotMethod(m, n[0], samples == 0 ? 0 : 100.0 * n[0] / samples)));
      hot.sort(Comparator.comparingLong(JfrSummary.HotMethod::samples).reversed().thenComparing(JfrSummary.HotMethod::method));
      return new JfrSummary(file, first == null ? 0 : Duration.between(first, last).toNanos() / 1e9,
          new JfrSummary.Gc(collections, pauses, pauseTotalMs, pauseMaxMs, longestCollectionMs, heapUsedAfterMax,
              heapCommittedMax, new ArrayList<>(collectors)),
          top(lockRows), top(hot), samples, allocation(allocByClass), allocation(allocBySite),
          new JfrSummary.Safepoints(safepoints, safepointTotalMs, safepointMaxMs),
          new JfrSummary.Cpu(100 * machineMax, cpuSamples == 0 ? Double.NaN : 100 * jvmSum / cpuSamples, cpuSamples),
          new JfrSummary.Threads(threadsMax, daemonMax));
    }

    private static List<JfrSummary.Allocation> allocation(Map<String, long[]> m) {
      long total = m.values().stream().mapToLong(a -> a[0]).sum();
      List<JfrSummary.Allocation> rows = new ArrayList<>();
      m.forEach((k, a) -> rows.add(new JfrSummary.Allocation(k, a[0], total == 0 ? 0 : 100.0 * a[0] / total)));
      rows.sort(Comparator.comparingLong(JfrSummary.Allocation::bytes).reversed().thenComparing(JfrSummary.Allocation::name));
      return top(rows);
    }

    private static <T> List<T> top(List<T> rows) {
      return rows.size() > TOP ? List.copyOf(rows.subList(0, TOP)) : rows;
    }
  }

  /**
   * The first frame of a stack; for a wait, the first frame outside the JDK's own locking and
   * parking code, which is the application's code that waits.
   */
  static RecordedFrame topFrame(RecordedStackTrace st, boolean skipLocking) {
    if (st == null || st.getFrames().isEmpty()) {
      return null;
    }
    for (RecordedFrame f : st.getFrames()) {
      String c = f.getMethod().getType().getName();
      if (!skipLocking || !(c.startsWith("java.util.concurrent.locks.") || c.equals("java.lang.Object")
          || c.startsWith("jdk.internal.misc.") || c.equals("java.lang.Thread") || c.startsWith("java.lang.VirtualThread"))) {
        return f;
      }
    }
    return st.getFrames().get(0);
  }

  static String method(RecordedFrame f) {
    return f.getMethod().getType().getName() + "." + f.getMethod().getName();
  }

  static double ms(Duration d) {
    return d == null ? 0 : d.toNanos() / 1e6;
  }
}
