package dev.parlance.deploy.server;

import java.io.File;
import java.util.List;
import org.jboss.shrinkwrap.api.Archive;
import org.jboss.shrinkwrap.api.ConfigurationBuilder;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.importer.ZipImporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.jboss.shrinkwrap.impl.base.ServiceExtensionLoader;
import org.jboss.shrinkwrap.impl.base.exporter.zip.ZipStoredExporterImpl;

/**
 * The build's WAR as the Arquillian ITs deploy it: every entry of {@code target/parlance.war} as it
 * is. Liberty's Arquillian container writes a deployment into the server with ShrinkWrap's {@link
 * ZipExporter}, which deflates each entry again: for this WAR (about 140 MB, nearly all of it jars,
 * compressed already) that took 16-20 s per IT class on this 2-core machine at load 12, and shrank
 * it by 6%. This archive's ZipExporter stores the entries instead: the same bytes in a valid WAR,
 * written in half the time (docs/measurements/architecture.md, the test suite's time).
 */
final class PortalWar {

  private PortalWar() {}

  /** The WAR the build packaged, for an {@code @Deployment(testable = false)} method. */
  static WebArchive archive() {
    ServiceExtensionLoader extensions =
        new ServiceExtensionLoader(List.of(PortalWar.class.getClassLoader()));
    extensions.addOverride(ZipExporter.class, StoringZipExporter.class);
    File war = new File(System.getProperty("parlance.war"));
    // Created, then imported (ArchiveFactory.createFromZipFile would leave this domain's
    // extensions).
    return ShrinkWrap.createDomain(new ConfigurationBuilder().extensionLoader(extensions))
        .getArchiveFactory()
        .create(WebArchive.class, war.getName())
        .as(ZipImporter.class)
        .importFrom(war)
        .as(WebArchive.class);
  }

  /** ShrinkWrap's stored (uncompressed) ZIP writer, under the exporter the container asks for. */
  public static final class StoringZipExporter extends ZipStoredExporterImpl
      implements ZipExporter {
    public StoringZipExporter(Archive<?> archive) {
      super(archive);
    }
  }
}
