package io.jtune.experiment.run;

import io.jtune.runtime.lab.RunningLab;
import io.jtune.runtime.container.ContainerGroup;
import java.net.URI;
import java.util.Optional;
import java.util.List;
import java.util.OptionalInt;

/** A lab scenario started for a run (the lab exits by itself if jtune dies: --parent-pid). */
final class LabService implements RunningService {
  private final RunningLab lab;
  private final OutputCapture capture;

  LabService(RunningLab lab, OutputCapture capture) {
    this.lab = lab;
    this.capture = capture;
  }

  @Override
  public URI url() {
    return lab.url();
  }

  @Override
  public long jvmPid() {
    return lab.pid();
  }

  @Override
  public boolean isAlive() {
    return lab.jvm().isAlive();
  }

  @Override
  public OptionalInt exitCode() {
    return lab.jvm().exitCode();
  }

  @Override
  public List<String> outputTail() {
    return lab.jvm().outputTail();
  }

  @Override
  public OutputCapture capture() {
    return capture;
  }

  @Override
  public Optional<ContainerGroup> container() {
    return lab.jvm().container();
  }

  @Override
  public void close() {
    lab.close();
  }
}
