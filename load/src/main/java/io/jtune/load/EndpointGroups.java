package io.jtune.load;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * How replayed requests are grouped into endpoints for per-endpoint results: by method and path
 * (the query left out), the first of the user's rules that matches the path, else the path with
 * its ids collapsed: a segment that is a number, a UUID or a hex id of 8 digits or more (with at
 * least one decimal digit) becomes {@code {id}}, so {@code GET /orders/123/items} and
 * {@code GET /orders/456/items} are both {@code GET /orders/{id}/items}.
 *
 * <p>A rule is a path where {@code *} stands for one segment (or the rest of one) and {@code **}
 * for any number of them, such as {@code /api/users/*} or {@code /static/**}; its group is named
 * by the rule.
 */
public final class EndpointGroups {
  /** The most groups a run keeps apart; requests beyond them are counted under {@link #OTHER}. */
  public static final int MAX_GROUPS = 100;
  /** The group of requests beyond {@link #MAX_GROUPS}. */
  public static final String OTHER = "(other)";

  private static final Pattern NUMBER = Pattern.compile("-?\\d+");
  private static final Pattern UUID = Pattern.compile(
      "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");
  private static final Pattern HEX_ID = Pattern.compile("(?=[0-9a-fA-F]*\\d)[0-9a-fA-F]{8,}");
  private static final String ID = "{id}";

  private final List<String> rules;
  private final List<Pattern> compiled;

  private EndpointGroups(List<String> rules) {
    this.rules = List.copyOf(rules);
    this.compiled = new ArrayList<>();
    for (String rule : rules) {
      if (!rule.startsWith("/")) {
        throw new LoadException("a group rule is a path such as /api/users/* or /static/**, not '" + rule + "'");
      }
      compiled.add(Pattern.compile(glob(rule)));
    }
  }

  /** Ids collapsed, no rule. */
  public static final EndpointGroups DEFAULT = new EndpointGroups(List.of());

  /** The user's rules, tried in order before ids are collapsed. */
  public static EndpointGroups of(List<String> rules) {
    return rules == null || rules.isEmpty() ? DEFAULT : new EndpointGroups(rules);
  }

  /** The rules as given. */
  public List<String> rules() {
    return rules;
  }

  /** The group of a request: {@code METHOD PATTERN}. */
  public String group(String method, String target) {
    int q = target.indexOf('?');
    String path = q < 0 ? target : target.substring(0, q);
    for (int i = 0; i < compiled.size(); i++) {
      if (compiled.get(i).matcher(path).matches()) {
        return method + " " + rules.get(i);
      }
    }
    return method + " " + collapse(path);
  }

  /** The path with number, UUID and hex-id segments written {@code {id}}. */
  static String collapse(String path) {
    String[] segments = path.split("/", -1);
    StringBuilder out = new StringBuilder(path.length());
    for (int i = 0; i < segments.length; i++) {
      if (i > 0) {
        out.append('/');
      }
      String s = segments[i];
      boolean id = NUMBER.matcher(s).matches() || UUID.matcher(s).matches() || HEX_ID.matcher(s).matches();
      out.append(id ? ID : s);
    }
    return out.toString();
  }

  /** A rule as a regular expression: {@code **} any segments, {@code *} within one segment. */
  private static String glob(String rule) {
    StringBuilder re = new StringBuilder();
    int i = 0;
    while (i < rule.length()) {
      if (rule.startsWith("**", i)) {
        re.append(".*");
        i += 2;
      } else if (rule.charAt(i) == '*') {
        re.append("[^/]*");
        i++;
      } else {
        int next = rule.indexOf('*', i);
        int end = next < 0 ? rule.length() : next;
        re.append(Pattern.quote(rule.substring(i, end)));
        i = end;
      }
    }
    return re.toString();
  }
}
