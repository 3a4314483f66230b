package io.jtune.lab;

import java.util.ArrayList;
import java.util.List;

/**
 * The class that {@link ClassDefiner} defines again and again in fresh class loaders: a
 * plain business-like class whose methods, constants and strings take room in metaspace.
 */
public final class MetaspaceSpecimen {
  private final String name;
  private final List<String> lines = new ArrayList<>();
  private long total;

  public MetaspaceSpecimen(String name) {
    this.name = name;
  }

  public MetaspaceSpecimen addLine(String sku, int quantity, long priceCents) {
    lines.add(sku + " x" + quantity + " @" + priceCents);
    total += quantity * priceCents;
    return this;
  }

  public long total() {
    return total;
  }

  public String describe() {
    StringBuilder sb = new StringBuilder("order ").append(name).append(": ");
    for (String line : lines) {
      sb.append(line).append("; ");
    }
    return sb.append("total ").append(total).toString();
  }

  public boolean isLarge() {
    return total > 1_000_000 || lines.size() > 100;
  }

  public String currency(String country) {
    return switch (country) {
      case "CN" -> "CNY";
      case "US" -> "USD";
      case "DE", "FR", "IT", "ES" -> "EUR";
      case "JP" -> "JPY";
      case "GB" -> "GBP";
      default -> "USD";
    };
  }

  public long discounted(int percent) {
    if (percent < 0 || percent > 100) {
      throw new IllegalArgumentException("percent out of range: " + percent);
    }
    return total * (100 - percent) / 100;
  }

  public long tax(String region) {
    long rate = switch (region) {
      case "north" -> 13;
      case "south" -> 9;
      case "east" -> 6;
      default -> 0;
    };
    return total * rate / 100;
  }

  public List<String> lines() {
    return List.copyOf(lines);
  }

  @Override
  public String toString() {
    return "MetaspaceSpecimen[" + name + ", " + lines.size() + " lines]";
  }
}
