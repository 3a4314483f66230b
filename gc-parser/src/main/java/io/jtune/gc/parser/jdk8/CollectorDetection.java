package io.jtune.gc.parser.jdk8;

import io.jtune.gc.event.Collector;
import io.jtune.gc.event.GcEvent;
import io.jtune.gc.event.JvmInfo;
import java.util.function.Consumer;

/**
 * Which collector wrote the log: from the command-line flags first, corrected once by the first
 * records that tell (G1 pause names, PSYoungGen, CMS and Tenured segments, ParNew), and reported
 * as a {@link JvmInfo} fragment when it differs from the flags'.
 */
final class CollectorDetection {
  private final Consumer<GcEvent> sink;
  private final Stamps st;
  boolean collectorKnown;
  boolean collectorFromRecords;
  Collector flagsCollector;
  boolean cmsSeen;
  boolean tenuredSeen;
  String youngSeen;
  /** Whether incremental CMS was reported (by the flags or a record's icms_dc). */
  boolean iCmsReported;

  CollectorDetection(Consumer<GcEvent> sink, Stamps st) {
    this.sink = sink;
    this.st = st;
  }

  /**
   * The source ended: records without a segment that told decide now. The next source is told
   * afresh by its own header and records: it may be a rotated file of this JVM (same answer) or
   * another JVM's log, whose collector the reader needs to see to start a new lifetime.
   */
  void endOfSource() {
    if (!collectorFromRecords && flagsCollector == null && youngSeen != null) {
      decideCollector();
    }
    collectorKnown = false;
    collectorFromRecords = false;
    flagsCollector = null;
    cmsSeen = false;
    tenuredSeen = false;
    youngSeen = null;
    iCmsReported = false;
  }

  /** A record showed incremental CMS ("icms_dc="): reported once. */
  void icms() {
    if (!iCmsReported) {
      iCmsReported = true;
      sink.accept(new JvmInfo(null, null, null, null, null, null, null, null, null, Boolean.TRUE, st.lineNo));
    }
  }

  /** Takes the collector from a pause emitted, when its segments tell. */
  void inferCollector(PauseDraft d) {
    if (d.g1) {
      collector(Collector.G1);
      return;
    }
    String y = d.youngName;
    if (y == null) {
      return;
    }
    if (y.endsWith("PSYoungGen")) {
      collector(Collector.PARALLEL);
    } else if (cmsSeen || tenuredSeen) {
      decideCollector();
    }
  }

  /** Decides between the collectors the young and old segments seen so far leave open. */
  void decideCollector() {
    boolean parNew = youngSeen != null && youngSeen.endsWith("ParNew");
    if (youngSeen != null && youngSeen.endsWith("PSYoungGen")) {
      collector(Collector.PARALLEL);
    } else if (cmsSeen) {
      collector(parNew ? Collector.PARNEW_CMS : Collector.DEFNEW_CMS);
    } else if (parNew && !tenuredSeen) {
      // a log with ParNew collections only: ParNew is almost always paired with CMS
      collector(Collector.PARNEW_CMS);
    } else {
      collector(parNew ? Collector.PARNEW_SERIAL_OLD : Collector.SERIAL);
    }
  }

  /** The collector, as the records tell it; reported unless the flags named it already. */
  void collector(Collector c) {
    collectorFromRecords = true;
    collectorKnown = true;
    if (c != flagsCollector) {
      sink.accept(JvmInfo.ofCollector(c, st.lineNo));
    }
  }
}
