package io.jtune.diagnostics.nmt;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.jtune.common.units.ByteSize;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * NMT's breakdown in resident terms, beside the resident set: like with like. NMT counts memory
 * committed, the kernel's RSS pages touched. For the memory the JVM maps itself (the Java heap,
 * the collector's structures, metaspace and class space, the code cache, thread stacks, the CDS
 * archive) the resident part is read page by page from /proc/PID/pagemap over the committed ranges
 * NMT's detail report lists; memory the JVM took with malloc counts as NMT reports it (malloc'd
 * memory is written when allocated). Then the parts NMT cannot see, named: file-backed pages
 * outside NMT's ranges (the JVM's code in libjvm.so, the modules image, the C libraries) and the
 * free memory glibc's malloc held. What is left of the RSS is native code's own malloc
 * (zlib, JNI libraries) and malloc's per-chunk overhead.
 *
 * @param parts NMT's categories: committed, of it mapped, and the mapped part's resident bytes
 * @param fileOutsideNmtBytes resident file-backed and shared pages outside NMT's ranges (RssFile +
 *     RssShmem less those inside them)
 * @param mallocFreeBytes the free memory glibc's malloc held (trimmed), or -1 when not measured
 * @param rssBytes the resident set read right after the page map
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(value = {"nmtCommittedBytes", "nmtResidentBytes", "extrasBytes", "explainedVsRssPct",
    "unexplainedBytes"}, allowGetters = true)
public record ResidentBreakdown(List<Part> parts, long fileOutsideNmtBytes, long mallocFreeBytes, long rssBytes) {

  /**
   * One NMT category.
   *
   * @param category NMT's name ("Java Heap", "GC", "Thread", ...)
   * @param committedBytes committed, as the summary prints it
   * @param mappedCommittedBytes of it, in ranges the JVM mapped itself (the rest is malloc'd)
   * @param mappedResidentBytes the resident pages of those ranges
   */
  @JsonIgnoreProperties(value = {"residentBytes"}, allowGetters = true)
  public record Part(String category, long committedBytes, long mappedCommittedBytes, long mappedResidentBytes) {
    /** Resident: the malloc'd part as NMT reports it, the mapped part's resident pages. */
    @JsonProperty
    public long residentBytes() {
      return Math.max(0, committedBytes - mappedCommittedBytes) + mappedResidentBytes;
    }
  }

  public ResidentBreakdown {
    parts = List.copyOf(parts);
  }

  /**
   * The mapped ranges' resident pages, read before the resident set they are set beside.
   *
   * @param parts the categories
   * @param fileInsideNmtBytes resident file-backed and shared pages inside NMT's ranges (the CDS
   *     archive's pages read from its file)
   */
  public record Mapped(List<Part> parts, long fileInsideNmtBytes) {
    /** With the resident set read right after: its file-backed and shared parts, glibc's free memory, its total. */
    public ResidentBreakdown with(ResidentSet r) {
      long file = Math.max(0, r.fileBytes()) + Math.max(0, r.shmemBytes());
      return new ResidentBreakdown(parts, Math.max(0, file - fileInsideNmtBytes), r.mallocFreeBytes(), r.rssBytes());
    }
  }

  /**
   * Reads the resident pages of {@code regions} of {@code pid} for the categories of {@code summary}.
   * Throws IOException when the page map cannot be read.
   */
  public static Mapped read(long pid, NmtSummary summary, NmtRegions regions) throws IOException {
    Map<String, long[]> mapped = new LinkedHashMap<>(); // category -> committed, resident
    long fileInside = 0;
    try (PageMap pm = PageMap.open(pid)) {
      for (NmtRegions.Region g : regions.regions()) {
        PageMap.Resident res = pm.resident(g.from(), g.to());
        long[] a = mapped.computeIfAbsent(category(summary, g.category()), k -> new long[2]);
        a[0] += g.bytes();
        a[1] += res.bytes();
        fileInside += res.fileOrSharedBytes();
      }
    }
    List<Part> parts = new ArrayList<>();
    summary.categories().forEach((name, c) -> {
      long[] a = mapped.remove(name);
      parts.add(new Part(name, c.committedBytes(), a == null ? 0 : a[0], a == null ? 0 : a[1]));
    });
    // a range of a category the summary did not print (it printed under 1 KB): its pages still count
    mapped.forEach((name, a) -> parts.add(new Part(name, a[0], a[0], a[1])));
    return new Mapped(parts, fileInside);
  }

  /** The summary's name of a range's category: JDK 11+ print thread stacks within "Thread". */
  private static String category(NmtSummary summary, String rangeCategory) {
    if (!summary.categories().containsKey(rangeCategory) && rangeCategory.equals("Thread Stack")
        && summary.categories().containsKey("Thread")) {
      return "Thread";
    }
    return rangeCategory;
  }

  /** NMT's committed total (the parts'). */
  @JsonProperty
  public long nmtCommittedBytes() {
    return parts.stream().mapToLong(Part::committedBytes).sum();
  }

  /** NMT's breakdown in resident terms, every category. */
  @JsonProperty
  public long nmtResidentBytes() {
    return parts.stream().mapToLong(Part::residentBytes).sum();
  }

  /** The named parts NMT cannot see: file-backed pages outside its ranges and glibc's free memory. */
  @JsonProperty
  public long extrasBytes() {
    return fileOutsideNmtBytes + Math.max(0, mallocFreeBytes);
  }

  /** NMT resident plus the named extras against the RSS, percent of the RSS to two decimals (-: less than the RSS), or null. */
  @JsonProperty
  public Double explainedVsRssPct() {
    return rssBytes > 0 ? Math.round(10000.0 * (nmtResidentBytes() + extrasBytes() - rssBytes) / rssBytes) / 100.0
        : null;
  }

  /** The RSS less NMT resident and the named extras: native code's own malloc, malloc's overhead. */
  @JsonProperty
  public long unexplainedBytes() {
    return rssBytes - nmtResidentBytes() - extrasBytes();
  }

  /** A part by NMT's name, or null. */
  public Part part(String category) {
    return parts.stream().filter(p -> p.category().equals(category)).findFirst().orElse(null);
  }

  /** The breakdown as aligned text lines: the parts of 1 MB or more, the rest together, the extras, the RSS. */
  @JsonIgnore
  public List<String> lines() {
    List<String> out = new ArrayList<>();
    out.add(String.format(Locale.US, "%-24s %10s %10s", "resident breakdown", "committed", "resident"));
    long restC = 0;
    long restR = 0;
    for (Part p : parts) {
      if (Math.max(p.committedBytes(), p.residentBytes()) >= (1 << 20)) {
        out.add(String.format(Locale.US, "  %-22s %10s %10s%s", p.category(), ByteSize.human(p.committedBytes()),
            ByteSize.human(p.residentBytes()), p.mappedCommittedBytes() > 0 ? "   mapped " + ByteSize.human(
                p.mappedCommittedBytes()) + ", " + ByteSize.human(p.mappedResidentBytes()) + " of it resident" : ""));
      } else {
        restC += p.committedBytes();
        restR += p.residentBytes();
      }
    }
    out.add(String.format(Locale.US, "  %-22s %10s %10s", "categories under 1 MB", ByteSize.human(restC),
        ByteSize.human(restR)));
    out.add(String.format(Locale.US, "  %-22s %10s %10s", "NMT total", ByteSize.human(nmtCommittedBytes()),
        ByteSize.human(nmtResidentBytes())));
    out.add(String.format(Locale.US, "  %-22s %10s %10s   %s", "file-backed outside NMT", "",
        ByteSize.human(fileOutsideNmtBytes), "libjvm.so, the modules image, C libraries"));
    if (mallocFreeBytes >= 0) {
      out.add(String.format(Locale.US, "  %-22s %10s %10s   %s", "malloc's free memory", "",
          ByteSize.human(mallocFreeBytes), "glibc held it after the JVM freed it"));
    }
    out.add(String.format(Locale.US, "  %-22s %10s %10s   %s", "RSS (/proc)", "", ByteSize.human(rssBytes),
        String.format(Locale.US, "NMT resident and the named parts %+.1f %% of it; %s not accounted (native"
            + " code's own malloc, malloc's overhead)", explainedVsRssPct() == null ? Double.NaN : explainedVsRssPct(), ByteSize.human(unexplainedBytes()))));
    return out;
  }
}
