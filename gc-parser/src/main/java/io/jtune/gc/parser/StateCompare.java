package io.jtune.gc.parser;

import io.jtune.gc.input.Line;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Whether two parsers of the same format are in the same state, so that fed the same lines
 * they emit the same events: every field of every object they reach is compared (values,
 * arrays, lists, maps, the pending events themselves), except what is no state ({@link
 * NotState}, the {@link ParserContext}, the sink, name caches, line views). It knows no parser's
 * fields by name: a field added later is compared too, so a new kind of state can make parallel
 * reading slower (parts no longer join), never different.
 */
final class StateCompare {
  private static final ClassValue<Field[]> FIELDS = new ClassValue<>() {
    @Override
    protected Field[] computeValue(Class<?> c) {
      List<Field> fs = new ArrayList<>();
      for (Class<?> k = c; k != null && k != Object.class; k = k.getSuperclass()) {
        for (Field f : k.getDeclaredFields()) {
          if (!Modifier.isStatic(f.getModifiers()) && !f.isAnnotationPresent(NotState.class) && !skipped(f.getType())) {
            f.setAccessible(true);
            fs.add(f);
          }
        }
      }
      return fs.toArray(new Field[0]);
    }
  };

  /** Pairs already compared (or being compared): graphs have cycles. */
  private final IdentityHashMap<Object, Object> seen = new IdentityHashMap<>();
  /** The first difference found, for the test that checks parts join. */
  private String difference;

  private StateCompare() {}

  static boolean same(Object a, Object b) {
    return new StateCompare().eq(a, b, "parser");
  }

  /** Where {@code a} and {@code b} differ first, or null when they are in the same state. */
  static String difference(Object a, Object b) {
    StateCompare c = new StateCompare();
    return c.eq(a, b, "parser") ? null : c.difference;
  }

  private static boolean skipped(Class<?> t) {
    return t == ParserContext.class || t == NameCache.class || t == Line.class || t == RoutedSink.class
        || t == ChunkOutput.class || t.getName().startsWith("java.util.function.");
  }

  private boolean differ(String path) {
    difference = path;
    return false;
  }

  private boolean eq(Object a, Object b, String path) {
    if (a == b) {
      return true;
    }
    if (a == null || b == null || a.getClass() != b.getClass()) {
      return differ(path);
    }
    Class<?> c = a.getClass();
    if (skipped(c) || c.isSynthetic()) {
      return true;
    }
    if (a instanceof Number || a instanceof String || a instanceof Character || a instanceof Boolean || c.isEnum()) {
      return a.equals(b) || differ(path); // Double.equals compares bits: NaN equals NaN
    }
    Object before = seen.put(a, b);
    if (before != null) {
      return before == b || differ(path);
    }
    if (c.isArray()) {
      return arrays(a, b, path);
    }
    if (a instanceof Collection<?> ca) {
      Collection<?> cb = (Collection<?>) b;
      return ca.size() == cb.size() && sequence(ca.iterator(), cb.iterator(), path) || differ(path);
    }
    if (a instanceof Map<?, ?> ma) {
      Map<?, ?> mb = (Map<?, ?>) b;
      return ma.size() == mb.size() && sequence(ma.entrySet().iterator(), mb.entrySet().iterator(), path) || differ(path);
    }
    if (a instanceof Map.Entry<?, ?> ea) {
      Map.Entry<?, ?> eb = (Map.Entry<?, ?>) b;
      return eq(ea.getKey(), eb.getKey(), path + ".key") && eq(ea.getValue(), eb.getValue(), path + ".value");
    }
    if (c.getName().startsWith("java.")) {
      return a.equals(b) || differ(path);
    }
    for (Field f : FIELDS.get(c)) {
      try {
        if (!eq(f.get(a), f.get(b), path + "." + f.getName())) {
          return false;
        }
      } catch (IllegalAccessException e) {
        return differ(path + "." + f.getName());
      }
    }
    return true;
  }

  private boolean sequence(Iterator<?> ia, Iterator<?> ib, String path) {
    int i = 0;
    while (ia.hasNext()) {
      if (!eq(ia.next(), ib.next(), path + "[" + i++ + "]")) {
        return false;
      }
    }
    return true;
  }

  private boolean arrays(Object a, Object b, String path) {
    boolean same;
    if (a instanceof Object[] oa) {
      Object[] ob = (Object[]) b;
      if (oa.length != ob.length) {
        return differ(path);
      }
      for (int i = 0; i < oa.length; i++) {
        if (!eq(oa[i], ob[i], path + "[" + i + "]")) {
          return false;
        }
      }
      return true;
    } else if (a instanceof byte[] x) {
      same = Arrays.equals(x, (byte[]) b);
    } else if (a instanceof int[] x) {
      same = Arrays.equals(x, (int[]) b);
    } else if (a instanceof long[] x) {
      same = Arrays.equals(x, (long[]) b);
    } else if (a instanceof double[] x) {
      same = Arrays.equals(x, (double[]) b);
    } else if (a instanceof char[] x) {
      same = Arrays.equals(x, (char[]) b);
    } else if (a instanceof boolean[] x) {
      same = Arrays.equals(x, (boolean[]) b);
    } else if (a instanceof float[] x) {
      same = Arrays.equals(x, (float[]) b);
    } else {
      same = Arrays.equals((short[]) a, (short[]) b);
    }
    return same || differ(path);
  }
}
