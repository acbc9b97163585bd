package dev.parlance.domain.identity;

/**
 * Makes an identity provider's realm hold what a {@link RealmSpec} says. Idempotent: what exists is
 * completed, never duplicated, and existing users keep their passwords, roles and attributes.
 */
@FunctionalInterface
public interface ProvisionRealmPort {

  RealmProvisioned provision(RealmSpec spec);
}
