package io.jtune.bench.jmh;

import io.jtune.bench.LogGenerator;
import io.jtune.bench.ToolComparison;
import io.jtune.gc.event.GcEvent;
import io.jtune.gc.input.LineReader;
import io.jtune.gc.input.LogSource;
import io.jtune.gc.parser.GcLogReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * JMH benchmark of jtune's parse hot path on an in-memory log (no disk, no JVM start-up): the
 * line reader alone, and the line reader with the format's parser and the timeline
 * ({@link GcLogReader#read}). The secondary result {@code mb} is the throughput in MB/s
 * (2^20 bytes). Run with {@code bench/jmh}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
@Fork(value = 1, jvmArgsAppend = {"-Xms160m", "-Xmx160m", "-XX:+UseSerialGC"})
public class ParseHotPath {

  /*
   * The log is generated in memory from the corpus log (the same generator as bench/run), large
   * enough that one operation (one pass over the log) takes tens of milliseconds and the JIT
   * sees the whole steady state, small enough to stay in memory beside the 160 MB heap cap.
   */
  private static final long LOG_BYTES = 24L << 20;

  @Param({"PARNEW_CMS", "PARNEW_CMS_DENSE", "G1_UNIFIED"})
  public String log;

  private byte[] bytes;

  /** Bytes consumed, reported per second by JMH: the benchmark's MB/s. */
  @State(Scope.Thread)
  @AuxCounters(AuxCounters.Type.OPERATIONS)
  public static class Throughput {
    public double mb;

    @Setup(Level.Iteration)
    public void clear() {
      mb = 0;
    }
  }

  @Setup
  public void generate() throws IOException {
    Path corpus = Path.of(System.getProperty("jtune.corpus", "testdata/gclogs"));
    ToolComparison.LogKind kind = ToolComparison.LogKind.valueOf(log);
    ByteArrayOutputStream out = new ByteArrayOutputStream((int) LOG_BYTES + (8 << 20));
    LogGenerator.generate(corpus.resolve(kind.template()), out, LOG_BYTES);
    bytes = out.toByteArray();
  }

  @Benchmark
  public long lineReader(Throughput t) throws IOException {
    long[] chars = {0};
    LineReader.read(new ByteArrayInputStream(bytes), line -> chars[0] += line.length());
    t.mb += bytes.length / 1048576.0;
    return chars[0];
  }

  @Benchmark
  public long gcLogReader(Throughput t) {
    long[] events = {0};
    Consumer<GcEvent> sink = e -> events[0]++;
    GcLogReader.read(List.of(new InMemoryLog(bytes)), sink);
    t.mb += bytes.length / 1048576.0;
    return events[0];
  }

  /** A log held in memory. */
  private static final class InMemoryLog extends LogSource {
    private final byte[] bytes;

    InMemoryLog(byte[] bytes) {
      super("in-memory");
      this.bytes = bytes;
    }

    @Override
    public InputStream open() {
      return new ByteArrayInputStream(bytes);
    }
  }
}
