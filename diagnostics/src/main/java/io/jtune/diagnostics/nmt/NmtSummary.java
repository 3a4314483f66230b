package io.jtune.diagnostics.nmt;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The text of {@code jcmd PID VM.native_memory summary} as the JDK prints it (JDK 8 to 25: the
 * categories' names and detail lines changed, the "{@code - NAME (reserved=..., committed=...)}"
 * lines did not), parsed into its totals and categories. Sizes are bytes, whatever scale the
 * output was printed in (KB by default; {@code scale=MB} and others are read too).
 *
 * @param reservedBytes the total reserved address space
 * @param committedBytes the total committed memory
 * @param categories committed and reserved bytes by category name ("Java Heap", "Class", "Thread",
 *     "Code", "GC", ...), in the order printed
 * @param threads the thread count (the Thread category's "thread #N"), or -1 when not printed
 * @param stackCommittedBytes thread stacks' committed memory (the Thread category's "stack:"
 *     line; JDK 8-10 print stacks as a category of their own), or -1
 * @param metadataUsedBytes the metaspace's non-class part in use ("Metadata: used="), or -1
 * @param classSpaceUsedBytes the compressed class space in use ("Class space: used="), or -1
 * @param classSpaceCommittedBytes the compressed class space committed, or -1
 */
public record NmtSummary(long reservedBytes, long committedBytes, Map<String, Category> categories, int threads,
    long stackCommittedBytes, long metadataUsedBytes, long classSpaceUsedBytes, long classSpaceCommittedBytes) {

  /** One category's reserved and committed bytes. */
  public record Category(long reservedBytes, long committedBytes) {}

  private static final String SIZE = "(\\d+)\\s*(B|KB|MB|GB)";
  private static final Pattern TOTAL = Pattern.compile("^Total:\\s+reserved=" + SIZE + ",\\s*committed=" + SIZE);
  private static final Pattern CATEGORY = Pattern.compile("^-\\s+(.+?)\\s+\\(reserved=" + SIZE + ",\\s*committed="
      + SIZE);
  private static final Pattern THREADS = Pattern.compile("^\\((?:thread|threads) #(\\d+)\\)");
  private static final Pattern STACK = Pattern.compile("^\\(stack: reserved=" + SIZE + ",\\s*committed=" + SIZE);
  private static final Pattern SUB = Pattern.compile("^\\(\\s*(Metadata|Class space):\\s*\\)");
  private static final Pattern SUB_SIZES = Pattern.compile("^\\(\\s*reserved=" + SIZE + ",\\s*committed=" + SIZE);
  private static final Pattern USED = Pattern.compile("^\\(\\s*used=" + SIZE);

  public NmtSummary {
    categories = Collections.unmodifiableMap(new LinkedHashMap<>(categories));
  }

  /**
   * Parses the output; throws {@link IllegalArgumentException} with one line when it is not an NMT
   * summary (NMT off: "Native memory tracking is not enabled").
   */
  public static NmtSummary parse(List<String> lines) {
    long reserved = -1;
    long committed = -1;
    Map<String, Category> cats = new LinkedHashMap<>();
    int threads = -1;
    long stack = -1;
    long metaUsed = -1;
    long classUsed = -1;
    long classCommitted = -1;
    String sub = null;
    String category = null;
    for (String raw : lines) {
      String line = raw.strip();
      if (line.contains("Native memory tracking is not enabled")) {
        throw new IllegalArgumentException("the JVM runs without Native Memory Tracking"
            + " (start it with -XX:NativeMemoryTracking=summary)");
      }
      Matcher m = TOTAL.matcher(line);
      if (m.find()) {
        reserved = bytes(m, 1);
        committed = bytes(m, 3);
        continue;
      }
      m = CATEGORY.matcher(line);
      if (m.find()) {
        category = m.group(1).strip();
        sub = null;
        cats.put(category, new Category(bytes(m, 2), bytes(m, 4)));
        continue;
      }
      if ((m = THREADS.matcher(line)).find() && "Thread".equals(category)) {
        threads = Integer.parseInt(m.group(1));
      } else if ((m = STACK.matcher(line)).find() && "Thread".equals(category)) {
        stack = bytes(m, 3);
      } else if ((m = SUB.matcher(line)).find()) {
        sub = m.group(1);
      } else if (sub != null && (m = SUB_SIZES.matcher(line)).find()) {
        if (sub.equals("Class space")) {
          classCommitted = bytes(m, 3);
        }
      } else if (sub != null && (m = USED.matcher(line)).find()) {
        if (sub.equals("Class space")) {
          classUsed = bytes(m, 1);
        } else {
          metaUsed = bytes(m, 1);
        }
      }
    }
    if (committed < 0 || cats.isEmpty()) {
      throw new IllegalArgumentException("not the output of 'jcmd PID VM.native_memory summary': no 'Total:' line"
          + " and categories");
    }
    if (stack < 0 && cats.containsKey("Thread Stack")) {
      stack = cats.get("Thread Stack").committedBytes(); // JDK 8-10: stacks are their own category
    }
    return new NmtSummary(reserved, committed, cats, threads, stack, metaUsed, classUsed, classCommitted);
  }

  /** A category's committed bytes, 0 when it was not printed (under 1 KB, or not in this JDK). */
  public long committed(String name) {
    Category c = categories.get(name);
    return c == null ? 0 : c.committedBytes();
  }

  private static long bytes(Matcher m, int group) {
    long n = Long.parseLong(m.group(group));
    return switch (m.group(group + 1).toUpperCase(Locale.ROOT)) {
      case "KB" -> n << 10;
      case "MB" -> n << 20;
      case "GB" -> n << 30;
      default -> n;
    };
  }
}
