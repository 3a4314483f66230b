package io.jtune.cli;

import io.jtune.common.format.OutputFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * A command's {@code --format}: the formats its document is rendered in, by name or alias, as
 * converter and completion candidates. An unknown name is the error picocli gives for an enum
 * value, with the closest name when one is close.
 */
class FormatOption implements ITypeConverter<OutputFormat>, Iterable<String> {
  private final List<String> names;

  FormatOption(List<OutputFormat> formats) {
    names = formats.stream().distinct().flatMap(f -> f.names().stream()).toList();
  }

  @Override
  public OutputFormat convert(String value) {
    if (!names.contains(value)) {
      String close = closest(value);
      throw new TypeConversionException("expected one of " + names + " (case-sensitive) but was '" + value + "'"
          + (close == null ? "" : " (did you mean '" + close + "'?)"));
    }
    return OutputFormat.named(value).orElseThrow();
  }

  @Override
  public Iterator<String> iterator() {
    return names.iterator();
  }

  /** The name the value differs from in case only, or the one name it begins (two characters or more); null when none. */
  private String closest(String value) {
    String v = value.toLowerCase(Locale.ROOT);
    if (names.contains(v)) {
      return v;
    }
    List<String> starting = v.length() < 2 ? List.of() : names.stream().filter(n -> n.startsWith(v)).toList();
    return starting.size() == 1 ? starting.get(0) : null;
  }
}
