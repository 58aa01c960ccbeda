/**
 * HTTP controllers, request and response records, and errors as RFC 9457 problem details.
 * <p>Depends on the bandit service layer; holds no business logic of its own.
 */
package io.dpbandit.api;
