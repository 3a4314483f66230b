import java.util.ArrayList;
import java.util.List;

/**
 * A service whose young generation grows while the old generation is nearly empty (G1 sizes young
 * up to 60 % of the heap then), and which then keeps a large live set: the log's largest young
 * capacity and its live set together exceed the heap.
 */
public class YoungThenLiveSet {
  static volatile Object sink;

  public static void main(String[] args) throws Exception {
    long liveMb = Long.parseLong(args[0]);
    churn(6_000);
    List<long[]> live = new ArrayList<>();
    for (long i = 0; i < liveMb * 1024 / 4; i++) {
      live.add(new long[510]); // about 4 KiB each
    }
    churn(8_000);
    System.out.println(live.size());
  }

  static void churn(long ms) {
    long end = System.currentTimeMillis() + ms;
    while (System.currentTimeMillis() < end) {
      for (int i = 0; i < 1000; i++) {
        sink = new byte[1024];
      }
    }
  }
}
