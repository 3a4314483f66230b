package io.jtune.gc.parser;

import io.jtune.gc.event.CpuTimes;
import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.GcPause;
import io.jtune.gc.event.HeapChange;
import io.jtune.gc.event.MemoryUsage;
import io.jtune.gc.event.PauseKind;
import io.jtune.gc.event.PhaseTimes;
import io.jtune.gc.event.Tenuring;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.LongUnaryOperator;

/**
 * What a part of a file read ahead said, held until the reader merges it: each pause packed
 * into a few words of a {@code long[]} block (its numbers, with its strings and rarer parts as
 * indexes into a table), every other item (other events, warnings, marks) as itself. On an
 * event-dense log the parts read ahead hold some 100,000 pauses; as objects (a pause, its heap
 * change, its memory usages and times: four to seven objects each) the collector copied them
 * from one space to the next until they were merged, which took a third of the wall time. A
 * block has no references in it, and a file's blocks are used again by its later parts
 * ({@link #release}): once in the old generation they stay there and cost a collection nothing.
 *
 * <p>A pause comes back from {@link #forEach} equal to the one added, field for field (doubles
 * by their bits, the same strings, sets and phase times), with its line as the caller maps it.
 */
final class PackedEvents {
  /** Longs per block (64 KB). */
  static final int BLOCK = 1 << 13;
  /** The most words one record takes. */
  private static final int MAX_RECORD = 32;
  /** Indexes of strings and other objects fit in 24 bits; past that, pauses are kept as objects. */
  private static final int MAX_INDEX = (1 << 24) - 1;

  // a record starts with a header word: its type in bits 0-1 (0 ends a block's records)
  private static final long OBJECT = 1;
  private static final long PAUSE = 2;
  // a pause's header: kind (ordinal + 1, 0 for none) in bits 2-5, then which fields follow,
  // the name's index in bits 16-39 and the cause's in 40-63 (0 for null)
  private static final int KIND_SHIFT = 2;
  private static final long HAS_ID = 1L << 6;
  private static final long HAS_EPOCH = 1L << 7;
  private static final long HAS_MEMORY = 1L << 8;
  private static final int AREA_SHIFT = 9; // young, survivor, old, heap, metaspace: bits 9-13
  private static final long HAS_TIMES = 1L << 14;
  private static final long HAS_EXTRAS = 1L << 15;
  private static final int NAME_SHIFT = 16;
  private static final int CAUSE_SHIFT = 40;
  private static final long INDEX_MASK = MAX_INDEX;
  private static final PauseKind[] KINDS = PauseKind.values();

  /** Blocks of this file's merged parts, for its later parts (null: new blocks each time). */
  private final Queue<long[]> pool;
  private final List<long[]> blocks = new ArrayList<>();
  private long[] block;
  private int at = BLOCK;
  /** Strings and objects the records refer to; index 0 is null. */
  private final List<Object> refs = new ArrayList<>();
  private final Map<String, Integer> strings = new IdentityHashMap<>();
  private String lastName;
  private int lastNameIndex;
  private String lastCause;
  private int lastCauseIndex;

  /** Packed events whose blocks come from {@code pool} when it has some (null: none). */
  PackedEvents(Queue<long[]> pool) {
    this.pool = pool;
    refs.add(null);
  }

  /** Where the next item goes: what {@link #forEach} starts from to take the items added after now. */
  long position() {
    return block == null ? 0 : (long) (blocks.size() - 1) * BLOCK + at;
  }

  /** Adds an event. */
  void add(GcEvent e) {
    if (!(e instanceof GcPause p) || !pack(p)) {
      addObject(e);
    }
  }

  /** Adds something that is not packed (a warning, a mark, an event that is no pause). */
  void addObject(Object o) {
    room();
    block[at++] = OBJECT | (long) refs.size() << 2;
    refs.add(o);
  }

  private boolean pack(GcPause p) {
    int name = p.name() == lastName && lastNameIndex > 0 ? lastNameIndex : string(p.name());
    int cause = p.cause() == lastCause && lastCauseIndex > 0 ? lastCauseIndex : string(p.cause());
    boolean extras = p.tenuring() != null || !p.anomalies().isEmpty() || p.phases() != PhaseTimes.NONE;
    if (name > MAX_INDEX || cause > MAX_INDEX) {
      return false;
    }
    lastName = p.name();
    lastNameIndex = name;
    lastCause = p.cause();
    lastCauseIndex = cause;
    HeapChange m = p.memory();
    CpuTimes t = p.times();
    long h = PAUSE | (long) (p.kind() == null ? 0 : p.kind().ordinal() + 1) << KIND_SHIFT
        | (long) name << NAME_SHIFT | (long) cause << CAUSE_SHIFT;
    if (p.gcId() != -1) {
      h |= HAS_ID;
    }
    if (p.epochMs() != GcEvent.NO_EPOCH) {
      h |= HAS_EPOCH;
    }
    if (m != null) {
      h |= HAS_MEMORY | areas(m) << AREA_SHIFT;
    }
    if (t != null) {
      h |= HAS_TIMES;
    }
    if (extras) {
      h |= HAS_EXTRAS;
    }
    room();
    long[] b = block;
    int i = at;
    b[i++] = h;
    if (p.gcId() != -1) {
      b[i++] = p.gcId();
    }
    b[i++] = Double.doubleToRawLongBits(p.uptimeS());
    if (p.epochMs() != GcEvent.NO_EPOCH) {
      b[i++] = p.epochMs();
    }
    b[i++] = Double.doubleToRawLongBits(p.durationMs());
    b[i++] = p.line();
    if (m != null) {
      i = usage(b, i, m.young());
      i = usage(b, i, m.survivor());
      i = usage(b, i, m.old());
      i = usage(b, i, m.heap());
      i = usage(b, i, m.metaspace());
    }
    if (t != null) {
      b[i++] = Double.doubleToRawLongBits(t.userS());
      b[i++] = Double.doubleToRawLongBits(t.sysS());
      b[i++] = Double.doubleToRawLongBits(t.realS());
    }
    if (extras) {
      b[i++] = ref(p.tenuring());
      b[i++] = ref(p.anomalies());
      b[i++] = ref(p.phases());
    }
    at = i;
    return true;
  }

  private static long areas(HeapChange m) {
    return (m.young() != null ? 1 : 0) | (m.survivor() != null ? 2 : 0) | (m.old() != null ? 4 : 0)
        | (m.heap() != null ? 8 : 0) | (m.metaspace() != null ? 16 : 0);
  }

  private static int usage(long[] b, int i, MemoryUsage u) {
    if (u == null) {
      return i;
    }
    b[i] = u.before();
    b[i + 1] = u.after();
    b[i + 2] = u.capacity();
    return i + 3;
  }

  /** The index of {@code s} among the strings (0 for null), added when new. */
  private int string(String s) {
    if (s == null) {
      return 0;
    }
    Integer i = strings.get(s);
    if (i == null) {
      i = refs.size();
      strings.put(s, i);
      refs.add(s);
    }
    return i;
  }

  private int ref(Object o) {
    refs.add(o);
    return refs.size() - 1;
  }

  /** Makes room for one record, in a new block when this one has too little left. */
  private void room() {
    if (at + MAX_RECORD <= BLOCK) {
      return;
    }
    if (block != null && at < BLOCK) {
      block[at] = 0; // the block's records end here (a block used again still holds old ones)
    }
    long[] b = pool == null ? null : pool.poll();
    block = b != null ? b : new long[BLOCK];
    blocks.add(block);
    at = 0;
  }

  /**
   * Hands every item from {@code from} (a {@link #position}) on to {@code to} in order, each
   * pause made again with its line mapped by {@code lines}.
   */
  void forEach(long from, LongUnaryOperator lines, Consumer<Object> to) {
    long end = position();
    int bi = (int) (from / BLOCK);
    int i = (int) (from % BLOCK);
    while ((long) bi * BLOCK + i < end) {
      long[] b = blocks.get(bi);
      long h = i < BLOCK ? b[i] : 0;
      if (h == 0) {
        bi++;
        i = 0;
        continue;
      }
      if ((h & 3) == OBJECT) {
        to.accept(refs.get((int) (h >>> 2)));
        i++;
        continue;
      }
      i = unpack(b, i, h, lines, to);
    }
  }

  private int unpack(long[] b, int i, long h, LongUnaryOperator lines, Consumer<Object> to) {
    i++;
    long gcId = (h & HAS_ID) != 0 ? b[i++] : -1;
    double uptime = Double.longBitsToDouble(b[i++]);
    long epoch = (h & HAS_EPOCH) != 0 ? b[i++] : GcEvent.NO_EPOCH;
    double duration = Double.longBitsToDouble(b[i++]);
    long line = lines.applyAsLong(b[i++]);
    HeapChange memory = null;
    if ((h & HAS_MEMORY) != 0) {
      int areas = (int) (h >>> AREA_SHIFT);
      MemoryUsage young = (areas & 1) != 0 ? usage(b, i) : null;
      i += (areas & 1) != 0 ? 3 : 0;
      MemoryUsage survivor = (areas & 2) != 0 ? usage(b, i) : null;
      i += (areas & 2) != 0 ? 3 : 0;
      MemoryUsage old = (areas & 4) != 0 ? usage(b, i) : null;
      i += (areas & 4) != 0 ? 3 : 0;
      MemoryUsage heap = (areas & 8) != 0 ? usage(b, i) : null;
      i += (areas & 8) != 0 ? 3 : 0;
      MemoryUsage metaspace = (areas & 16) != 0 ? usage(b, i) : null;
      i += (areas & 16) != 0 ? 3 : 0;
      memory = new HeapChange(young, survivor, old, heap, metaspace);
    }
    CpuTimes times = null;
    if ((h & HAS_TIMES) != 0) {
      times = CpuTimes.of(Double.longBitsToDouble(b[i]), Double.longBitsToDouble(b[i + 1]),
          Double.longBitsToDouble(b[i + 2]));
      i += 3;
    }
    Tenuring tenuring = null;
    Set<io.jtune.gc.event.Anomaly> anomalies = Set.of();
    PhaseTimes phases = PhaseTimes.NONE;
    if ((h & HAS_EXTRAS) != 0) {
      tenuring = (Tenuring) refs.get((int) b[i]);
      @SuppressWarnings("unchecked")
      Set<io.jtune.gc.event.Anomaly> a = (Set<io.jtune.gc.event.Anomaly>) refs.get((int) b[i + 1]);
      anomalies = a;
      phases = (PhaseTimes) refs.get((int) b[i + 2]);
      i += 3;
    }
    int kind = (int) (h >>> KIND_SHIFT & 15);
    to.accept(new GcPause(gcId, uptime, epoch, kind == 0 ? null : KINDS[kind - 1],
        (String) refs.get((int) (h >>> NAME_SHIFT & INDEX_MASK)), (String) refs.get((int) (h >>> CAUSE_SHIFT & INDEX_MASK)),
        duration, memory, times, tenuring, anomalies, phases, line));
    return i;
  }

  private static MemoryUsage usage(long[] b, int i) {
    return new MemoryUsage(b[i], b[i + 1], b[i + 2]);
  }

  /** Gives the blocks back to the pool for a later part; nothing may be read from here on. */
  void release() {
    if (pool != null) {
      pool.addAll(blocks);
    }
    blocks.clear();
    refs.clear();
    strings.clear();
    block = null;
    at = BLOCK;
  }
}
