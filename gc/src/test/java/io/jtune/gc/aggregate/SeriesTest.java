package io.jtune.gc.aggregate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Series beyond its capacity: buckets merge, and the extremes with their times and the counts survive. */
class SeriesTest {

  @Test
  void keepsEveryPointBelowCapacity() {
    Series s = new Series(4);
    s.add(1, 10);
    s.add(2, 20);
    s.add(3, 5);
    assertThat(s.total()).isEqualTo(3);
    assertThat(s.points()).containsExactly(
        new Series.Point(1, 1, 10, 1, 10, 1, 1),
        new Series.Point(2, 2, 20, 2, 20, 2, 1),
        new Series.Point(3, 3, 5, 3, 5, 3, 1));
  }

  @Test
  void mergesBucketsBeyondCapacityKeepingExtremesTimesAndCounts() {
    Series s = new Series(8);
    int n = 1000;
    for (int i = 0; i < n; i++) {
      // a spike and a dip far from the bucket edges, everything else in between
      double v = i == 537 ? 1000 : i == 211 ? -1000 : i % 7;
      s.add(i, v);
    }
    List<Series.Point> points = s.points();
    assertThat(s.total()).isEqualTo(n);
    assertThat(points.size()).isLessThanOrEqualTo(8).isGreaterThan(1);
    assertThat(points.stream().mapToLong(Series.Point::count).sum()).isEqualTo(n);
    assertThat(points.get(0).startS()).isEqualTo(0);
    assertThat(points.get(points.size() - 1).endS()).isEqualTo(n - 1);

    Series.Point spike = points.stream().filter(p -> p.max() == 1000).findFirst().orElseThrow();
    assertThat(spike.maxAtS()).isEqualTo(537);
    assertThat(spike.startS()).isLessThanOrEqualTo(537);
    assertThat(spike.endS()).isGreaterThanOrEqualTo(537);
    Series.Point dip = points.stream().filter(p -> p.min() == -1000).findFirst().orElseThrow();
    assertThat(dip.minAtS()).isEqualTo(211);

    for (int i = 0; i < points.size(); i++) {
      Series.Point p = points.get(i);
      assertThat(p.startS()).isLessThanOrEqualTo(p.endS());
      assertThat(p.min()).isLessThanOrEqualTo(p.max());
      if (i > 0) {
        assertThat(p.startS()).isGreaterThan(points.get(i - 1).endS());
      }
    }
  }

  @Test
  void valuesAfterACompactionGoToTheMergedLastBucket() {
    Series s = new Series(4);
    for (int i = 0; i < 5; i++) {
      s.add(i, 1); // the fifth value compacts
    }
    List<Series.Point> compacted = s.points();
    Series.Point last = compacted.get(compacted.size() - 1);
    // a value within the last bucket's width lands in that bucket, not in a new one
    double t = last.startS() + 0.5;
    s.add(Math.max(t, last.endS()), 42);
    List<Series.Point> after = s.points();
    assertThat(after).hasSize(compacted.size());
    Series.Point merged = after.get(after.size() - 1);
    assertThat(merged.count()).isEqualTo(last.count() + 1);
    assertThat(merged.max()).isEqualTo(42);
    assertThat(merged.maxAtS()).isEqualTo(Math.max(t, last.endS()));
    assertThat(s.total()).isEqualTo(6);
  }
}
