package io.jtune.lab;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The query parameters of one lab request, read with bounds: a value that is not a number,
 * or lies outside its range, is a {@link BadRequestException} naming the parameter.
 */
final class RequestParams {
  private final UnaryOperator<String> lookup;

  private RequestParams(UnaryOperator<String> lookup) {
    this.lookup = lookup;
  }

  /** Parameters looked up by a function, such as {@code request::getParameter}. */
  static RequestParams of(UnaryOperator<String> lookup) {
    return new RequestParams(lookup);
  }

  /** Parameters parsed from a query string such as {@code cpu=10&io=80}. */
  static RequestParams ofQuery(String query) {
    Map<String, String> values = new HashMap<>();
    if (query != null && !query.isEmpty()) {
      for (String pair : query.split("&")) {
        int eq = pair.indexOf('=');
        String name = eq < 0 ? pair : pair.substring(0, eq);
        String value = eq < 0 ? "" : pair.substring(eq + 1);
        values.put(URLDecoder.decode(name, StandardCharsets.UTF_8),
            URLDecoder.decode(value, StandardCharsets.UTF_8));
      }
    }
    return new RequestParams(values::get);
  }

  /** These parameters under {@code over}'s: a name {@code over} has takes its value from there. */
  RequestParams under(UnaryOperator<String> over) {
    return new RequestParams(name -> {
      String v = over.apply(name);
      return v != null ? v : lookup.apply(name);
    });
  }

  /** The text of a parameter, or {@code fallback} when absent or empty. */
  String text(String name, String fallback) {
    String text = lookup.apply(name);
    return text == null || text.isEmpty() ? fallback : text;
  }

  /** A whole number in {@code min..max}, or {@code fallback} when absent or empty. */
  long number(String name, long fallback, long min, long max) {
    String text = lookup.apply(name);
    if (text == null || text.isEmpty()) {
      return fallback;
    }
    long value;
    try {
      value = Long.parseLong(text.trim());
    } catch (NumberFormatException e) {
      throw new BadRequestException(name + " must be a whole number, got '" + clip(text) + "'");
    }
    if (value < min || value > max) {
      throw new BadRequestException(name + " must be in " + min + ".." + max + ", got " + value);
    }
    return value;
  }

  /** {@code true} or {@code false}, or {@code fallback} when absent or empty. */
  boolean flag(String name, boolean fallback) {
    String text = lookup.apply(name);
    if (text == null || text.isEmpty()) {
      return fallback;
    }
    return switch (text) {
      case "true" -> true;
      case "false" -> false;
      default -> throw new BadRequestException(name + " must be true or false, got '" + clip(text) + "'");
    };
  }

  private static String clip(String text) {
    return text.length() <= 40 ? text : text.substring(0, 40) + "...";
  }
}
