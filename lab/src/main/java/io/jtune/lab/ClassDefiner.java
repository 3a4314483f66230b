package io.jtune.lab;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;

/**
 * Defines classes in fresh class loaders and keeps them loaded, as a framework does at boot:
 * each definition is a new class in metaspace ({@code /classes?n=}, {@code --warm-classes}).
 * At most {@link #MAX_RETAINED} stay loaded; past that the oldest loaders are let go, so
 * metaspace stops growing instead of running out.
 */
final class ClassDefiner {
  static final int MAX_PER_REQUEST = 20_000;
  static final int MAX_RETAINED = 100_000;

  private static final String SPECIMEN = MetaspaceSpecimen.class.getName();
  private final byte[] specimenBytes = readSpecimen();
  private final ArrayDeque<Class<?>> retained = new ArrayDeque<>();
  private long defined;

  /** Defines {@code n} classes, each in its own new loader; returns the total defined so far. */
  synchronized long define(int n) {
    for (int i = 0; i < n; i++) {
      retained.addLast(new SpecimenLoader(getClass().getClassLoader()).define(specimenBytes));
      if (retained.size() > MAX_RETAINED) {
        retained.removeFirst();
      }
    }
    defined += n;
    return defined;
  }

  synchronized int retained() {
    return retained.size();
  }

  String handle(RequestParams params) {
    int n = (int) params.number("n", 100, 0, MAX_PER_REQUEST);
    long total = define(n);
    return "ok defined=" + n + " total=" + total + " retained=" + retained() + "\n";
  }

  private static byte[] readSpecimen() {
    String resource = SPECIMEN.replace('.', '/') + ".class";
    try (InputStream in = ClassDefiner.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("missing " + resource);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A loader for exactly one specimen class. */
  private static final class SpecimenLoader extends ClassLoader {
    SpecimenLoader(ClassLoader parent) {
      super(parent);
    }

    Class<?> define(byte[] bytes) {
      Class<?> c = defineClass(SPECIMEN, bytes, 0, bytes.length);
      resolveClass(c);
      return c;
    }
  }
}
