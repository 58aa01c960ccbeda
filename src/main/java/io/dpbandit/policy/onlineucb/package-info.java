/**
 * The server side of OnlineUCB (OnlineUCB paper, docs/papers.md): the online learners Maler and OGD on the
 * ball ‖θ‖ ≤ D, the private statistics Ṽ, ũ and the confidence set, the UCB decision, the λ_min combiner
 * (Algorithm 2), all as pure functions over immutable, JSON-serialisable state records.
 * <p>Pure Java plus EJML; the user's side (the local randomiser and the report format) is in the client
 * module, {@code io.dpbandit.client.onlineucb}. Never Spring, JPA, servlets or the database.
 */
package io.dpbandit.policy.onlineucb;
