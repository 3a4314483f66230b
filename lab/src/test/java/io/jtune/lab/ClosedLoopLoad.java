package io.jtune.lab;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A test load: {@code clients} threads, each sending the next request as soon as the last one
 * answered (closed loop, keep-alive), for a fixed time.
 */
final class ClosedLoopLoad {
  /** What a run measured: requests by status and latency percentiles. */
  record Result(long ok, long failed, double seconds, long[] latencyNanos) {
    double throughput() {
      return ok / seconds;
    }

    double percentileMs(double p) {
      if (latencyNanos.length == 0) {
        return Double.NaN;
      }
      int i = (int) Math.min(latencyNanos.length - 1, Math.floor(p / 100.0 * latencyNanos.length));
      return latencyNanos[i] / 1e6;
    }

    double meanMs() {
      return Arrays.stream(latencyNanos).average().orElse(Double.NaN) / 1e6;
    }
  }

  private ClosedLoopLoad() {}

  static Result run(URI url, int clients, Duration duration) throws InterruptedException {
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(5)).build();
    HttpRequest request = HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(30)).build();
    AtomicLong ok = new AtomicLong();
    AtomicLong failed = new AtomicLong();
    List<long[]> latencies = new ArrayList<>();
    List<Thread> threads = new ArrayList<>();
    long start = System.nanoTime();
    long end = start + duration.toNanos();
    for (int c = 0; c < clients; c++) {
      long[] mine = new long[200_000];
      latencies.add(mine);
      int[] count = new int[1];
      Thread t = new Thread(() -> {
        while (System.nanoTime() < end) {
          long t0 = System.nanoTime();
          try {
            HttpResponse<Void> r = http.send(request, HttpResponse.BodyHandlers.discarding());
            if (r.statusCode() == 200) {
              ok.incrementAndGet();
              if (count[0] < mine.length - 1) {
                mine[++count[0]] = System.nanoTime() - t0;
              }
            } else {
              failed.incrementAndGet();
            }
          } catch (Exception e) {
            failed.incrementAndGet();
          }
        }
        mine[0] = count[0];
      }, "load-" + c);
      threads.add(t);
      t.start();
    }
    for (Thread t : threads) {
      t.join();
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    long[] all = latencies.stream()
        .flatMapToLong(a -> Arrays.stream(a, 1, (int) a[0] + 1)).sorted().toArray();
    return new Result(ok.get(), failed.get(), seconds, all);
  }
}
