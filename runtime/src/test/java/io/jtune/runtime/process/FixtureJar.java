package io.jtune.runtime.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/** Writes small runnable jars for tests: compiled test classes plus extra resources. */
public final class FixtureJar {
  private FixtureJar() {}

  /** A jar whose main class is {@code mainClass}, holding its class files and {@code resources}. */
  public static Path write(Path jar, Class<?> mainClass, Map<String, String> resources) throws IOException {
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, mainClass.getName());
    Path classes = Path.of(mainClass.getProtectionDomain().getCodeSource().getLocation().getPath());
    String prefix = mainClass.getName().replace('.', '/');
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar), manifest)) {
      Path dir = classes.resolve(prefix).getParent();
      try (var files = Files.list(dir)) {
        for (Path f : files.filter(p -> p.getFileName().toString().startsWith(mainClass.getSimpleName())).toList()) {
          out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
          Files.copy(f, out);
          out.closeEntry();
        }
      }
      for (Map.Entry<String, String> r : resources.entrySet()) {
        out.putNextEntry(new JarEntry(r.getKey()));
        out.write(r.getValue().getBytes(StandardCharsets.UTF_8));
        out.closeEntry();
      }
    }
    return jar;
  }
}
