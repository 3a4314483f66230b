package io.jtune.cli.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The structure of docs/architecture.md, checked on the main classes of every module (this
 * module's test class path holds them all): modules by role in one direction of the data flow, no
 * package cycle, the GC analysis' own flow (aggregates -> facts -> memory model -> findings ->
 * diagnosis -> analysis -> output), and the CLI on the library surface only. A change that breaks
 * one fails the build with the offending dependencies listed.
 */
class ArchitectureTest {
  /** The packages of the GC analysis module by data-flow step; every class of io.jtune.gc is in one of them or in the parser module. */
  private static final String[] GC_ANALYSIS = {"io.jtune.gc.aggregate..", "io.jtune.gc.facts..", "io.jtune.gc.model..",
      "io.jtune.gc.finding..", "io.jtune.gc.diagnosis..", "io.jtune.gc.analysis..", "io.jtune.gc.render..",
      "io.jtune.gc.fleet..", "io.jtune.gc.compare..", "io.jtune.gc.api.."};
  private static final String[] GC_PARSER = {"io.jtune.gc.input..", "io.jtune.gc.parser..", "io.jtune.gc.event.."};

  private static JavaClasses main;

  @BeforeAll
  static void importMainClasses() {
    // test classes are left out: the test-classes folders, and gc's test jar (its helpers for the
    // other modules' tests), which is a jar file on the test classpath once the build packages it
    main = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .withImportOption(location -> !location.contains("-tests.jar"))
        .importPackages("io.jtune");
  }

  @Test
  void importsEveryModule() {
    // a rule over an empty or partial import holds trivially: make sure every module's classes are here
    for (String pkg : new String[] {"io.jtune.common", "io.jtune.lab.catalog", "io.jtune.runtime", "io.jtune.gc.parser", "io.jtune.gc.analysis",
        "io.jtune.diagnostics", "io.jtune.load", "io.jtune.experiment", "io.jtune.cli"}) {
      org.assertj.core.api.Assertions.assertThat(main.stream().anyMatch(c -> c.getPackageName().startsWith(pkg)))
          .as("classes of %s imported", pkg).isTrue();
    }
  }

  @Test
  void noPackageCycles() {
    slices().matching("io.jtune.(**)").should().beFreeOfCycles().check(main);
  }

  @Test
  void modulesFollowTheDataFlow() {
    layeredArchitecture().consideringOnlyDependenciesInLayers()
        .layer("common").definedBy("io.jtune.common..")
        .layer("lab-catalog").definedBy("io.jtune.lab.catalog..")
        .layer("runtime").definedBy("io.jtune.runtime..")
        .layer("gc-parser").definedBy(GC_PARSER)
        .layer("gc").definedBy(GC_ANALYSIS)
        .layer("diagnostics").definedBy("io.jtune.diagnostics..")
        .layer("load").definedBy("io.jtune.load..")
        .layer("experiment").definedBy("io.jtune.experiment..")
        .layer("cli").definedBy("io.jtune.cli..")
        .whereLayer("cli").mayNotBeAccessedByAnyLayer()
        .whereLayer("experiment").mayOnlyBeAccessedByLayers("cli")
        .whereLayer("load").mayOnlyBeAccessedByLayers("experiment", "cli")
        .whereLayer("diagnostics").mayOnlyBeAccessedByLayers("experiment", "cli")
        .whereLayer("gc").mayOnlyBeAccessedByLayers("diagnostics", "experiment", "cli")
        .whereLayer("gc-parser").mayOnlyBeAccessedByLayers("gc", "diagnostics", "experiment", "cli")
        .whereLayer("runtime").mayOnlyBeAccessedByLayers("diagnostics", "load", "experiment", "cli")
        .whereLayer("lab-catalog").mayOnlyBeAccessedByLayers("runtime", "experiment", "cli")
        .check(main);
  }

  @Test
  void labCatalogDependsOnNothing() {
    // it goes into the lab's own jar, a child JVM that must stay small
    noClasses().that().resideInAPackage("io.jtune.lab.catalog..").should().dependOnClassesThat()
        .resideOutsideOfPackages("io.jtune.lab.catalog..", "java..")
        .check(main);
  }

  @Test
  void everyGcClassHasItsStep() {
    String[] all = new String[GC_ANALYSIS.length + GC_PARSER.length];
    System.arraycopy(GC_ANALYSIS, 0, all, 0, GC_ANALYSIS.length);
    System.arraycopy(GC_PARSER, 0, all, GC_ANALYSIS.length, GC_PARSER.length);
    classes().that().resideInAPackage("io.jtune.gc..").should().resideInAnyPackage(all).check(main);
  }

  @Test
  void gcAnalysisFollowsItsDataFlow() {
    layeredArchitecture().consideringOnlyDependenciesInLayers()
        .layer("aggregates").definedBy("io.jtune.gc.aggregate..")
        .layer("facts").definedBy("io.jtune.gc.facts..")
        .layer("memory model").definedBy("io.jtune.gc.model..")
        .layer("findings").definedBy("io.jtune.gc.finding..")
        .layer("diagnosis").definedBy("io.jtune.gc.diagnosis..")
        .layer("analysis").definedBy("io.jtune.gc.analysis..")
        .layer("output").definedBy("io.jtune.gc.render..", "io.jtune.gc.fleet..", "io.jtune.gc.compare..", "io.jtune.gc.api..")
        .whereLayer("aggregates").mayNotAccessAnyLayer()
        .whereLayer("facts").mayOnlyAccessLayers("aggregates")
        .whereLayer("memory model").mayOnlyAccessLayers("aggregates", "facts")
        .whereLayer("findings").mayOnlyAccessLayers("aggregates", "facts", "memory model")
        .whereLayer("diagnosis").mayOnlyAccessLayers("aggregates", "facts", "memory model", "findings")
        .whereLayer("analysis").mayOnlyAccessLayers("aggregates", "facts", "memory model", "findings", "diagnosis")
        .check(main);
  }

  @Test
  void parserPackageDoesNotKnowItsFormats() {
    // the reader finds the format parsers through ServiceLoader (ParserProvider)
    noClasses().that().resideInAPackage("io.jtune.gc.parser").should().dependOnClassesThat()
        .resideInAnyPackage("io.jtune.gc.parser.jdk8..", "io.jtune.gc.parser.unified..").check(main);
  }

  @Test
  void cliUsesTheLibrarySurface() {
    ArchRule rule = noClasses().that().resideInAPackage("io.jtune.cli..").should().dependOnClassesThat()
        .resideInAnyPackage("io.jtune.gc.input..", "io.jtune.gc.parser.jdk8..", "io.jtune.gc.parser.unified..",
            "io.jtune.gc.aggregate..", "io.jtune.gc.model..")
        .because("the CLI parses options and prints results; reading logs and dumps is the library's");
    rule.check(main);
  }

  @Test
  void tuneAndDemoRunTheLoopThroughTheSession() {
    // the session measures, analyses, suggests, writes the plan and the reports; the commands print
    noClasses().that().haveNameMatching("io\\.jtune\\.cli\\.(Tune|Demo)[^.]*")
        .should().dependOnClassesThat().haveFullyQualifiedName("io.jtune.experiment.suggest.Advisor")
        .orShould().dependOnClassesThat().haveFullyQualifiedName("io.jtune.experiment.plan.PlanWriter")
        .orShould().dependOnClassesThat().haveFullyQualifiedName("io.jtune.gc.analysis.GcAnalyzer")
        .orShould().dependOnClassesThat().haveFullyQualifiedName("io.jtune.experiment.report.files.ReportFiles")
        .because("the tune loop is io.jtune.experiment.tune.TuneSession; the CLI prints what its listener hears")
        .check(main);
  }
}
