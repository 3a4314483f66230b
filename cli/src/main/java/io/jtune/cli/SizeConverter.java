package io.jtune.cli;

import io.jtune.common.jvm.JvmFlags;
import java.util.OptionalLong;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Every size option of every command, as the JVM reads sizes: {@code 512k}, {@code 256m},
 * {@code 1g} (any case), or a plain number of bytes. Converts to bytes.
 */
final class SizeConverter implements ITypeConverter<Long> {
  @Override
  public Long convert(String value) {
    OptionalLong bytes = JvmFlags.parseSize(value);
    if (bytes.isEmpty() || bytes.getAsLong() < 0) {
      throw new TypeConversionException("'" + value + "' is not a size (e.g. 512k, 256m, 1g)");
    }
    return bytes.getAsLong();
  }
}
