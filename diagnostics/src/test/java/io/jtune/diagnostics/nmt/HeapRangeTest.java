package io.jtune.diagnostics.nmt;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The heap's address range from real {@code jcmd PID GC.heap_info} outputs. */
class HeapRangeTest {
  @Test
  void serialGenerationsSpanTheReservedHeapAndMetaspaceIsNotIt() throws IOException {
    // Tomcat 11 on JDK 17 in a 384 MiB container: the JVM's own 126 MB heap, young and tenured
    HeapRange r = HeapRange.parse(Files.readAllLines(Path.of("../testdata/nmt/tomcat-serial-384mi-jdk17-heap-info.txt")));
    assertThat(r.fromAddress()).isEqualTo(0xf8200000L);
    assertThat(r.toAddress()).isEqualTo(0x100000000L);
    assertThat(r.toAddress() - r.fromAddress()).isEqualTo(126L << 20);
  }

  @Test
  void aHeapInfoWithoutAddressesHasNoRange() {
    // ZGC's lines (JDK 17) state sizes only
    assertThat(HeapRange.parse(List.of(" ZHeap           used 8M, capacity 512M, max capacity 4096M",
        " Metaspace       used 6390K, committed 6528K, reserved 1056768K"))).isNull();
  }
}
