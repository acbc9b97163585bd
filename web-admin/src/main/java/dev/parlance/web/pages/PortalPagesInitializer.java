package dev.parlance.web.pages;

import jakarta.servlet.ServletContainerInitializer;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletRegistration;
import java.util.Set;

/**
 * Registers the portal's page servlets with the container when the web application starts, and
 * loads them at once so that a page that cannot be built fails the start, not the first visitor.
 *
 * <p>Registered here rather than by {@code @WebServlet}: Open Liberty (26.0.0.3) never mapped the
 * annotated page servlets of this library jar (every page answered 404, no error logged) while it
 * mapped the annotated error-page servlet next to them. A container initializer found through
 * {@code META-INF/services} is read by every servlet container the same way, and the mapping is
 * then in one place.
 */
public final class PortalPagesInitializer implements ServletContainerInitializer {

  @Override
  public void onStartup(Set<Class<?>> classes, ServletContext context) {
    // "/portal/*" takes the portal's root ("/portal", "/portal/") and unknown pages; the exact
    // patterns of the pages win over it.
    register(
        context,
        "portal-ask",
        AskPages.class,
        "/portal/*",
        "/portal/ask",
        "/portal/ask/stream",
        "/portal/answers/*",
        "/portal/conversations/*",
        "/portal/history",
        "/portal/feedback",
        "/portal/reading");
    register(
        context,
        "portal-curation",
        CurationPages.class,
        "/portal/curation",
        CurationPages.EXPORT_PATH,
        CurationPages.JOBS_PATH,
        CurationPages.JOB_EVENTS_PATH);
    register(
        context, "portal-explore", ExplorePages.class, "/portal/catalog", "/portal/answer.xlsx");
    register(
        context,
        "portal-admin",
        AdminPages.class,
        "/portal/admin/sources",
        "/portal/admin/policies",
        "/portal/admin/audit");
    register(context, "portal-admin-models", ModelPages.class, "/portal/admin/models");
    register(context, "portal-admin-users", UserPages.class, "/portal/admin/users");
    register(
        context,
        "portal-admin-evaluations",
        EvaluationPages.class,
        "/portal/admin/evaluations",
        "/portal/admin/evaluations/report",
        "/portal/admin/evaluations/job");
  }

  private static void register(
      ServletContext context, String name, Class<? extends PageServlet> page, String... paths) {
    ServletRegistration.Dynamic servlet = context.addServlet(name, page);
    if (servlet == null) {
      // Declared already (a deployment descriptor naming it wins over this default).
      return;
    }
    servlet.addMapping(paths);
    servlet.setLoadOnStartup(1);
    // The ask page's live answer (/portal/ask/stream) runs on the ask executor, not the request's
    // thread; the filters before the pages support that too.
    servlet.setAsyncSupported(true);
  }
}
