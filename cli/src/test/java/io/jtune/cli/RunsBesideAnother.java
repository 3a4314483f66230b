package io.jtune.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A test class whose sessions check what reaches a small service of the test's own (a request's
 * method, headers, body, a replayed log, flags passed through to a worker JVM) at a light load, and
 * not how fast anything runs: the build runs these classes two at a time, each in a JVM of its own
 * (cli/pom.xml, the surefire execution named as the tag), while every other test runs alone. A
 * class that measures, starts the lab or changes a system property does not belong here.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Tag("runs-beside-another")
@interface RunsBesideAnother {}
