package io.jtune.diagnostics.nmt;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Java heap's address range as {@code jcmd PID GC.heap_info} prints it: every collector but
 * ZGC puts its spaces' bounds in brackets ("def new generation ... [0x00000000f8200000, ...)",
 * "garbage-first heap ... [0x..., 0x...)", Shenandoah's "Reserved region"); the heap is the span
 * from the lowest to the highest of them. Metaspace and class space lines are not the heap.
 *
 * @param fromAddress the heap's lowest address
 * @param toAddress the address past its end
 */
public record HeapRange(long fromAddress, long toAddress) {
  private static final Pattern ADDRESS = Pattern.compile("0x([0-9a-fA-F]{1,16})");

  /** The range, or null when the output states none (ZGC, an error). */
  public static HeapRange parse(List<String> heapInfo) {
    long lo = Long.MAX_VALUE;
    long hi = -1;
    for (String line : heapInfo) {
      String l = line.toLowerCase(java.util.Locale.ROOT);
      if (l.contains("metaspace") || l.contains("class space")) {
        continue;
      }
      Matcher m = ADDRESS.matcher(line);
      while (m.find()) {
        long a = Long.parseUnsignedLong(m.group(1), 16);
        lo = Math.min(lo, a);
        hi = Math.max(hi, a);
      }
    }
    return hi > lo ? new HeapRange(lo, hi) : null;
  }
}
