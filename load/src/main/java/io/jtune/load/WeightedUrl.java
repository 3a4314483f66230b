package io.jtune.load;

import java.net.URI;

/**
 * One URL of a load with its share of the requests, written {@code PATH} or
 * {@code 'WEIGHT PATH'} (such as {@code '3 /api/items'}) in {@code --url} and in a plan's
 * {@code urls}. {@link #parse(String)} reads that text and {@link #toString()} writes it back
 * as it was given: {@code /a} stays {@code /a}, {@code 1 /a} stays {@code 1 /a}.
 *
 * @param weight the share among the load's URLs, from 1 to {@link #MAX_WEIGHT}; 1 when not written
 * @param url a path on the target (such as {@code /scenario}) or a full URL, as written
 * @param weightWritten whether the text gave the weight
 */
public record WeightedUrl(int weight, String url, boolean weightWritten) {
  /** The most weight one URL may have. */
  public static final int MAX_WEIGHT = 1000;

  public WeightedUrl {
    if (weight < 1 || weight > MAX_WEIGHT) {
      throw new LoadException("a weight is a whole number from 1 to " + MAX_WEIGHT + ", not " + weight);
    }
    if (url == null || url.isBlank()) {
      throw new LoadException("a weighted URL needs a URL");
    }
  }

  /** The URL with the weight written in front ({@code 3 /a}). */
  public static WeightedUrl of(int weight, String url) {
    return new WeightedUrl(weight, url, true);
  }

  /** The URL with no weight written (its share is 1). */
  public static WeightedUrl of(String url) {
    return new WeightedUrl(1, url, false);
  }

  /**
   * Reads {@code PATH} or {@code WEIGHT PATH}: the first word is the weight when the text has
   * more than one, and the rest (stripped) is the URL. Throws {@link LoadException} when the
   * weight is not a whole number from 1 to {@link #MAX_WEIGHT} or the text is blank.
   */
  public static WeightedUrl parse(String text) {
    String t = text.strip();
    if (t.isEmpty()) {
      throw new LoadException("a weighted URL needs a URL");
    }
    int sp = 0;
    while (sp < t.length() && !Character.isWhitespace(t.charAt(sp))) {
      sp++;
    }
    if (sp == t.length()) {
      return of(t);
    }
    String weight = t.substring(0, sp);
    if (!weight.matches("\\d{1,4}") || Integer.parseInt(weight) < 1 || Integer.parseInt(weight) > MAX_WEIGHT) {
      throw new LoadException("'" + t + "': a weight is a whole number from 1 to " + MAX_WEIGHT + ", then the URL");
    }
    return of(Integer.parseInt(weight), t.substring(sp).strip());
  }

  /** Whether the URL is a full http(s) URL rather than a path on the target. */
  public boolean absolute() {
    return url.startsWith("http://") || url.startsWith("https://");
  }

  /** The URL to send to: a full URL as it is, a path resolved against the target's {@code base}. */
  public URI against(URI base) {
    return absolute() ? URI.create(Templates.uriSafe(url)) : base.resolve(Templates.uriSafe(url));
  }

  /** {@code WEIGHT URL} when the weight was written, else the URL: the text {@link #parse} reads. */
  @Override
  public String toString() {
    return weightWritten ? weight + " " + url : url;
  }
}
