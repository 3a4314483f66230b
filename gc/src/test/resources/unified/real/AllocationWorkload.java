import java.util.ArrayDeque;

/**
 * A tiny allocation workload for producing real GC logs: allocates short-lived arrays, keeps a
 * sliding window of longer-lived ones (so some survive and get promoted), allocates an
 * occasional large array (humongous on G1) and calls System.gc() once half way.
 * Usage: java AllocationWorkload.java MEGABYTES_TO_ALLOCATE
 */
public class AllocationWorkload {
  public static void main(String[] args) {
    long totalMb = args.length > 0 ? Long.parseLong(args[0]) : 400;
    ArrayDeque<byte[]> window = new ArrayDeque<>();
    long windowBytes = 0;
    long allocated = 0;
    long sink = 0;
    boolean systemGcDone = false;
    int i = 0;
    while (allocated < totalMb << 20) {
      int size = (i % 97 == 0) ? 700 * 1024 : 2048 + (i % 13) * 512;
      byte[] b = new byte[size];
      b[i % size] = (byte) i;
      sink += b[0];
      allocated += size;
      if (i % 8 == 0) {
        window.addLast(b);
        windowBytes += size;
        while (windowBytes > 12L << 20) {
          windowBytes -= window.removeFirst().length;
        }
      }
      if (!systemGcDone && allocated > (totalMb << 20) / 2) {
        System.gc();
        systemGcDone = true;
      }
      i++;
    }
    System.out.println("allocated " + (allocated >> 20) + " MB, window " + window.size() + ", " + sink);
  }
}
