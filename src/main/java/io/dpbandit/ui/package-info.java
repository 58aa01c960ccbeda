/**
 * The analyst page at {@code /ui/}: static files (HTML, CSS, JavaScript, no data) and how they are served.
 * <p>Depends on Spring MVC only; the page reads its data through the API with the analyst's key, never from here.
 */
package io.dpbandit.ui;
