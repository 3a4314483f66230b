package io.jtune.gc.event;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The named sub-phase times of one pause (G1 {@code gc+phases}, JDK 8 G1 details), in the order
 * the log printed them. Immutable. A G1 pause logged at debug level has 40-odd phases; kept as
 * two arrays rather than a map, an event costs two small allocations instead of one entry
 * object and one boxed value per phase, and a reader walks them by index.
 */
public final class PhaseTimes {
  /** No phases. */
  public static final PhaseTimes NONE = new PhaseTimes(new String[0], new double[0]);

  private final String[] names;
  private final double[] ms;

  private PhaseTimes(String[] names, double[] ms) {
    this.names = names;
    this.ms = ms;
  }

  /** The first {@code n} names and times; the arrays are copied. Names must be distinct. */
  private static PhaseTimes of(String[] names, double[] ms, int n) {
    return n == 0 ? NONE : new PhaseTimes(Arrays.copyOf(names, n), Arrays.copyOf(ms, n));
  }

  public int size() {
    return names.length;
  }

  public boolean isEmpty() {
    return names.length == 0;
  }

  public String name(int i) {
    return names[i];
  }

  public double ms(int i) {
    return ms[i];
  }

  /** The phases as an unmodifiable map in log order. */
  public Map<String, Double> asMap() {
    if (names.length == 0) {
      return Map.of();
    }
    Map<String, Double> m = new LinkedHashMap<>();
    for (int i = 0; i < names.length; i++) {
      m.put(names[i], ms[i]);
    }
    return Collections.unmodifiableMap(m);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PhaseTimes p && Arrays.equals(names, p.names) && Arrays.equals(ms, p.ms);
  }

  @Override
  public int hashCode() {
    return 31 * Arrays.hashCode(names) + Arrays.hashCode(ms);
  }

  @Override
  public String toString() {
    return asMap().toString();
  }

  /**
   * Collects phases while a pause is read. A name seen again replaces its time only when
   * asked to (the JDK 8 parser keeps the last, the unified one the top-level occurrence).
   * Names are compared by identity: parsers pass interned names (a {@code NameCache}'s), and a
   * G1 pause brings 40-odd of them, so each is found through a small hash table of its own.
   */
  public static final class Builder {
    private String[] names = new String[16];
    private double[] ms = new double[16];
    private int size;
    /** Index + 1 of the name in each slot (0: empty); open addressing on the String's hash. */
    private int[] slots = new int[64];

    /** Records {@code name}; when it is already there, its time is replaced only if {@code replace}. */
    public void put(String name, double v, boolean replace) {
      int mask = slots.length - 1;
      int slot = name.hashCode() & mask;
      for (int at; (at = slots[slot]) != 0; slot = (slot + 1) & mask) {
        if (names[at - 1] == name) {
          if (replace) {
            ms[at - 1] = v;
          }
          return;
        }
      }
      if (size == names.length) {
        names = Arrays.copyOf(names, size * 2);
        ms = Arrays.copyOf(ms, size * 2);
      }
      names[size] = name;
      ms[size++] = v;
      slots[slot] = size;
      if (size * 2 > slots.length) {
        rehash(slots.length * 2);
      }
    }

    private void rehash(int capacity) {
      slots = new int[capacity];
      int mask = capacity - 1;
      for (int i = 0; i < size; i++) {
        int slot = names[i].hashCode() & mask;
        while (slots[slot] != 0) {
          slot = (slot + 1) & mask;
        }
        slots[slot] = i + 1;
      }
    }

    public void clear() {
      if (size > 0) {
        Arrays.fill(names, 0, size, null);
        Arrays.fill(slots, 0);
        size = 0;
      }
    }

    public PhaseTimes build() {
      return of(names, ms, size);
    }
  }
}
