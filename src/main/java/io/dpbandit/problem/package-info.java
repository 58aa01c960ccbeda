/**
 * RFC 9457 problem details: one factory for every error the service answers, and one writer for
 * the places that answer before Spring MVC (security filters, the firewall, Tomcat's error page).
 * <p>Part of the service shell; the algorithm core never depends on it.
 */
package io.dpbandit.problem;
