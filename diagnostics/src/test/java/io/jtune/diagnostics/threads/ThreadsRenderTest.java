package io.jtune.diagnostics.threads;

import static org.assertj.core.api.Assertions.assertThat;

import io.jtune.common.format.OutputFormat;
import io.jtune.diagnostics.threads.analysis.ThreadsReport;
import io.jtune.diagnostics.threads.parse.ThreadDumps;
import io.jtune.diagnostics.threads.render.ThreadsRenderers;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The threads report ({@code jtune threads}) of the captured dumps (dumps/README.md) in its
 * formats: the text names the contended lock, its owner and the deadlocks, whatever the JDK that
 * wrote the dump; HTML and Markdown escape thread names.
 */
class ThreadsRenderTest {

  /** The report of the dumps in {@code text}, in a format. */
  private static String render(OutputFormat format, String text) throws IOException {
    StringWriter w = new StringWriter();
    ThreadsRenderers.of().render(format, ThreadsReport.of(ThreadDumps.read(text), List.of()), new PrintWriter(w));
    return w.toString();
  }

  @Test
  void textReportNamesTheContendedLockItsOwnerAndTheDeadlocks() throws IOException {
    assertThat(render(OutputFormat.TEXT, CapturedDumps.text("jdk17-jstack-l.txt"))).contains("lock contention: 4 of 5 http-nio-8080-exec workers wait for DumpScenarios$SharedParser <",
        "held by http-nio-8080-exec-1 (TIMED_WAITING)", "3 waiting for lock java.util.concurrent.locks.ReentrantLock$NonfairSync",
        "held by rl-holder", "deadlock-mon-a -> deadlock-mon-b (reported by the JVM)",
        "deadlock-rl-a -> deadlock-rl-b (reported by the JVM)", "pool-1-thread: 3 threads, 0 busy, 3 idle",
        "Java threads by state: RUNNABLE 10, BLOCKED 6, WAITING 10, TIMED_WAITING 5");
  }

  @Test
  void jdk11AndJdk21DumpsNameTheSameLocksOwnersAndDeadlocks() throws IOException {
    for (String name : new String[] {"jdk11-jstack-l.txt", "jdk21-jcmd-thread-print-l.txt"}) {
      assertThat(render(OutputFormat.TEXT, CapturedDumps.text(name))).as(name).contains(" of OpenJDK 64-Bit Server VM (" + name.substring(3, 5) + ".0.",
          "lock contention: 4 of 5 http-nio-8080-exec workers wait for DumpScenarios$SharedParser <",
          "held by http-nio-8080-exec-1 (TIMED_WAITING)", "held by rl-holder",
          "deadlock-mon-a -> deadlock-mon-b (reported by the JVM)", "deadlock-rl-a -> deadlock-rl-b (reported by the JVM)",
          "Java threads by state: RUNNABLE ", ", BLOCKED 6, ");
    }
  }

  @Test
  void aJdk21DumpToFileSaysItHasNoStatesNorLocks() throws IOException {
    assertThat(render(OutputFormat.TEXT, CapturedDumps.text("jdk21-dump-to-file.txt"))).contains("30 Java platform threads, 4 virtual", "Java threads by state: not in this dump",
        "this dump has no thread states and no locks (Thread.dump_to_file before JDK 25): for lock pile-ups and "
            + "deadlocks take jstack -l PID or jcmd PID Thread.print -l",
        "pool http-nio-8080-exec: all 5 threads busy", "4 threads at DumpScenarios$SharedParser.parse(")
        .doesNotContain("no deadlock", "no thread waits for a lock");
  }

  @Test
  void htmlAndMarkdownEscapeThreadNames() throws IOException {
    String hostile = "<img src=x onerror=alert(1)>&\"'";
    String dump = CapturedDumps.text("jdk17-jstack-l.txt").replace("\"rl-holder\"", "\"" + hostile + "\"");
    String page = render(OutputFormat.HTML, dump);
    assertThat(page).startsWith("<!DOCTYPE html>").doesNotContain("<img").doesNotContain("<script")
        .contains("held by &lt;img src=x onerror=alert(1)&gt;&amp;&quot;&#39; (TIMED_WAITING)");
    String md = render(OutputFormat.MARKDOWN, dump);
    assertThat(md).doesNotContain("<img").contains("&lt;img src=x onerror=alert(1)&gt;");
  }

}
