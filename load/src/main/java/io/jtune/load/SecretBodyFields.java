package io.jtune.load;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Fields of a request body that carry a secret: a JSON member with a string value, or a form
 * field ({@code application/x-www-form-urlencoded}), whose name ends in password, passphrase,
 * secret, token, API key, access key, secret key, private key or credentials ({@code password},
 * {@code client_secret}, {@code accessToken}, {@code api-key}; not {@code maxTokens} nor
 * {@code tokenType}), with a value given in clear. A value that is an {@code ${env:NAME}}
 * reference, or empty, is not in clear. Commands that write a plan refuse such
 * a body: the plan would keep it.
 */
public final class SecretBodyFields {
  /** A JSON member with a string value: {@code "name" : "value"}. */
  private static final Pattern JSON_MEMBER =
      Pattern.compile("\"((?:[^\"\\\\]|\\\\.){1,100})\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");
  /** A form field: {@code name=value} at the start or after {@code &}. */
  private static final Pattern FORM_FIELD = Pattern.compile("(?:^|&)([A-Za-z0-9_.%\\[\\]-]{1,100})=([^&]*)");
  /** How the name of a secret ends, lower-cased with '_', '-', '.' and blanks taken out. */
  private static final Pattern SECRET_NAME = Pattern.compile(
      "(?:password|passwd|passphrase|pwd|secret|token|apikey|accesskey|secretkey|privatekey|credentials?)$");

  private SecretBodyFields() {}

  /** The name of the first field of {@code body} that holds a secret in clear, or null when none does. */
  public static String firstInClear(String body) {
    if (body == null || body.isEmpty()) {
      return null;
    }
    Matcher m = JSON_MEMBER.matcher(body);
    while (m.find()) {
      if (secretName(m.group(1)) && inClear(m.group(2))) {
        return m.group(1);
      }
    }
    if (body.stripLeading().startsWith("{") || body.stripLeading().startsWith("[")) {
      return null;
    }
    Matcher f = FORM_FIELD.matcher(body.strip());
    while (f.find()) {
      if (secretName(f.group(1)) && inClear(f.group(2))) {
        return f.group(1);
      }
    }
    return null;
  }

  private static boolean secretName(String name) {
    String n = name.toLowerCase(Locale.ROOT).replaceAll("[_.\\-\\s]", "");
    return SECRET_NAME.matcher(n).find();
  }

  /** A value in clear: not empty, not null, and not a reference to an environment variable. */
  private static boolean inClear(String value) {
    String v = value.strip();
    return !v.isEmpty() && !v.equals("null") && !SecretHeaders.hasReference(v);
  }
}
