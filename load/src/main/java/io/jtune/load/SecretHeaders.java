package io.jtune.load;

import java.util.Collection;
import java.util.Locale;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Request data that must not be written in clear: sensitive headers (Authorization,
 * Proxy-Authorization, Cookie, Set-Cookie, any name ending in -Key, -Token or -Secret, and any the
 * user marks) are written to files as given only when their value holds an {@code ${env:NAME}}
 * reference, else as {@value #REDACTED}; references in header values and bodies are resolved from
 * the environment only when the request is built to be sent.
 */
public final class SecretHeaders {
  /** What a sensitive header's value given in clear is written as. */
  public static final String REDACTED = "<redacted>";

  private static final Pattern REFERENCE = Pattern.compile("\\$\\{env:([^}]*)}");
  private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  private SecretHeaders() {}

  /** The header's name, as given before its colon. */
  public static String name(String header) {
    int colon = header.indexOf(':');
    return (colon < 0 ? header : header.substring(0, colon)).strip();
  }

  /** The header's value, after its colon and blanks. */
  public static String value(String header) {
    int colon = header.indexOf(':');
    return colon < 0 ? "" : header.substring(colon + 1).strip();
  }

  /** Whether a header of this name carries a secret: a known one, or one the user marked (any case). */
  public static boolean sensitive(String name, Collection<String> marked) {
    String n = name.strip().toLowerCase(Locale.ROOT);
    if (n.equals("authorization") || n.equals("proxy-authorization") || n.equals("cookie") || n.equals("set-cookie")
        || n.endsWith("-key") || n.endsWith("-token") || n.endsWith("-secret")) {
      return true;
    }
    return marked.stream().anyMatch(m -> m.strip().equalsIgnoreCase(n));
  }

  /** Whether the text holds an {@code ${env:NAME}} reference. */
  public static boolean hasReference(String text) {
    return REFERENCE.matcher(text).find();
  }

  /** The header as a file may hold it: a sensitive header given in clear becomes {@code Name: <redacted>}. */
  public static String forFile(String header, Collection<String> marked) {
    if (!sensitive(name(header), marked) || hasReference(value(header))) {
      return header;
    }
    return name(header) + ": " + REDACTED;
  }

  /** Whether the header's value was redacted when written. */
  public static boolean redacted(String header) {
    return value(header).equals(REDACTED);
  }

  /**
   * The text with each {@code ${env:NAME}} replaced by the variable's value; {@code what} names
   * the text in the one-line error for an unset variable or a bad name.
   */
  public static String resolve(String text, String what) {
    return resolve(text, what, System::getenv);
  }

  static String resolve(String text, String what, UnaryOperator<String> env) {
    Matcher m = REFERENCE.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(out, Matcher.quoteReplacement(variable(m.group(1), what, env)));
    }
    m.appendTail(out);
    return out.toString();
  }

  /**
   * The value of the environment variable {@code name} that {@code ${env:NAME}} refers to;
   * {@code what} names the text in the one-line error for an unset variable or a bad name.
   */
  public static String variable(String name, String what) {
    return variable(name, what, System::getenv);
  }

  private static String variable(String var, String what, UnaryOperator<String> env) {
    if (!NAME.matcher(var).matches()) {
      throw new LoadException(what + ": '${env:" + var + "}' is not an environment variable name");
    }
    String v = env.apply(var);
    if (v == null) {
      throw new LoadException(what + " refers to ${env:" + var + "}, but the environment variable " + var
          + " is not set");
    }
    return v;
  }
}
