/* solve.c: exact values by retrograde analysis (see solve.h).
 *
 * A position is packed into `keylen` bytes: the number of its "tail" (the
 * fields other than the hole counts, stores, removed seeds and ply count,
 * which few positions differ in: interned in a table of their own), then
 * the hole counts, the stores and the removed seeds, each in `w` bytes
 * (1 if the game has fewer than 256 seeds, else 2), and the ply count
 * where the rules read it. Who moved last is left out, as the repetition
 * rule leaves it out: a decision due at the position sets it again before
 * anything reads it (unpacked, it is the player not to move). Positions are numbered as they are found
 * (breadth first from the root, number 0); their decisions are edges to
 * other positions, or, for a decision that ends the game, to a value
 * (TERM). Values are integers, South's utility: RANGE (2 seeds + 1) for a
 * win, less RANGE for a loss, plus the margin, so that a win by any
 * margin is worth more than a draw. */
#include "solve.h"

#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "solveint.h"

double solve_clock(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

const char *solve_bound_name(int bound)
{
    return bound == SOLVE_LOWER ? "lower" : bound == SOLVE_UPPER ? "upper" : "";
}

/* `msg` into the caller's message buffer; returns `status`. */
int sv_fail(Solver *s, int status, const char *msg)
{
    snprintf(s->err, s->errlen, "%s", msg);
    return status;
}

/* Grows (or allocates) *pp from `old` to `new` elements of `size` bytes
 * within the memory bound; 0, or a status after a message. */
int sv_grow(Solver *s, void *pp, size_t old, size_t new, size_t size)
{
    size_t add = (new - old) * size;
    if (s->bytes + add > s->o->memory) {
        char m[200];
        snprintf(m, sizeof m,
                 "the positions reachable from here need more than the %zu MB allowed "
                 "(%llu positions found so far)",
                 s->o->memory >> 20, (unsigned long long)s->n);
        return sv_fail(s, MC_ENOMEM, m);
    }
    void *q = realloc(*(void **)pp, new * size);
    if (!q)
        return sv_fail(s, MC_ENOMEM, "out of memory");
    *(void **)pp = q;
    s->bytes += add;
    if (s->bytes > s->peak)
        s->peak = s->bytes;
    return 0;
}

/* Frees *pp (`count` elements of `size` bytes) and counts them out. */
void sv_release(Solver *s, void *pp, size_t count, size_t size)
{
    free(*(void **)pp);
    *(void **)pp = NULL;
    s->bytes -= count * size;
}

/* Mixes the word `v` into the running hash `h`. */
static inline uint64_t mix(uint64_t h, uint64_t v)
{
    h = (h ^ v) * 0x9E3779B97F4A7C15ull;
    return h ^ (h >> 31);
}

/* A hash of `len` bytes, eight at a time. */
static uint64_t hash_bytes(const unsigned char *b, size_t len)
{
    uint64_t h = 0x243F6A8885A308D3ull ^ len, w;
    size_t i = 0;
    for (; i + 8 <= len; i += 8) {
        memcpy(&w, b + i, 8);
        h = mix(h, w);
    }
    if (i < len) {
        w = 0;
        memcpy(&w, b + i, len - i);
        h = mix(h, w);
    }
    return mix(h, 0x165667B19E3779F9ull);
}

/* ---- tails ------------------------------------------------------------- */

/* The table of tails made again with `size` slots (a power of two) for
 * the tails 0..ntails-1; 0 or a status. */
int sv_retail(Solver *s, uint32_t size)
{
    uint32_t *ns = NULL;
    int rc = sv_grow(s, &ns, 0, size, sizeof *ns);
    if (rc)
        return rc;
    memset(ns, 0xFF, (size_t)size * sizeof *ns);
    for (uint32_t id = 0; id < s->ntails; id++) {
        uint32_t j = (uint32_t)hash_bytes(s->tails + (size_t)id * TAIL_LEN, TAIL_LEN) & (size - 1);
        while (ns[j] != NONE)
            j = (j + 1) & (size - 1);
        ns[j] = id;
    }
    sv_release(s, &s->tslot, s->tslot ? (size_t)s->tmask + 1 : 0, sizeof *s->tslot);
    s->tslot = ns;
    s->tmask = size - 1;
    return 0;
}

/* The number of the tail `t` (TAIL_LEN bytes), added if new; a status
 * (< 0) when the table cannot grow. */
static int64_t tail_id(Solver *s, const unsigned char *t)
{
    uint64_t h = hash_bytes(t, TAIL_LEN);
    for (uint32_t i = (uint32_t)h & s->tmask;; i = (i + 1) & s->tmask) {
        uint32_t id = s->tslot[i];
        if (id == NONE)
            break;
        if (!memcmp(s->tails + (size_t)id * TAIL_LEN, t, TAIL_LEN))
            return id;
    }
    if (s->ntails >= MAX_TAILS)
        return sv_fail(s, MC_EINVAL, "more than 16 million different states of flags, owners and "
                                  "turns: too many to pack");
    if (s->ntails == s->tails_cap) {
        uint32_t nc = s->tails_cap ? s->tails_cap * 2 : 64;
        int rc = sv_grow(s, &s->tails, s->tails_cap, nc, TAIL_LEN);
        if (rc)
            return rc;
        s->tails_cap = nc;
    }
    if ((uint64_t)(s->ntails + 1) * 2 > (uint64_t)s->tmask + 1) {   /* rehash */
        int rc = sv_retail(s, (s->tmask + 1) * 2);
        if (rc)
            return rc;
    }
    uint32_t id = s->ntails++;
    memcpy(s->tails + (size_t)id * TAIL_LEN, t, TAIL_LEN);
    uint32_t i = (uint32_t)h & s->tmask;
    while (s->tslot[i] != NONE)
        i = (i + 1) & s->tmask;
    s->tslot[i] = id;
    return id;
}

/* ---- packing ------------------------------------------------------------ */

/* `v` into k[0] (w == 1) or k[0..1], low byte first. */
static inline void put(unsigned char *k, int w, uint32_t v)
{
    k[0] = (unsigned char)v;
    if (w == 2)
        k[1] = (unsigned char)(v >> 8);
}

/* What put() wrote. */
static inline uint32_t get(const unsigned char *k, int w)
{
    return w == 2 ? (uint32_t)k[0] | (uint32_t)k[1] << 8 : k[0];
}

/* `p` packed into key (keylen bytes); a status (< 0) on failure. */
static int pack(Solver *s, const Position *p, unsigned char *key)
{
    unsigned char t[TAIL_LEN];
    memcpy(t, (const unsigned char *)p + TAIL_OFF, TAIL_LEN);
#define ZERO(f) memset(t + offsetof(Position, f) - TAIL_OFF, 0, sizeof p->f)
    ZERO(store);
    ZERO(removed);
    ZERO(last_mover);
    if (!s->with_plies)
        ZERO(plies);
#undef ZERO
    /* the padding bytes, which a copy need not keep */
    const size_t pad = offsetof(Position, store_stones) + sizeof p->store_stones;
    memset(t + pad - TAIL_OFF, 0, offsetof(Position, hand_from) - pad);
    int64_t id = tail_id(s, t);
    if (id < 0)
        return (int)id;
    key[0] = (unsigned char)id;
    key[1] = (unsigned char)(id >> 8);
    key[2] = (unsigned char)(id >> 16);
    unsigned char *k = key + 3;
    const uint32_t lim = s->w == 1 ? 256 : 65536;
    for (int h = 0; h < s->nh; h++, k += s->w) {
        if (p->count[h] >= lim)
            return sv_fail(s, MC_EINVAL, "a hole holds more seeds than a packed position allows");
        put(k, s->w, p->count[h]);
    }
    const int32_t more[3] = { p->store[0], p->store[1], p->removed };
    for (int i = 0; i < 3; i++, k += s->w) {
        if (more[i] < 0 || (uint32_t)more[i] >= lim)
            return sv_fail(s, MC_EINVAL, "a store holds a number of seeds a packed position cannot");
        put(k, s->w, (uint32_t)more[i]);
    }
    if (s->with_plies)
        put(k, 2, p->plies);
    return 0;
}

/* Position number `node` from its key (the inverse of pack()). */
void sv_unpack(const Solver *s, uint64_t node, Position *p)
{
    if (s->unrank) {
        s->unrank(s->ctx, node, p);
        return;
    }
    const unsigned char *key = s->keys + node * (uint64_t)s->keylen;
    uint32_t id = (uint32_t)key[0] | (uint32_t)key[1] << 8 | (uint32_t)key[2] << 16;
    memset(p->count, 0, sizeof p->count);
    memcpy((unsigned char *)p + TAIL_OFF, s->tails + (size_t)id * TAIL_LEN, TAIL_LEN);
    const unsigned char *k = key + 3;
    for (int h = 0; h < s->nh; h++, k += s->w)
        p->count[h] = (uint16_t)get(k, s->w);
    p->store[0] = (int32_t)get(k, s->w);
    p->store[1] = (int32_t)get(k + s->w, s->w);
    p->removed = (int32_t)get(k + 2 * s->w, s->w);
    p->last_mover = (uint8_t)!p->to_move;
    if (s->with_plies)
        p->plies = (uint16_t)get(k + 3 * s->w, 2);
}

/* ---- the table of positions ---------------------------------------------- */

/* Doubles the room of the per-position arrays; 0 or a status. */
static int grow_nodes(Solver *s)
{
    uint64_t nc = s->cap ? s->cap * 2 : 1024;
    if (nc > (uint64_t)MAX_NODES + 1)
        nc = (uint64_t)MAX_NODES + 1;
    if (nc <= s->cap)
        return sv_fail(s, MC_ENOMEM, "more than 2^31 positions");
    int rc;
    if ((rc = sv_grow(s, &s->keys, s->cap, nc, (size_t)s->keylen)) ||
        (rc = sv_grow(s, &s->first, s->cap + 1, nc + 1, sizeof *s->first)) ||
        (rc = sv_grow(s, &s->mover, s->cap, nc, 1)) || (rc = sv_grow(s, &s->val, s->cap, nc, sizeof *s->val)))
        return rc;
    s->cap = nc;
    return 0;
}

/* Doubles the hash table of positions; 0 or a status. */
static int rehash(Solver *s)
{
    return sv_rehash(s, (s->smask + 1) * 2);
}

/* The hash table of positions made again with `size` slots (a power of
 * two) for the positions 0..n-1; 0 or a status. */
int sv_rehash(Solver *s, uint64_t size)
{
    uint32_t *ns = NULL;
    int rc = sv_grow(s, &ns, 0, size, sizeof *ns);
    if (rc)
        return rc;
    memset(ns, 0xFF, size * sizeof *ns);
    for (uint64_t id = 0; id < s->n; id++) {
        uint64_t j = hash_bytes(s->keys + id * s->keylen, (size_t)s->keylen) & (size - 1);
        while (ns[j] != NONE)
            j = (j + 1) & (size - 1);
        ns[j] = (uint32_t)id;
    }
    sv_release(s, &s->slot, s->slot ? s->smask + 1 : 0, sizeof *s->slot);
    s->slot = ns;
    s->smask = size - 1;
    return 0;
}

/* The number of position `p`, added if new; a status (< 0) on failure. */
static int64_t node_id(Solver *s, const Position *p)
{
    unsigned char key[3 + 2 * (MAX_HOLES + 3) + 2];
    int rc = pack(s, p, key);
    if (rc)
        return rc;
    uint64_t h = hash_bytes(key, (size_t)s->keylen);
    uint64_t i = h & s->smask;
    for (;; i = (i + 1) & s->smask) {
        uint32_t id = s->slot[i];
        if (id == NONE)
            break;
        if (!memcmp(s->keys + (uint64_t)id * s->keylen, key, (size_t)s->keylen))
            return id;
    }
    if (s->n == s->cap && (rc = grow_nodes(s)))
        return rc;
    if ((s->n + 1) * 2 > s->smask + 1) {
        if ((rc = rehash(s)))
            return rc;
        for (i = h & s->smask; s->slot[i] != NONE; i = (i + 1) & s->smask)
            ;
    }
    uint64_t id = s->n++;
    memcpy(s->keys + id * s->keylen, key, (size_t)s->keylen);
    s->slot[i] = (uint32_t)id;
    return (int64_t)id;
}

/* Appends an edge (a position's number, or TERM | value + off). */
static int add_edge(Solver *s, uint32_t e)
{
    if (s->nedges == s->ecap) {
        uint64_t nc = s->ecap ? s->ecap * 2 : 4096;
        int rc = sv_grow(s, &s->edge, s->ecap, nc, sizeof *s->edge);
        if (rc)
            return rc;
        s->ecap = nc;
    }
    s->edge[s->nedges++] = e;
    return 0;
}

/* ---- values -------------------------------------------------------------- */


/* A stop asked for (MC_EINTR), and the progress callback once a second. */
int sv_progress(Solver *s, int stage, uint64_t done, uint64_t total)
{
    if (s->o->stop && *s->o->stop)
        return sv_fail(s, MC_EINTR, "interrupted");
    double t = solve_clock();
    if (s->o->progress && t >= s->next_report) {
        SolveProgress pr = { stage, done, total, s->bytes, t - s->t0 };
        s->o->progress(s->o->arg, &pr);
        s->next_report = t + 1.0;
    }
    return 0;
}

/* ---- listing ------------------------------------------------------------- */

/* Lists every position reachable from number 0, breadth first: each
 * position's decisions become edges, to new positions as they are found
 * or to the value of a finished game. */
static int list_positions(Solver *s)
{
    Move moves[MAX_MOVES];
    for (uint64_t i = s->listed; i < s->n; i++) {
        int rc;
        s->listed = i;
        s->first[i] = s->nedges;   /* (a checkpoint keeps positions 0..i-1) */
        if ((i & 255) == 0 && (rc = sv_progress(s, SOLVE_LISTING, i, 0)))
            return rc;
        if ((i & 255) == 0 && s->o->checkpoint && solve_clock() >= s->next_save) {
            if ((rc = sv_save(s)))
                return rc;
            s->next_save = solve_clock() + SOLVE_SAVE_EVERY;
        }
        Position p;
        sv_unpack(s, i, &p);
        s->mover[i] = p.to_move;
        if (pos_chance(s->r, &p))
            return sv_fail(s, MC_EINVAL, "a position is decided by lot (a chance): solve from a "
                                      "position after the lot (--from)");
        int n = gen_moves(&s->vm, &p, moves);
        if (n < 0)
            return sv_fail(s, n, mc_status_text(n));
        if (n == 0)
            return sv_fail(s, MC_EINVAL, "a position that is not over has no decision");
        for (int k = 0; k < n; k++) {
            Position q = p;
            if ((rc = flow_play(&s->vm, &q, &moves[k], NULL, NULL)) < 0)
                return sv_fail(s, rc, mc_status_text(rc));
            uint32_t e;
            if (q.over) {
                e = TERM | (uint32_t)(sv_final(s, &q) + s->off);
            } else {
                int64_t id = node_id(s, &q);
                if (id < 0)
                    return (int)id;
                e = (uint32_t)id;
            }
            if ((rc = add_edge(s, e)))
                return rc;
        }
    }
    s->first[s->n] = s->nedges;
    return 0;
}

/* ---- the whole ------------------------------------------------------------------ */

/* The machine's poll function (a long relay sowing): a stop asked for,
 * and the progress of the listing, whose moves it is sowing. */
static int solver_poll(void *arg)
{
    Solver *s = arg;
    return sv_progress(s, SOLVE_LISTING, s->listed, 0) != 0;
}

/* The root's moves and their values, and a principal line. */
static int report(Solver *s, const Position *root, SolveResult *res)
{
    res->nmoves = gen_moves(&s->vm, root, res->moves);
    if (res->nmoves < 0)
        return sv_fail(s, res->nmoves, mc_status_text(res->nmoves));
    for (int k = 0; k < res->nmoves; k++)
        res->move_value[k] = solve_outcome(s->seeds, edge_value(s, s->edge[s->first[0] + (uint64_t)k]));
    res->value = solve_outcome(s->seeds, s->val[0]);
    uint32_t seen[SOLVE_MAX_LINE + 1];
    uint32_t v = 0;
    res->nline = 0;
    res->line_end = 2;
    seen[0] = 0;
    while (res->nline < SOLVE_MAX_LINE) {
        uint64_t e = s->first[v];
        while (e + 1 < s->first[v + 1] && edge_value(s, s->edge[e]) != s->val[v])
            e++;
        Position p;
        Move moves[MAX_MOVES];
        sv_unpack(s, v, &p);
        int n = gen_moves(&s->vm, &p, moves);
        if (n < 0)
            return sv_fail(s, n, mc_status_text(n));
        res->line[res->nline] = moves[e - s->first[v]];
        res->line_mover[res->nline++] = s->mover[v];
        uint32_t w = s->edge[e];
        if (w & TERM) {
            res->line_end = 0;
            break;
        }
        int again = 0;
        for (int i = 0; i < res->nline && !again; i++)
            again = seen[i] == w;
        if (again) {
            res->line_end = 1;
            break;
        }
        seen[res->nline] = w;
        v = w;
    }
    return 0;
}

/* Frees the tables. */
static void solver_free(Solver *s)
{
    free(s->tails);
    free(s->tslot);
    free(s->keys);
    free(s->first);
    free(s->mover);
    free(s->val);
    free(s->slot);
    free(s->edge);
}

int solve_position(const Rules *r, const Position *root, const SolveOpts *opts, SolveResult *res,
                   char *err, size_t errlen)
{
    Solver s = { 0 };
    memset(res, 0, sizeof *res);
    s.r = r;
    s.o = opts;
    s.err = err;
    s.errlen = errlen;
    s.t0 = solve_clock();
    s.next_report = s.t0 + 1.0;
    vm_init(&s.vm, r);
    s.vm.round_only = 1;
    vm_set_poll(&s.vm, solver_poll, &s);
    s.nh = r->nholes;
    long seeds = pos_seed_total(r, root);
    s.seeds = (int32_t)seeds;
    s.range = 2 * s.seeds + 1;
    s.off = s.range + s.seeds;
    s.w = seeds < 256 ? 1 : 2;
    s.with_plies = r->uses_plies;
    s.keylen = 3 + (s.nh + 3) * s.w + (s.with_plies ? 2 : 0);
    res->to_move = root->to_move;
    int rc;
    if (root->over) {
        res->value = solve_outcome(s.seeds, solve_utility(s.seeds, root));
        res->seconds = solve_clock() - s.t0;
        return MC_OK;
    }
    s.root = root;
    s.next_save = s.t0 + SOLVE_SAVE_EVERY;
    int found = 0;
    if (opts->checkpoint && (rc = sv_load(&s, &found)))
        goto out;
    if (!found) {
        s.tmask = 63;
        if ((rc = sv_grow(&s, &s.tslot, 0, 64, sizeof *s.tslot)) ||
            (rc = sv_grow(&s, &s.slot, 0, 1024, sizeof *s.slot)))
            goto out;
        memset(s.tslot, 0xFF, 64 * sizeof *s.tslot);
        memset(s.slot, 0xFF, 1024 * sizeof *s.slot);
        s.smask = 1023;
        int64_t id = node_id(&s, root);
        if (id < 0) {
            rc = (int)id;
            goto out;
        }
    }
    res->resumed = found ? s.listed : 0;
    if ((rc = list_positions(&s))) {
        /* what is listed is kept, to go on with more memory, or later */
        if ((rc == MC_EINTR || rc == MC_ENOMEM) && opts->checkpoint && sv_save(&s) == MC_OK)
            res->saved = 1;
        goto out;
    }
    res->positions = s.n;
    res->edges = s.nedges;
    /* the hash table is no longer needed: its room goes to the valuing */
    sv_release(&s, &s.slot, s.smask + 1, sizeof *s.slot);
    if ((rc = sv_value_positions(&s, res)) || (rc = report(&s, root, res)))
        goto out;
    if (opts->checkpoint)
        remove(opts->checkpoint);   /* solved: it is of no more use */
out:
    res->bytes = s.peak;
    res->seconds = solve_clock() - s.t0;
    solver_free(&s);
    return rc;
}
