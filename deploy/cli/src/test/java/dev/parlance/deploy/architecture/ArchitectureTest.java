package dev.parlance.deploy.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** CONVENTIONS.md rules 1, 2, 3 and 8, stated as sentences and checked on every build. */
@AnalyzeClasses(
    packages = "dev.parlance",
    importOptions = {ImportOption.DoNotIncludeTests.class, ArchitectureTest.NoTestJars.class})
class ArchitectureTest {

  /**
   * Leaves out the modules' test-jars (shared test servers and fakes such as the recorded model):
   * they are tests, though Maven hands them over as jars that {@code DoNotIncludeTests} does not
   * recognise.
   */
  public static final class NoTestJars implements ImportOption {
    @Override
    public boolean includes(com.tngtech.archunit.core.importer.Location location) {
      return !location.contains("-tests.jar");
    }
  }

  // Rule 2: the domain is plain Java.
  @ArchTest
  static final ArchRule domain_should_depend_on_the_jdk_only =
      classes()
          .that()
          .resideInAPackage("dev.parlance.domain..")
          .should()
          .onlyDependOnClassesThat()
          .resideInAnyPackage("java..", "dev.parlance.domain..")
          .because("the domain is plain Java: no framework, vendor or persistence types");

  // Rule 1: dependencies follow the hexagon.
  @ArchTest
  static final ArchRule application_should_depend_on_the_domain_and_the_jdk_only =
      classes()
          .that()
          .resideInAPackage("dev.parlance.application..")
          .should()
          .onlyDependOnClassesThat()
          .resideInAnyPackage(
              "java..",
              "dev.parlance.domain..",
              "dev.parlance.application..",
              "jakarta.inject..",
              "jakarta.enterprise..")
          .because("use cases orchestrate ports; they know no adapter or vendor");

  @ArchTest
  static final ArchRule no_adapter_should_depend_on_another_adapter =
      slices()
          .matching("dev.parlance.adapters.(*)..")
          .should()
          .notDependOnEachOther()
          .because("each adapter stands alone behind its ports");

  // Rule 7: each LLM vendor in its own package; they share only the vendor-neutral chat core.
  @ArchTest
  static final ArchRule llm_vendor_packages_should_not_depend_on_each_other =
      slices()
          .matching("dev.parlance.adapters.llm.(*)..")
          .should()
          .notDependOnEachOther()
          .ignoreDependency(
              com.tngtech.archunit.base.DescribedPredicate.alwaysTrue(),
              com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage(
                  "dev.parlance.adapters.llm.chat.."))
          .because("a vendor's quirks stay in its package; the chat core is vendor-neutral");

  @ArchTest
  static final ArchRule adapters_should_not_depend_on_the_composition_root_or_the_web_tier =
      noClasses()
          .that()
          .resideInAPackage("dev.parlance.adapters..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("dev.parlance.deploy..", "dev.parlance.web..");

  @ArchTest
  static final ArchRule only_the_llm_adapters_should_use_application_ports =
      noClasses()
          .that()
          .resideInAnyPackage("dev.parlance.adapters.index..", "dev.parlance.adapters.db..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("dev.parlance.application..")
          .because("ARCHITECTURE.md: the index and database adapters depend on the domain only");

  @ArchTest
  static final ArchRule nothing_but_the_composition_root_should_depend_on_it =
      noClasses()
          .that()
          .resideOutsideOfPackage("dev.parlance.deploy..")
          .should()
          .dependOnClassesThat()
          .resideInAPackage("dev.parlance.deploy..");

  // Rule 18: entry points hold only translation; one wiring (rule 19) builds what they call.
  @ArchTest
  static final ArchRule entry_points_should_use_use_cases_and_domain_values_only =
      noClasses()
          .that()
          .resideInAnyPackage("dev.parlance.deploy.cli..", "dev.parlance.web..")
          .and()
          .doNotHaveSimpleName("ParlanceContainer")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("dev.parlance.adapters..", "dev.parlance.deploy.wiring..")
          .orShould()
          .dependOnClassesThat(outgoingPorts())
          .because(
              "a command or a resource parses input, calls use cases and words their results;"
                  + " ports and adapters are the wiring's business");

  // An outgoing port of the domain or of the application (the values a port declares inside it,
  // such as a model's description or a run's listing, are values an entry point may show).
  private static DescribedPredicate<JavaClass> outgoingPorts() {
    return new DescribedPredicate<>("ports of the domain or the application") {
      @Override
      public boolean test(JavaClass c) {
        return c.getEnclosingClass().isEmpty()
            && c.getSimpleName().endsWith("Port")
            && (c.getPackageName().startsWith("dev.parlance.domain")
                || c.getPackageName().startsWith("dev.parlance.application"));
      }
    };
  }

  @ArchTest
  static final ArchRule application_classes_should_carry_no_container_annotations =
      noClasses()
          .that()
          .resideInAnyPackage("dev.parlance.application..", "dev.parlance.adapters..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "jakarta.enterprise..", "jakarta.inject..", "org.eclipse.microprofile..")
          .because("the wiring constructs them; they stay framework-free and testable with fakes");

  // Rule 8: adapters hide their vendor.
  @ArchTest
  static final ArchRule adapter_classes_should_be_package_private_behind_a_factory =
      classes()
          .that()
          .resideInAPackage("dev.parlance.adapters..")
          .and()
          .haveSimpleNameEndingWith("Adapter")
          .should()
          .notBePublic()
          .because("callers see the port; one public factory per adapter package builds it");

  @ArchTest
  static final ArchRule vendor_types_should_stay_inside_the_adapters =
      noClasses()
          .that()
          .resideOutsideOfPackages("dev.parlance.adapters..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage(
              "dev.langchain4j..",
              "org.apache.lucene..",
              "org.opensearch..",
              "org.hibernate..",
              "org.keycloak..",
              "net.sf.jsqlparser..",
              "ai.onnxruntime..")
          .because("vendor types never cross a port");

  // Rules 3 and 8: the persistence model and its tools stay in the metadata store's adapter.
  @ArchTest
  static final ArchRule persistence_types_should_stay_in_the_database_adapter =
      noClasses()
          .that()
          .resideOutsideOfPackages("dev.parlance.adapters.db..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("jakarta.persistence..", "org.hibernate..", "org.flywaydb..")
          .because(
              "entities and their mappers live in adapters-db; domain records cross the ports");

  @ArchTest
  static final ArchRule adapter_exceptions_should_be_unchecked =
      classes()
          .that()
          .resideInAPackage("dev.parlance.adapters..")
          .and()
          .areAssignableTo(Throwable.class)
          .should()
          .beAssignableTo(RuntimeException.class)
          .because("vendor exceptions become the adapter's own unchecked exception");

  // The web tier (issue 9): an inbound adapter over the application, like the command line.
  @ArchTest
  static final ArchRule web_admin_should_depend_on_the_application_and_the_domain_only =
      noClasses()
          .that()
          .resideInAPackage("dev.parlance.web..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("dev.parlance.adapters..", "dev.parlance.deploy..")
          .because("web-admin translates HTTP to use cases; the wiring chooses the adapters");

  @ArchTest
  static final ArchRule web_admin_should_use_use_cases_not_ports =
      noClasses()
          .that()
          .resideInAPackage("dev.parlance.web..")
          .should()
          .dependOnClassesThat()
          .haveSimpleNameEndingWith("Port")
          .because("an entry point calls use cases; only use cases talk to ports");

  @ArchTest
  static final ArchRule no_jax_rs_type_should_cross_into_the_application_or_the_domain =
      noClasses()
          .that()
          .resideInAnyPackage("dev.parlance.application..", "dev.parlance.domain..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("jakarta.ws.rs..", "jakarta.servlet..", "org.eclipse.microprofile..")
          .because("HTTP stays in the web tier; use cases take commands and return values");

  @ArchTest
  static final ArchRule liberty_types_should_stay_in_the_server_module =
      noClasses()
          .that()
          .resideOutsideOfPackage("dev.parlance.deploy.server..")
          .should()
          .dependOnClassesThat()
          .resideInAnyPackage("com.ibm..", "io.openliberty..")
          .because("the application server's own API is the server module's business");
}
