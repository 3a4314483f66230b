package io.jtune.runtime.process;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * A tiny program that ChildJvmTest runs as a child JVM: it announces a URL the way the lab
 * does and can misbehave on request. Arguments: {@code serve}, {@code spam N},
 * {@code fail N}, {@code slow-stop}, {@code grandchild}, {@code --parent-pid PID}.
 */
public final class ChildJvmFixture {
  private ChildJvmFixture() {}

  public static void main(String[] args) throws Exception {
    List<String> a = List.of(args);
    if (a.contains("spam")) {
      int n = Integer.parseInt(a.get(a.indexOf("spam") + 1));
      for (int i = 0; i < n; i++) {
        System.out.println("line " + i);
      }
    }
    if (a.contains("fail")) {
      System.err.println("fixture failing on purpose");
      System.exit(Integer.parseInt(a.get(a.indexOf("fail") + 1)));
    }
    if (a.contains("grandchild")) {
      Process sleeper = new ProcessBuilder("sleep", "300").start();
      System.out.println("grandchild " + sleeper.pid());
    }
    if (a.contains("slow-stop")) {
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        try {
          Thread.sleep(60_000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }));
    }
    if (a.contains("--parent-pid")) {
      Optional<ProcessHandle> parent = ProcessHandle.of(Long.parseLong(a.get(a.indexOf("--parent-pid") + 1)));
      Thread watch = new Thread(() -> {
        parent.ifPresent(p -> p.onExit().join());
        System.exit(0);
      });
      watch.setDaemon(true);
      watch.start();
    }
    if (a.contains("serve")) {
      HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      server.createContext("/ready", exchange -> {
        byte[] body = "ready\n".getBytes(StandardCharsets.US_ASCII);
        exchange.sendResponseHeaders(200, body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
      });
      server.start();
      System.out.println("jtune-lab listening on http://127.0.0.1:" + server.getAddress().getPort());
    }
    Thread.sleep(120_000);
  }
}
