import java.util.ArrayList;
import java.util.List;

/**
 * The tiny JVM the class histograms in this folder were taken of (see README.md): it holds
 * 50,000 instances of its own record, then waits for jcmd.
 */
public class Hold {
  record Item(long id, String name) {}

  public static void main(String[] args) throws InterruptedException {
    List<Item> items = new ArrayList<>();
    for (int i = 0; i < 50_000; i++) {
      items.add(new Item(i, "item-" + i));
    }
    System.out.println("holding " + items.size());
    Thread.sleep(1000L * Integer.parseInt(args[0]));
    System.out.println(items.size());
  }
}
