package dev.parlance.web;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.enums.SecuritySchemeType;
import org.eclipse.microprofile.openapi.annotations.info.Info;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.security.SecurityScheme;

/**
 * The REST API every page and client uses, under {@code /api/v1}. Callers send a bearer token from
 * the identity provider (scripts: the password grant of {@code parlance-cli}); errors are RFC 9457
 * {@code application/problem+json}.
 */
@ApplicationPath(ParlanceApi.ROOT)
@OpenAPIDefinition(
    info =
        @Info(
            title = "Parlance API",
            version = "v1",
            description =
                "Plain-language questions over an organisation's databases, answered with governed"
                    + " SQL. Every error is an RFC 9457 problem (application/problem+json)."),
    security = @SecurityRequirement(name = "bearer"))
@SecurityScheme(
    securitySchemeName = "bearer",
    type = SecuritySchemeType.HTTP,
    scheme = "bearer",
    bearerFormat = "JWT",
    description = "An access token of realm parlance (audience 'parlance')")
public class ParlanceApi extends Application {

  public static final String ROOT = "/api/v1";
}
