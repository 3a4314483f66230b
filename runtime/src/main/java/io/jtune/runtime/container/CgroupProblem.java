package io.jtune.runtime.container;

import java.io.IOException;

/** A group could not be made as asked: the one line says what and what is needed. */
final class CgroupProblem extends IOException {
  CgroupProblem(String message) {
    super(message);
  }
}
