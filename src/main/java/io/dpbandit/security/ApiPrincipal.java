package io.dpbandit.security;

import java.util.List;
import java.util.Set;

/** An authenticated caller: the key's name, its roles and its bandit scope (empty: all bandits). */
public record ApiPrincipal(String name, Set<Role> roles, List<String> bandits) {

    public ApiPrincipal {
        roles = Set.copyOf(roles);
        bandits = List.copyOf(bandits);
    }

    public boolean has(Role role) {
        return roles.contains(role) || (role == Role.ANALYST && roles.contains(Role.ADMIN));
    }

    public boolean mayActOn(String bandit) {
        return bandits.isEmpty() || bandits.contains(bandit);
    }
}
