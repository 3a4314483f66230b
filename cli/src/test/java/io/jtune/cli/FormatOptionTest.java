package io.jtune.cli;

import static io.jtune.common.format.OutputFormat.HTML;
import static io.jtune.common.format.OutputFormat.JSON;
import static io.jtune.common.format.OutputFormat.MARKDOWN;
import static io.jtune.common.format.OutputFormat.TEXT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

/** A command's --format: its document's formats by name or alias, picocli's message otherwise. */
class FormatOptionTest {
  private final FormatOption option = new FormatOption(List.of(TEXT, JSON, MARKDOWN, HTML));

  @Test
  void namesAndAliasesOfTheDocumentsFormats() {
    assertThat(option).containsExactly("text", "json", "markdown", "md", "html");
    assertThat(option.convert("md")).isEqualTo(MARKDOWN);
    assertThat(option.convert("json")).isEqualTo(JSON);
  }

  @Test
  void anotherNameIsPicoclisEnumMessageWithTheCloseName() {
    assertThatThrownBy(() -> option.convert("csv")).isInstanceOf(TypeConversionException.class)
        .hasMessage("expected one of [text, json, markdown, md, html] (case-sensitive) but was 'csv'");
    assertThatThrownBy(() -> option.convert("JSON"))
        .hasMessage("expected one of [text, json, markdown, md, html] (case-sensitive) but was 'JSON' (did you mean 'json'?)");
    assertThatThrownBy(() -> option.convert("mark")).hasMessageEndingWith("(did you mean 'markdown'?)");
  }
}
