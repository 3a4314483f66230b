package io.jtune.experiment.plan;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * A request body kept in a file, as a plan refers to it: the file, its size and its SHA-256 when
 * the plan was written. {@link #read()} gives its bytes only while they are the ones the plan
 * was made with, so a resumed experiment sends what the first runs sent.
 *
 * @param path the file (absolute in plans jtune writes)
 * @param sha256 the SHA-256 of its bytes, lower-case hex
 * @param size its length in bytes
 */
public record BodyFile(Path path, String sha256, long size) {
  /** Larger bodies are refused: every connection's request is held in memory. */
  public static final long MAX_BYTES = 256L << 20;

  /** The file as it is now: its checksum and size. A missing or unreadable file is a one-line error. */
  public static BodyFile of(Path path) {
    byte[] bytes = bytes(path);
    return new BodyFile(path.toAbsolutePath().normalize(), sha256(bytes), bytes.length);
  }

  /** The file's bytes, when they are still those the plan was written with. */
  public byte[] read() {
    byte[] bytes = bytes(path);
    String now = sha256(bytes);
    if (!now.equals(sha256)) {
      throw new PlanException("body file " + path + " changed since the plan was written (SHA-256 now "
          + now.substring(0, 12) + "..., " + bytes.length + " bytes; the plan has " + sha256.substring(0, 12) + "..., "
          + size + " bytes): restore it, or write the plan again");
    }
    return bytes;
  }

  private static byte[] bytes(Path path) {
    try {
      if (Files.size(path) > MAX_BYTES) {
        throw new PlanException("body file " + path + " is larger than " + (MAX_BYTES >> 20) + " MB");
      }
      return Files.readAllBytes(path);
    } catch (NoSuchFileException e) {
      throw new PlanException("body file " + path + " is missing (the plan sends its bytes as the request body)");
    } catch (IOException e) {
      throw new PlanException("cannot read body file " + path + ": " + e.getMessage(), e);
    }
  }

  /** The SHA-256 of the bytes, lower-case hex. */
  public static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
