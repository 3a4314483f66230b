package io.jtune.gc.parser;

import io.jtune.gc.event.GcEvent;
import java.util.ArrayList;
import java.util.List;

/**
 * Line numbers while a file is read in parallel. A part does not know how many lines come
 * before it, so its lines are numbered from 1 and tagged with the file and the part
 * ({@link #tag}); once the parts before it are read, {@link #translate} gives the line in the
 * file. Untagged numbers (files read in one pass) pass unchanged.
 */
final class LineNumbers {
  private static final long TAGGED = 1L << 62;
  private static final int LOCAL_BITS = 26;
  private static final int PART_BITS = 16;
  private static final long LOCAL_MASK = (1L << LOCAL_BITS) - 1;
  private static final long PART_MASK = (1L << PART_BITS) - 1;
  /** Most lines a part may have (every line has at least its terminator). */
  static final long MAX_PART_BYTES = 1L << LOCAL_BITS;
  /** Most parts of one file. */
  static final int MAX_PARTS = 1 << PART_BITS;

  /** Per file read in parallel: the lines before each of its parts (filled as parts are merged). */
  private final List<long[]> before = new ArrayList<>();

  /** A new file of {@code parts} parts; returns its number. */
  int newFile(int parts) {
    before.add(new long[parts + 1]);
    return before.size() - 1;
  }

  /** The number just before line 1 of part {@code part} of {@code file}. */
  static long tag(int file, int part) {
    return TAGGED | (long) file << (LOCAL_BITS + PART_BITS) | (long) part << LOCAL_BITS;
  }

  static int part(long n) {
    return (int) (n >>> LOCAL_BITS & PART_MASK);
  }

  static long local(long n) {
    return n & LOCAL_MASK;
  }

  static boolean tagged(long n) {
    return n >= TAGGED;
  }

  /** Part {@code part} of {@code file} has {@code lines} lines before it. */
  void linesBefore(int file, int part, long lines) {
    before.get(file)[part] = lines;
  }

  long translate(long n) {
    if (n < TAGGED) {
      return n;
    }
    int file = (int) ((n - TAGGED) >>> (LOCAL_BITS + PART_BITS));
    return before.get(file)[part(n)] + local(n);
  }

  GcEvent translate(GcEvent e) {
    long n = e.line();
    return n < TAGGED ? e : e.withLine(translate(n));
  }
}
