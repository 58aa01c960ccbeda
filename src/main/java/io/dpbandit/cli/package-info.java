/**
 * The jar's command line on picocli: the top-level {@code dpbandit} command (which serves when
 * given no command), {@code serve}, and what {@code simulate} and {@code plan} share (parser
 * settings, usage-error and failure reporting, exit codes, the version, the rule that forwards
 * Spring Boot properties). Depends on nothing of the service; the subcommands are assembled in
 * {@code DpbanditApplication}.
 */
package io.dpbandit.cli;
