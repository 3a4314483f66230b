package io.jtune.lab;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A test load in the open model: request i is due at {@code i / rate} seconds and sent then,
 * whether or not earlier ones have answered, on at most {@code connections} keep-alive
 * connections (past that it waits for one); its latency counts from when it was due, so a
 * pause of the server delays every request due during it.
 */
final class OpenLoopLoad {
  private OpenLoopLoad() {}

  static ClosedLoopLoad.Result run(URI url, int ratePerSecond, int connections, Duration duration)
      throws InterruptedException {
    HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(5)).build();
    HttpRequest request = HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(30)).build();
    AtomicLong ok = new AtomicLong();
    AtomicLong failed = new AtomicLong();
    ConcurrentLinkedQueue<Long> latencies = new ConcurrentLinkedQueue<>();
    List<CompletableFuture<?>> sent = new ArrayList<>();
    Semaphore inFlight = new Semaphore(connections);
    long period = 1_000_000_000L / ratePerSecond;
    long start = System.nanoTime();
    long end = start + duration.toNanos();
    for (long due = start; due < end; due += period) {
      long wait = due - System.nanoTime();
      if (wait > 0) {
        LockSupport.parkNanos(wait);
      }
      long intended = due;
      inFlight.acquire();
      sent.add(http.sendAsync(request, HttpResponse.BodyHandlers.discarding()).whenComplete((r, e) -> {
        inFlight.release();
        if (e == null && r.statusCode() == 200) {
          ok.incrementAndGet();
          latencies.add(System.nanoTime() - intended);
        } else {
          failed.incrementAndGet();
        }
      }));
    }
    try {
      CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      // every request has completed; the failed ones are counted
    } catch (TimeoutException e) {
      // requests still unanswered after a minute count neither as ok nor as failed
    }
    double seconds = (System.nanoTime() - start) / 1e9;
    long[] all = latencies.stream().mapToLong(Long::longValue).sorted().toArray();
    return new ClosedLoopLoad.Result(ok.get(), failed.get(), seconds, all);
  }
}
