package io.jtune.gc.parser;

/** Told how far reading has got, for progress displays; called from the reading thread. */
@FunctionalInterface
public interface ReadProgress {
  ReadProgress NONE = (source, bytesRead, totalBytes) -> { };

  /**
   * @param source the source being read
   * @param bytesRead bytes of (decompressed) content read from it so far
   * @param totalBytes its size on disk when known and uncompressed, else -1
   */
  void progress(String source, long bytesRead, long totalBytes);
}
