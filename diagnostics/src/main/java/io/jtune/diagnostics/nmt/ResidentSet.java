package io.jtune.diagnostics.nmt;

/**
 * A JVM's resident set as the kernel splits it, with the two parts Native Memory Tracking cannot
 * tell: how much of the committed heap is resident, and how much anonymous memory glibc's malloc
 * held free. Bytes; -1 when not known.
 *
 * <p>Only the anonymous part is memory the JVM committed; NMT should explain it. The file-backed
 * part is pages of mapped files (the JVM's own code in libjvm.so, the JDK's modules image, the C
 * libraries, mapped jars): NMT never counts them; a container's memory limit is charged with them
 * as page cache (on cgroup v1 by the group that first read them), and the kernel can reclaim them
 * under pressure, at the cost of reading them again.
 *
 * @param rssBytes the resident set (VmRSS): anonymous + file-backed + shared memory
 * @param anonBytes RssAnon: private memory written (heap, metaspace, stacks, malloc'd memory, the
 *     CDS archive's relocated pages)
 * @param fileBytes RssFile: resident pages of mapped files
 * @param shmemBytes RssShmem: shared memory (ZGC's heap, /dev/shm)
 * @param heapResidentBytes resident pages inside the Java heap's address range (/proc/PID/smaps),
 *     -1 when the heap's range is not known (ZGC prints none)
 * @param mallocFreeBytes anonymous memory glibc's malloc held free and gave back to the kernel when
 *     asked ({@code jcmd PID System.trim_native_heap}: RssAnon before less after), -1 when not
 *     measured (a JDK before 17.0.9, a C library other than glibc)
 */
public record ResidentSet(long rssBytes, long anonBytes, long fileBytes, long shmemBytes, long heapResidentBytes,
    long mallocFreeBytes) {

  /** Anonymous memory outside the heap: what NMT's non-heap should explain, or -1. */
  public long anonOutsideHeapBytes() {
    return anonBytes >= 0 && heapResidentBytes >= 0 ? anonBytes - heapResidentBytes : -1;
  }

  /** With the free memory glibc gave back when trimmed. */
  public ResidentSet withMallocFree(long bytes) {
    return new ResidentSet(rssBytes, anonBytes, fileBytes, shmemBytes, heapResidentBytes, bytes);
  }
}
