package dev.parlance.deploy.server;

import java.io.File;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * The build's WAR as the Arquillian ITs deploy it: {@code target/parlance.war}, which holds
 * Parlance's modules alone (a few MB; the libraries are the server's global library, server.xml).
 */
final class PortalWar {

  private PortalWar() {}

  /** The WAR the build packaged, for an {@code @Deployment(testable = false)} method. */
  static WebArchive archive() {
    return ShrinkWrap.createFromZipFile(
        WebArchive.class, new File(System.getProperty("parlance.war")));
  }
}
