package io.jtune.diagnostics.nmt;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The committed address ranges of a JVM's mapped memory by NMT category, read from the "Virtual
 * memory map" of {@code jcmd PID VM.native_memory detail} (the JVM started with
 * {@code -XX:NativeMemoryTracking=detail}). Each reserved range names its category ("[0x... -
 * 0x...] reserved 1024KB for Thread Stack from"); the committed ranges printed under it (indented,
 * "[0x... - 0x...] committed 16KB from") are that category's committed pages. Thread stacks' committed
 * part is what the JVM found resident when it printed them (mincore), the other categories' what
 * they committed.
 *
 * @param regions the committed ranges, in the order printed
 */
public record NmtRegions(List<Region> regions) {
  private static final Pattern RESERVED = Pattern.compile(
      "^\\[0x([0-9a-fA-F]+) - 0x([0-9a-fA-F]+)\\] reserved (?:and committed )?\\d+\\s*[KMG]?B for (.+?)(?: from)?\\s*$");
  private static final Pattern COMMITTED = Pattern.compile(
      "^\\s+\\[0x([0-9a-fA-F]+) - 0x([0-9a-fA-F]+)\\] committed \\d+\\s*[KMG]?B");

  /** One committed range [{@code from}, {@code to}) of NMT category {@code category}. */
  public record Region(String category, long from, long to) {
    public long bytes() {
      return to - from;
    }
  }

  public NmtRegions {
    regions = List.copyOf(regions);
  }

  /**
   * The committed ranges of a detail report, or null when it has no virtual memory map (NMT at the
   * summary level prints none).
   */
  public static NmtRegions parse(List<String> lines) {
    List<Region> out = new ArrayList<>();
    boolean map = false;
    String category = null;
    for (String line : lines) {
      if (line.startsWith("Virtual memory map:")) {
        map = true;
        continue;
      }
      if (!map) {
        continue;
      }
      if (line.startsWith("Details:")) {
        break;
      }
      Matcher m = RESERVED.matcher(line);
      if (m.find()) {
        category = m.group(3).strip();
        continue;
      }
      m = COMMITTED.matcher(line);
      if (category != null && m.find()) {
        long from = Long.parseUnsignedLong(m.group(1), 16);
        long to = Long.parseUnsignedLong(m.group(2), 16);
        if (to > from) {
          out.add(new Region(category, from, to));
        }
      }
    }
    return map ? new NmtRegions(out) : null;
  }

  /** The lines before the virtual memory map and the malloc sites: the summary a detail report starts with. */
  public static List<String> summaryPart(List<String> lines) {
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith("Virtual memory map:") || lines.get(i).startsWith("Details:")) {
        return lines.subList(0, i);
      }
    }
    return lines;
  }
}
