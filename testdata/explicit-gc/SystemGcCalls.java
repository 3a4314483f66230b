import java.util.ArrayList;
import java.util.List;

/** Allocates a little, calls System.gc() three times a few hundred ms apart, then exits. */
public class SystemGcCalls {
  public static void main(String[] args) throws InterruptedException {
    List<byte[]> kept = new ArrayList<>();
    for (int round = 0; round < 3; round++) {
      for (int i = 0; i < 2000; i++) {
        byte[] b = new byte[16 * 1024];
        if (i % 10 == 0) {
          kept.add(b);
        }
      }
      Thread.sleep(300);
      System.gc();
    }
    Thread.sleep(200);
    System.out.println("kept " + kept.size());
  }
}
