package io.jtune.gc.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.jtune.gc.AnalyzedLogs;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The JDK 8 log the launcher trains its class-data-sharing archive on (cli/src/main/cds/) must
 * keep taking the JDK 8 parser's paths: every line understood, the pauses and findings it was
 * written for. A change that stopped it doing so would leave those classes out of the archive.
 */
class CdsTrainingLogTest {
  @Test
  void jdk8TrainingLogIsFullyUnderstood() throws Exception {
    JsonNode d = AnalyzedLogs.json(AnalyzedLogs.analyze(Path.of("../cli/src/main/cds/jdk8-parnew-cms.log")));
    assertThat(d.at("/inputs/0/format").asText()).isEqualTo("jdk8-style");
    assertThat(d.at("/jvm/collector").asText()).isEqualTo("ParNew+CMS");
    assertThat(d.at("/unparsed/count").asLong()).isZero();
    assertThat(d.at("/unparsed/otherTextLines").asLong()).isZero();
    assertThat(d.at("/unparsed/gcLines").asLong()).isEqualTo(d.at("/unparsed/linesRead").asLong()).isEqualTo(170);
    assertThat(d.at("/summary/youngCount").asLong()).isEqualTo(4);
    assertThat(d.at("/summary/fullCount").asLong()).isEqualTo(2);
    assertThat(d.at("/rates/tenuring/youngGcsWithTenuring").asLong()).isEqualTo(4);
    assertThat(d.findValuesAsText("id")).contains("promotion-failure", "system-gc", "full-gc");
  }
}
