package io.jtune.runtime.container;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Makes and removes group directories, and empties a group of its processes. */
final class GroupDirs {
  private GroupDirs() {}

  /** Makes {@code dir} (the kernel fills it with the controller's files) and adds it to {@code made}. */
  static Path make(Path dir, List<Path> made) throws IOException {
    try {
      Files.createDirectory(dir);
    } catch (IOException e) {
      throw new CgroupProblem("cannot create the cgroup " + dir + " (" + CgroupFiles.reason(e) + ")");
    }
    made.add(dir);
    return dir;
  }

  /**
   * Ends every process in the groups, waiting up to {@code graceMillis} for them to exit by
   * themselves first.
   */
  static void empty(CgroupLayout layout, List<Path> dirs, long graceMillis) {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(graceMillis);
    while (graceMillis > 0 && hasTasks(dirs) && System.nanoTime() < deadline) {
      sleep(20);
    }
    long killDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (hasTasks(dirs) && System.nanoTime() < killDeadline) {
      for (Path dir : dirs) {
        layout.killAll(dir);
        for (long pid : CgroupFiles.pids(dir)) {
          ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
      }
      sleep(20);
    }
  }

  static void removeQuietly(List<Path> dirs) {
    dirs.forEach(GroupDirs::remove);
  }

  /** Removes a group directory (rmdir); true when it is gone. */
  static boolean remove(Path dir) {
    for (int attempt = 0; attempt < 50; attempt++) {
      try {
        Files.deleteIfExists(dir);
        return true;
      } catch (IOException e) {
        // EBUSY while the last task is still being reaped
        sleep(20);
      }
    }
    return !Files.exists(dir);
  }

  private static boolean hasTasks(List<Path> dirs) {
    return dirs.stream().anyMatch(d -> !CgroupFiles.pids(d).isEmpty());
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
