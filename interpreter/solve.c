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

#define TERM        0x80000000u     /* an edge to a value, not a position */
#define NONE        0xFFFFFFFFu     /* an empty slot */
#define TAIL_OFF    offsetof(Position, north_owned)
#define TAIL_LEN    (sizeof(Position) - TAIL_OFF)
#define MAX_NODES   0x7FFFFFFFu     /* positions: edge numbers keep the top bit */
#define MAX_TAILS   0xFFFFFFu       /* tails: three bytes of a key */

typedef struct Solver {
    const Rules *r;
    const SolveOpts *o;
    Vm vm;
    int nh, w, keylen, with_plies;
    int32_t seeds, range, off;      /* utilities lie in -off..off */
    /* tails */
    unsigned char *tails;
    uint32_t ntails, tails_cap, *tslot, tmask;
    /* positions */
    unsigned char *keys;
    uint64_t n, cap, *first;
    uint8_t *mover;
    int32_t *val;
    uint32_t *slot;
    uint64_t smask;
    /* edges */
    uint32_t *edge;
    uint64_t nedges, ecap;
    size_t bytes, peak;
    uint64_t listed;                /* positions whose moves are listed */
    double t0, next_report;
    char *err;
    size_t errlen;
} Solver;

static double clock_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static int fail(Solver *s, int status, const char *msg)
{
    snprintf(s->err, s->errlen, "%s", msg);
    return status;
}

/* Grows (or allocates) *pp from `old` to `new` elements of `size` bytes
 * within the memory bound; 0, or a status after a message. */
static int grow(Solver *s, void *pp, size_t old, size_t new, size_t size)
{
    size_t add = (new - old) * size;
    if (s->bytes + add > s->o->memory) {
        char m[200];
        snprintf(m, sizeof m,
                 "the positions reachable from here need more than the %zu MB allowed "
                 "(%llu positions found so far)",
                 s->o->memory >> 20, (unsigned long long)s->n);
        return fail(s, MC_ENOMEM, m);
    }
    void *q = realloc(*(void **)pp, new * size);
    if (!q)
        return fail(s, MC_ENOMEM, "out of memory");
    *(void **)pp = q;
    s->bytes += add;
    if (s->bytes > s->peak)
        s->peak = s->bytes;
    return 0;
}

static void release(Solver *s, void *pp, size_t count, size_t size)
{
    free(*(void **)pp);
    *(void **)pp = NULL;
    s->bytes -= count * size;
}

static inline uint64_t mix(uint64_t h, uint64_t v)
{
    h = (h ^ v) * 0x9E3779B97F4A7C15ull;
    return h ^ (h >> 31);
}

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
        return fail(s, MC_EINVAL, "more than 16 million different states of flags, owners and "
                                  "turns: too many to pack");
    if (s->ntails == s->tails_cap) {
        uint32_t nc = s->tails_cap ? s->tails_cap * 2 : 64;
        int rc = grow(s, &s->tails, s->tails_cap, nc, TAIL_LEN);
        if (rc)
            return rc;
        s->tails_cap = nc;
    }
    if ((uint64_t)(s->ntails + 1) * 2 > (uint64_t)s->tmask + 1) {   /* rehash */
        uint32_t size = (s->tmask + 1) * 2, *ns = NULL;
        int rc = grow(s, &ns, 0, size, sizeof *ns);
        if (rc)
            return rc;
        memset(ns, 0xFF, (size_t)size * sizeof *ns);
        for (uint32_t id = 0; id < s->ntails; id++) {
            uint32_t j = (uint32_t)hash_bytes(s->tails + (size_t)id * TAIL_LEN, TAIL_LEN) & (size - 1);
            while (ns[j] != NONE)
                j = (j + 1) & (size - 1);
            ns[j] = id;
        }
        release(s, &s->tslot, (size_t)s->tmask + 1, sizeof *s->tslot);
        s->tslot = ns;
        s->tmask = size - 1;
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

static inline void put(unsigned char *k, int w, uint32_t v)
{
    k[0] = (unsigned char)v;
    if (w == 2)
        k[1] = (unsigned char)(v >> 8);
}

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
    memset(t + offsetof(Position, last_move) + 1 - TAIL_OFF, 0,
           offsetof(Position, reserve) - offsetof(Position, last_move) - 1);
    memset(t + offsetof(Position, lot) + 1 - TAIL_OFF, 0,
           offsetof(Position, hand_from) - offsetof(Position, lot) - 1);
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
            return fail(s, MC_EINVAL, "a hole holds more seeds than a packed position allows");
        put(k, s->w, p->count[h]);
    }
    const int32_t more[3] = { p->store[0], p->store[1], p->removed };
    for (int i = 0; i < 3; i++, k += s->w) {
        if (more[i] < 0 || (uint32_t)more[i] >= lim)
            return fail(s, MC_EINVAL, "a store holds a number of seeds a packed position cannot");
        put(k, s->w, (uint32_t)more[i]);
    }
    if (s->with_plies)
        put(k, 2, p->plies);
    return 0;
}

static void unpack(const Solver *s, uint64_t node, Position *p)
{
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

static int grow_nodes(Solver *s)
{
    uint64_t nc = s->cap ? s->cap * 2 : 1024;
    if (nc > (uint64_t)MAX_NODES + 1)
        nc = (uint64_t)MAX_NODES + 1;
    if (nc <= s->cap)
        return fail(s, MC_ENOMEM, "more than 2^31 positions");
    int rc;
    if ((rc = grow(s, &s->keys, s->cap, nc, (size_t)s->keylen)) ||
        (rc = grow(s, &s->first, s->cap + 1, nc + 1, sizeof *s->first)) ||
        (rc = grow(s, &s->mover, s->cap, nc, 1)) || (rc = grow(s, &s->val, s->cap, nc, sizeof *s->val)))
        return rc;
    s->cap = nc;
    return 0;
}

static int rehash(Solver *s)
{
    uint64_t size = (s->smask + 1) * 2;
    uint32_t *ns = NULL;
    int rc = grow(s, &ns, 0, size, sizeof *ns);
    if (rc)
        return rc;
    memset(ns, 0xFF, size * sizeof *ns);
    for (uint64_t id = 0; id < s->n; id++) {
        uint64_t j = hash_bytes(s->keys + id * s->keylen, (size_t)s->keylen) & (size - 1);
        while (ns[j] != NONE)
            j = (j + 1) & (size - 1);
        ns[j] = (uint32_t)id;
    }
    release(s, &s->slot, s->smask + 1, sizeof *s->slot);
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

static int add_edge(Solver *s, uint32_t e)
{
    if (s->nedges == s->ecap) {
        uint64_t nc = s->ecap ? s->ecap * 2 : 4096;
        int rc = grow(s, &s->edge, s->ecap, nc, sizeof *s->edge);
        if (rc)
            return rc;
        s->ecap = nc;
    }
    s->edge[s->nedges++] = e;
    return 0;
}

/* ---- values -------------------------------------------------------------- */

static int32_t utility(const Solver *s, const Position *q)
{
    return solve_utility(s->seeds, q);
}

static SolveValue outcome(const Solver *s, int32_t u)
{
    return solve_outcome(s->seeds, u);
}

static inline int32_t edge_value(const Solver *s, uint32_t e)
{
    return e & TERM ? (int32_t)(e & ~TERM) - s->off : s->val[e];
}

static int progress(Solver *s, int stage, uint64_t done, uint64_t total)
{
    if (s->o->stop && *s->o->stop)
        return fail(s, MC_EINTR, "interrupted");
    double t = clock_now();
    if (s->o->progress && t >= s->next_report) {
        SolveProgress pr = { stage, done, total, s->bytes, t - s->t0 };
        s->o->progress(s->o->arg, &pr);
        s->next_report = t + 1.0;
    }
    return 0;
}

/* ---- listing ------------------------------------------------------------- */

static int list_positions(Solver *s)
{
    Move moves[MAX_MOVES];
    for (uint64_t i = 0; i < s->n; i++) {
        int rc;
        s->listed = i;
        if ((i & 255) == 0 && (rc = progress(s, SOLVE_LISTING, i, 0)))
            return rc;
        Position p;
        unpack(s, i, &p);
        s->first[i] = s->nedges;
        s->mover[i] = p.to_move;
        if (pos_chance(s->r, &p))
            return fail(s, MC_EINVAL, "a position is decided by lot (a chance): solve from a "
                                      "position after the lot (--from)");
        int n = gen_moves(&s->vm, &p, moves);
        if (n < 0)
            return fail(s, n, mc_status_text(n));
        if (n == 0)
            return fail(s, MC_EINVAL, "a position that is not over has no decision");
        for (int k = 0; k < n; k++) {
            Position q = p;
            if ((rc = flow_play(&s->vm, &q, &moves[k], NULL, NULL)) < 0)
                return fail(s, rc, mc_status_text(rc));
            uint32_t e;
            if (q.over) {
                e = TERM | (uint32_t)(utility(s, &q) + s->off);
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

/* ---- cycles ------------------------------------------------------------------ */

/* A strongly connected component being valued: its positions (global
 * numbers), who moves at each, the value of an endless play from each,
 * the predecessors within it (CSR), and the work arrays of the
 * attractors. */
typedef struct Comp {
    uint32_t *node;
    uint64_t n;
    const uint8_t *inside;     /* bit per global position: on the Tarjan stack */
    uint32_t *local;           /* global -> local number (Tarjan's low[], reused) */
    int32_t *endless;
    uint64_t *pfirst;
    uint32_t *pred;
    uint32_t *cnt, *queue;
    uint8_t *in_s, *in_n, *done;
} Comp;

static inline int on_stack(const uint8_t *bits, uint32_t v)
{
    return bits[v >> 3] >> (v & 7) & 1;
}

/* The positions of the component from which `player` can force, in a
 * finite number of moves, an end whose value satisfies `want(v, t)`
 * (South: v >= t; North: v < t), into in[]. */
static void attract(const Solver *s, Comp *c, int player, int32_t t, uint8_t *in)
{
    uint64_t qn = 0;
    for (uint64_t i = 0; i < c->n; i++) {
        uint32_t v = c->node[i];
        int good = 0, bad = 0;
        uint32_t internal = 0;
        for (uint64_t e = s->first[v]; e < s->first[v + 1]; e++) {
            uint32_t w = s->edge[e];
            if (!(w & TERM) && on_stack(c->inside, w)) {
                internal++;
                continue;
            }
            int32_t x = edge_value(s, w);
            if ((player == SOUTH) == (x >= t))
                good = 1;
            else
                bad = 1;
        }
        in[i] = 0;
        c->cnt[i] = internal;
        if (s->mover[v] == player ? good : !bad && internal == 0) {
            in[i] = 1;
            c->queue[qn++] = (uint32_t)i;
        } else if (s->mover[v] != player && bad) {
            c->cnt[i] = NONE;   /* the opponent has a way out: never */
        }
    }
    for (uint64_t qi = 0; qi < qn; qi++) {
        uint32_t x = c->queue[qi];
        for (uint64_t e = c->pfirst[x]; e < c->pfirst[x + 1]; e++) {
            uint32_t y = c->pred[e];
            if (in[y])
                continue;
            if (s->mover[c->node[y]] == player || (c->cnt[y] != NONE && --c->cnt[y] == 0)) {
                in[y] = 1;
                c->queue[qn++] = y;
            }
        }
    }
}

static int cmp_desc(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return x < y ? 1 : x > y ? -1 : 0;
}

/* Values the positions of a component with a cycle: for each threshold t
 * (every value an exit or an endless play can have), from the highest,
 * a position not yet valued gets t when South can force t or more, or
 * when North cannot force less and the endless play from it is worth t
 * or more. */
static int value_cycle(Solver *s, Comp *c)
{
    const uint64_t n = c->n;
    int rc = 0;
    size_t nt = 0, tcap = 0;
    int32_t *th = NULL;
    c->endless = NULL;
    c->pfirst = NULL;
    c->pred = NULL;
    c->cnt = c->queue = NULL;
    c->in_s = c->in_n = c->done = NULL;
    uint64_t npred = 0;
    for (uint64_t i = 0; i < n; i++)
        c->local[c->node[i]] = (uint32_t)i;
    if ((rc = grow(s, &c->endless, 0, n, sizeof *c->endless)) ||
        (rc = grow(s, &c->pfirst, 0, n + 1, sizeof *c->pfirst)) || (rc = grow(s, &c->cnt, 0, n, sizeof *c->cnt)) ||
        (rc = grow(s, &c->queue, 0, n, sizeof *c->queue)) || (rc = grow(s, &c->in_s, 0, n, 1)) ||
        (rc = grow(s, &c->in_n, 0, n, 1)) || (rc = grow(s, &c->done, 0, n, 1)))
        goto out;
    memset(c->pfirst, 0, (n + 1) * sizeof *c->pfirst);
    memset(c->done, 0, n);
    /* predecessors, and the thresholds */
    for (uint64_t i = 0; i < n; i++) {
        uint32_t v = c->node[i];
        for (uint64_t e = s->first[v]; e < s->first[v + 1]; e++) {
            uint32_t w = s->edge[e];
            int32_t x;
            if (!(w & TERM) && on_stack(c->inside, w)) {
                c->pfirst[c->local[w] + 1]++;
                npred++;
                continue;
            }
            x = edge_value(s, w);
            if (nt == tcap) {
                size_t nc = tcap ? tcap * 2 : 64;
                if ((rc = grow(s, &th, tcap, nc, sizeof *th)))
                    goto out;
                tcap = nc;
            }
            th[nt++] = x;
        }
        Position p;
        unpack(s, v, &p);
        if ((rc = flow_endless(&s->vm, &p)) < 0) {
            rc = fail(s, rc, mc_status_text(rc));
            goto out;
        }
        c->endless[i] = utility(s, &p);
        if (nt == tcap) {
            size_t nc = tcap ? tcap * 2 : 64;
            if ((rc = grow(s, &th, tcap, nc, sizeof *th)))
                goto out;
            tcap = nc;
        }
        th[nt++] = c->endless[i];
    }
    for (uint64_t i = 0; i < n; i++)
        c->pfirst[i + 1] += c->pfirst[i];
    if ((rc = grow(s, &c->pred, 0, npred ? npred : 1, sizeof *c->pred)))
        goto out;
    /* cnt[] as the fill pointers */
    memset(c->cnt, 0, n * sizeof *c->cnt);
    for (uint64_t i = 0; i < n; i++) {
        uint32_t v = c->node[i];
        for (uint64_t e = s->first[v]; e < s->first[v + 1]; e++) {
            uint32_t w = s->edge[e];
            if (!(w & TERM) && on_stack(c->inside, w)) {
                uint32_t lw = c->local[w];
                c->pred[c->pfirst[lw] + c->cnt[lw]++] = (uint32_t)i;
            }
        }
    }
    qsort(th, nt, sizeof *th, cmp_desc);
    uint64_t left = n;
    for (size_t k = 0; k < nt && left; k++) {
        if (k && th[k] == th[k - 1])
            continue;
        const int32_t t = th[k];
        attract(s, c, SOUTH, t, c->in_s);
        attract(s, c, NORTH, t, c->in_n);
        for (uint64_t i = 0; i < n; i++)
            if (!c->done[i] && (c->in_s[i] || (!c->in_n[i] && c->endless[i] >= t))) {
                c->done[i] = 1;
                s->val[c->node[i]] = t;
                left--;
            }
    }
out:
    release(s, &th, tcap, sizeof *th);
    release(s, &c->endless, c->endless ? n : 0, sizeof *c->endless);
    release(s, &c->pfirst, c->pfirst ? n + 1 : 0, sizeof *c->pfirst);
    release(s, &c->pred, c->pred ? (npred ? npred : 1) : 0, sizeof *c->pred);
    release(s, &c->cnt, c->cnt ? n : 0, sizeof *c->cnt);
    release(s, &c->queue, c->queue ? n : 0, sizeof *c->queue);
    release(s, &c->in_s, c->in_s ? n : 0, 1);
    release(s, &c->in_n, c->in_n ? n : 0, 1);
    release(s, &c->done, c->done ? n : 0, 1);
    return rc;
}

/* ---- components, sinks first (Tarjan, without recursion) ------------------- */

typedef struct Tarjan {
    uint32_t *idx, *low, *stack, *cnode;
    uint64_t *cedge;
    uint8_t *inside;
    uint64_t sp, cp;
} Tarjan;

/* Values the component whose positions are stack[from..sp). */
static int value_component(Solver *s, Tarjan *tj, uint64_t from, SolveResult *res)
{
    const uint64_t n = tj->sp - from;
    uint32_t v = tj->stack[from];
    int loop = 0;
    if (n == 1) {
        int32_t best = 0;
        int any = 0;
        for (uint64_t e = s->first[v]; e < s->first[v + 1]; e++) {
            uint32_t w = s->edge[e];
            if (w == v) {
                loop = 1;
                break;
            }
            int32_t x = edge_value(s, w);
            if (!any || (s->mover[v] == SOUTH ? x > best : x < best))
                best = x;
            any = 1;
        }
        if (!loop) {
            s->val[v] = best;
            tj->inside[v >> 3] &= (uint8_t) ~(1u << (v & 7));
            tj->sp = from;
            return 0;
        }
    }
    Comp c = { 0 };
    c.node = tj->stack + from;
    c.n = n;
    c.inside = tj->inside;
    c.local = tj->low;   /* low[] of these positions is no longer needed */
    int rc = value_cycle(s, &c);
    res->cyclic += n;
    res->components++;
    for (uint64_t i = 0; i < n; i++) {
        uint32_t w = c.node[i];
        tj->inside[w >> 3] &= (uint8_t) ~(1u << (w & 7));
    }
    tj->sp = from;
    return rc;
}

static int value_positions(Solver *s, SolveResult *res)
{
    Tarjan tj = { 0 };
    const uint64_t n = s->n;
    uint64_t counter = 0, valued = 0;
    int rc;
    if ((rc = grow(s, &tj.idx, 0, n, sizeof *tj.idx)) || (rc = grow(s, &tj.low, 0, n, sizeof *tj.low)) ||
        (rc = grow(s, &tj.stack, 0, n, sizeof *tj.stack)) || (rc = grow(s, &tj.cnode, 0, n, sizeof *tj.cnode)) ||
        (rc = grow(s, &tj.cedge, 0, n, sizeof *tj.cedge)) || (rc = grow(s, &tj.inside, 0, n / 8 + 1, 1)))
        goto out;
    memset(tj.idx, 0, n * sizeof *tj.idx);
    memset(tj.inside, 0, n / 8 + 1);
    /* every position is reachable from the root, number 0 */
    tj.idx[0] = tj.low[0] = (uint32_t)++counter;
    tj.stack[tj.sp++] = 0;
    tj.inside[0] |= 1;
    tj.cnode[0] = 0;
    tj.cedge[0] = s->first[0];
    tj.cp = 1;
    while (tj.cp) {
        uint32_t v = tj.cnode[tj.cp - 1];
        uint64_t e = tj.cedge[tj.cp - 1];
        if (e < s->first[v + 1]) {
            tj.cedge[tj.cp - 1] = e + 1;
            uint32_t w = s->edge[e];
            if (w & TERM)
                continue;
            if (!tj.idx[w]) {
                tj.idx[w] = tj.low[w] = (uint32_t)++counter;
                tj.stack[tj.sp++] = w;
                tj.inside[w >> 3] |= (uint8_t)(1u << (w & 7));
                tj.cnode[tj.cp] = w;
                tj.cedge[tj.cp] = s->first[w];
                tj.cp++;
            } else if (on_stack(tj.inside, w) && tj.idx[w] < tj.low[v]) {
                tj.low[v] = tj.idx[w];
            }
            continue;
        }
        tj.cp--;
        if (tj.cp) {
            uint32_t u = tj.cnode[tj.cp - 1];
            if (tj.low[v] < tj.low[u])
                tj.low[u] = tj.low[v];
        }
        if (tj.low[v] == tj.idx[v]) {
            uint64_t from = tj.sp;
            while (tj.stack[--from] != v)
                ;
            valued += tj.sp - from;
            if ((rc = value_component(s, &tj, from, res)))
                goto out;
            if ((valued & 0xFFF) < tj.sp - from + 1 && (rc = progress(s, SOLVE_VALUING, valued, n)))
                goto out;
        }
    }
out:
    release(s, &tj.idx, tj.idx ? n : 0, sizeof *tj.idx);
    release(s, &tj.low, tj.low ? n : 0, sizeof *tj.low);
    release(s, &tj.stack, tj.stack ? n : 0, sizeof *tj.stack);
    release(s, &tj.cnode, tj.cnode ? n : 0, sizeof *tj.cnode);
    release(s, &tj.cedge, tj.cedge ? n : 0, sizeof *tj.cedge);
    release(s, &tj.inside, tj.inside ? n / 8 + 1 : 0, 1);
    return rc;
}

/* ---- the whole ------------------------------------------------------------------ */

/* The machine's poll function (a long relay sowing): a stop asked for,
 * and the progress of the listing, whose moves it is sowing. */
static int solver_poll(void *arg)
{
    Solver *s = arg;
    return progress(s, SOLVE_LISTING, s->listed, 0) != 0;
}

/* The root's moves and their values, and a principal line. */
static int report(Solver *s, const Position *root, SolveResult *res)
{
    res->nmoves = gen_moves(&s->vm, root, res->moves);
    if (res->nmoves < 0)
        return fail(s, res->nmoves, mc_status_text(res->nmoves));
    for (int k = 0; k < res->nmoves; k++)
        res->move_value[k] = outcome(s, edge_value(s, s->edge[s->first[0] + (uint64_t)k]));
    res->value = outcome(s, s->val[0]);
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
        unpack(s, v, &p);
        int n = gen_moves(&s->vm, &p, moves);
        if (n < 0)
            return fail(s, n, mc_status_text(n));
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
    s.t0 = clock_now();
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
        res->value = outcome(&s, utility(&s, root));
        res->seconds = clock_now() - s.t0;
        return MC_OK;
    }
    s.tmask = 63;
    if ((rc = grow(&s, &s.tslot, 0, 64, sizeof *s.tslot)) || (rc = grow(&s, &s.slot, 0, 1024, sizeof *s.slot)))
        goto out;
    memset(s.tslot, 0xFF, 64 * sizeof *s.tslot);
    memset(s.slot, 0xFF, 1024 * sizeof *s.slot);
    s.smask = 1023;
    int64_t id = node_id(&s, root);
    if (id < 0) {
        rc = (int)id;
        goto out;
    }
    if ((rc = list_positions(&s)))
        goto out;
    res->positions = s.n;
    res->edges = s.nedges;
    /* the hash table is no longer needed: its room goes to the valuing */
    release(&s, &s.slot, s.smask + 1, sizeof *s.slot);
    if ((rc = value_positions(&s, res)) || (rc = report(&s, root, res)))
        goto out;
out:
    res->bytes = s.peak;
    res->seconds = clock_now() - s.t0;
    solver_free(&s);
    return rc;
}
