package io.dpbandit.api;

import io.dpbandit.security.Access;
import io.dpbandit.bandit.BanditService;
import io.dpbandit.bandit.BanditSpec;
import io.dpbandit.bandit.store.LedgerEntry;
import java.net.URI;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** Creating bandits and reading their state and ledger. */
@RestController
public class BanditController {

    private final BanditService bandits;

    public BanditController(BanditService bandits) {
        this.bandits = bandits;
    }

    /** 201 when created; 200 when the same spec was already created (a safe retry). */
    @PostMapping("/bandits")
    public ResponseEntity<BanditService.BanditStatus> create(@RequestBody BanditSpec spec) {
        if (spec.id() != null) {
            Access.requireBandit(spec.id());
        }
        BanditService.Created created = bandits.create(spec);
        return created.created()
                ? ResponseEntity.created(URI.create("/bandits/" + created.status().id())).body(created.status())
                : ResponseEntity.ok(created.status());
    }

    @GetMapping("/bandits")
    public List<BanditService.BanditStatus> list() {
        var principal = Access.principal();
        return bandits.list().stream().filter(b -> principal.mayActOn(b.id())).toList();
    }

    @GetMapping("/bandits/{id}")
    public BanditService.BanditStatus get(@PathVariable String id) {
        Access.requireBandit(id);
        return bandits.status(id);
    }

    @GetMapping("/bandits/{id}/ledger")
    public List<LedgerEntry> ledger(@PathVariable String id) {
        Access.requireBandit(id);
        return bandits.ledger(id);
    }
}
