/* solvesearch.c: the exact value of a position by search (solve.h's
 * solve_search), for games too large to list every position of: MTD(f),
 * a series of null-window alpha-beta searches to the end of the game,
 * over a transposition table of bounds. Values are South's utilities
 * (solve_utility); South maximises, North minimises, so that an extra
 * turn is no special case. Moves are tried best-looking first: the
 * table's best move, then by the stores after the move. A position that
 * comes back on the line being searched takes the value of the endless
 * play from it (flow_endless), as in the listing method; but the table
 * keeps values found along one line for all, so in games with cycles
 * the result can depend on the order of the search (the graph-history
 * problem): the listing method is exact there, this one is for games
 * whose positions never come back (every move puts a seed into a store
 * or moves seeds on towards one). */
#define _DEFAULT_SOURCE   /* madvise's MADV_HUGEPAGE (Linux; left out elsewhere) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <stdatomic.h>
#include <sys/mman.h>

#include "ai.h"
#include "solve.h"
#include "endgame.h"

#define BUCKET 4

/* An entry of the table, shared by the threads without a lock: `data`
 * packs the bounds lo and hi (24 bits each, offset by BIAS), the best
 * move and the log2 of the work; `check` is the key xor data, so that an
 * entry torn by two threads writing at once is not taken for the key's
 * (Hyatt's lockless hashing). */
typedef struct Entry {
    _Atomic uint64_t check, data;
} Entry;

typedef struct Found {
    int32_t lo, hi;        /* the value lies in lo..hi */
    int best;              /* the index of the best move found (255: none) */
    int work;              /* log2 of the positions searched below */
} Found;

#define BIAS (1 << 23)     /* values lie within +-(4 * MAX_SEEDS + 4) */
#define ABORTED 1          /* Searcher.status: another thread finished */
#define TOO_DEEP 2         /* Searcher.status: a line passed MAX_DEPTH */
#define MAX_DEPTH 1000     /* decisions on a line searched (the C stack
                              holds about 3 KB a decision) */

/* What the threads share: the table, the end of the search. */
typedef struct Shared {
    Entry *tt;
    uint64_t buckets;      /* a power of two */
    atomic_int done;       /* a thread has the root's value */
    atomic_ullong nodes;   /* positions searched by all, now and then */
} Shared;

typedef struct Searcher {
    const Rules *r;
    const SolveOpts *o;
    Vm vm;
    int32_t seeds, inf;
    int apart;             /* opts->stores_apart: positions keyed without
                              their stores, values relative to the margin */
    int bad_end;           /* a game ended against that assumption */
    Shared *sh;
    Entry *tt;             /* sh->tt */
    uint64_t buckets;      /* sh->buckets */
    int id;                /* the thread's number, from 0 */
    int racing;            /* in the threads' search of the root: stops
                              once another thread has its value */
    Position *kids;        /* the children of the positions on the line */
    Move *moves;           /* the moves to them */
    uint64_t *keys;        /* their keys (0: the value is known: the game
                              is over there, or the databases hold it) */
    int32_t *known;        /* that value, counted from base() of the parent */
    int32_t *guess;        /* their guessed worth to the mover */
    size_t nkids, kcap;
    uint64_t path[MAX_DEPTH];   /* the keys of the positions on the line */
    int depth;
    uint64_t nodes;
    int status;
    double t0, next_report;
    int pass;
} Searcher;

/* The table's key of `p` (never 0, which marks an empty entry). */
static inline uint64_t key_of(const Searcher *s, const Position *p)
{
    uint64_t k = s->apart ? hist_hash_board(s->r, p) : hist_hash(s->r, p);
    if (s->r->uses_plies)
        k = (k ^ p->plies) * 0x9E3779B97F4A7C15ull;
    return k ? k : 1;   /* 0 marks an empty entry */
}

/* What a value is counted from at `p`: South's seeds less North's when
 * the stores are kept apart (values are then what the rest of the game
 * adds to the margin), else 0. */
static inline int32_t base(const Searcher *s, const Position *p)
{
    return s->apart ? p->store[0] - p->store[1] : 0;
}

/* The value of a finished game: its utility, or with the stores apart
 * its margin (and the assumption that the larger store wins is checked). */
static int32_t final_value(Searcher *s, const Position *q)
{
    if (!s->apart)
        return solve_utility(s->seeds, q);
    const int32_t m = q->store[0] - q->store[1];
    if (q->winner != (m > 0 ? WIN_SOUTH : m < 0 ? WIN_NORTH : WIN_DRAW)) {
        s->bad_end = 1;
        s->status = MC_EINVAL;
    }
    return m;
}

/* The worth of endless play from `q` (its value, as final_value's), into
 * *v: by the variant's rule, or with a bound (solve.h) the worst end for
 * one side, every seed not yet in a store taken by the other. 0, or a
 * status (also in s->status). */
static int endless_value(Searcher *s, Position *q, int32_t *v)
{
    const int32_t bound = s->o->bound;
    if (bound) {
        const int32_t left = (int32_t)pos_seed_total(s->r, q) - q->store[0] - q->store[1];
        *v = s->apart ? base(s, q) + bound * left : bound * (3 * s->seeds + 1);
        return 0;
    }
    int rc = flow_endless(&s->vm, q);
    if (rc < 0)
        return s->status = rc;
    *v = final_value(s, q);
    return 0;
}

/* 1 and *v, the value of `q` counted from base(q), when the game is
 * over there or the endgame databases hold it; else 0. */
static inline int known(Searcher *s, const Position *q, int32_t *v)
{
    if (q->over) {
        *v = final_value(s, q) - base(s, q);
        return 1;
    }
    return s->o->db && eg_probe(s->o->db, q, v);
}

/* A value as a utility (with the stores apart, a margin is one: the
 * larger store wins). */
static int32_t as_utility(const Searcher *s, int32_t v)
{
    if (!s->apart)
        return v;
    const int32_t range = 2 * s->seeds + 1;
    return v + (v > 0 ? range : v < 0 ? -range : 0);
}

/* What the table holds of `key`: 1 and *f, or 0. */
static inline int probe(const Searcher *s, uint64_t key, Found *f)
{
    Entry *b = s->tt + (key & (s->buckets - 1)) * BUCKET;
    for (int i = 0; i < BUCKET; i++) {
        const uint64_t c = atomic_load_explicit(&b[i].check, memory_order_relaxed);
        const uint64_t d = atomic_load_explicit(&b[i].data, memory_order_relaxed);
        if ((c ^ d) == key) {
            f->lo = (int32_t)(d & 0xFFFFFF) - BIAS;
            f->hi = (int32_t)(d >> 24 & 0xFFFFFF) - BIAS;
            f->best = (int)(d >> 48 & 0xFF);
            f->work = (int)(d >> 56);
            return 1;
        }
    }
    return 0;
}

/* Keeps the bounds lo..hi of `key`'s value, its best move and the work
 * (positions searched) it cost: with the bounds already kept for it, or
 * in place of the bucket's cheapest entry. */
static void store(Searcher *s, uint64_t key, int32_t lo, int32_t hi, int best, uint64_t work)
{
    Entry *b = s->tt + (key & (s->buckets - 1)) * BUCKET, *e = NULL;
    int cheapest = 0, least = 256;
    for (int i = 0; i < BUCKET && !e; i++) {
        const uint64_t c = atomic_load_explicit(&b[i].check, memory_order_relaxed);
        const uint64_t d = atomic_load_explicit(&b[i].data, memory_order_relaxed);
        if ((c ^ d) == key) {   /* the bounds of both searches hold */
            const int32_t olo = (int32_t)(d & 0xFFFFFF) - BIAS, ohi = (int32_t)(d >> 24 & 0xFFFFFF) - BIAS;
            lo = lo > olo ? lo : olo;
            hi = hi < ohi ? hi : ohi;
            e = &b[i];
        } else if ((int)(d >> 56) < least) {
            least = (int)(d >> 56);
            cheapest = i;
        }
    }
    if (!e)   /* the entry that cost least */
        e = &b[cheapest];
    uint64_t w = 0;
    while (work >>= 1)
        w++;
    const uint64_t d = (uint64_t)(uint32_t)(lo + BIAS) | (uint64_t)(uint32_t)(hi + BIAS) << 24 |
                       (uint64_t)(best < 255 ? best : 255) << 48 | w << 56;
    atomic_store_explicit(&e->check, key ^ d, memory_order_relaxed);
    atomic_store_explicit(&e->data, d, memory_order_relaxed);
}

/* Room for `need` children on the stack of the line; 0 or MC_ENOMEM. */
static int grow_kids(Searcher *s, size_t need)
{
    if (need <= s->kcap)
        return 0;
    size_t nc = s->kcap ? s->kcap * 2 : 4096;
    while (nc < need)
        nc *= 2;
    Position *k = realloc(s->kids, nc * sizeof *k);
    if (k)
        s->kids = k;
    Move *m = realloc(s->moves, nc * sizeof *m);
    if (m)
        s->moves = m;
    uint64_t *y = realloc(s->keys, nc * sizeof *y);
    if (y)
        s->keys = y;
    int32_t *g = realloc(s->guess, nc * sizeof *g);
    if (g)
        s->guess = g;
    int32_t *v = realloc(s->known, nc * sizeof *v);
    if (v)
        s->known = v;
    if (!k || !m || !y || !g || !v)
        return MC_ENOMEM;
    s->kcap = nc;
    return 0;
}

/* A stop asked for (s->status), and the progress callback once a second. */
static void report_progress(Searcher *s)
{
    if (s->o->stop && *s->o->stop)
        s->status = MC_EINTR;
    if (s->racing && atomic_load_explicit(&s->sh->done, memory_order_relaxed))
        s->status = ABORTED;   /* another thread has the value */
    const uint64_t all = atomic_fetch_add(&s->sh->nodes, 256) + 256;
    double t = solve_clock();
    if (s->id == 0 && s->o->progress && t >= s->next_report) {
        SolveProgress pr = { SOLVE_SEARCHING, all, (uint64_t)s->pass,
                             (size_t)(s->buckets * BUCKET * sizeof(Entry)), t - s->t0 };
        s->o->progress(s->o->arg, &pr);
        s->next_report = t + 1.0;
    }
}

/* The n children of `p` (whose moves are at s->moves[base_k..]) into
 * s->kids, with their keys and a guess of their worth to the mover, and
 * `order`, best guess first (the table's best move `tt_best` first of
 * all). Returns -1; or the index of a child already known to cut the
 * search off in (alpha, beta) (enhanced transposition cutoff: a finished
 * game, or a bound in the table), with its value from base(p) in *cut;
 * or -2 once s->status is set. */
static int expand(Searcher *s, const Position *p, size_t base_k, int n, int32_t alpha, int32_t beta,
                  int16_t *order, int32_t *cut, int tt_best)
{
    Position *kid = s->kids + base_k;
    uint64_t *ckey = s->keys + base_k;
    int32_t *guess = s->guess + base_k, *value = s->known + base_k;
    const int south = p->to_move == SOUTH;
    for (int k = 0; k < n; k++) {   /* the children, and their entries fetched */
        kid[k] = *p;
        int rc = flow_play(&s->vm, &kid[k], &s->moves[base_k + (size_t)k], NULL, NULL);
        if (rc < 0) {
            s->status = rc;
            return -2;
        }
        if (known(s, &kid[k], &value[k])) {
            value[k] += base(s, &kid[k]) - base(s, p);
            ckey[k] = 0;
        } else {
            ckey[k] = key_of(s, &kid[k]);
            __builtin_prefetch(s->tt + (ckey[k] & (s->buckets - 1)) * BUCKET);
        }
    }
    for (int k = 0; k < n; k++) {
        const int32_t d = base(s, &kid[k]) - base(s, p);
        if (!ckey[k]) {
            const int32_t g = value[k];
            if (s->status)
                return -2;
            if (south ? g >= beta : g <= alpha) {
                *cut = g;
                return k;
            }
            guess[k] = 4 * (south ? g : -g) + 2;
        } else {
            Found c;
            if (probe(s, ckey[k], &c) && (south ? c.lo + d >= beta : c.hi + d <= alpha)) {
                *cut = (south ? c.lo : c.hi) + d;
                return k;
            }
            const int32_t h = 4 * (kid[k].store[0] - kid[k].store[1]) + (kid[k].to_move == p->to_move ? (south ? 2 : -2) : 0);
            guess[k] = south ? h : -h;
        }
        order[k] = (int16_t)k;
    }
    for (int i = 1; i < n; i++)   /* insertion sort, best guess first */
        for (int j = i; j > 0 && guess[order[j]] > guess[order[j - 1]]; j--) {
            int16_t t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    if (tt_best < n) {
        for (int j = 0; j < n; j++)
            if (order[j] == tt_best) {
                memmove(order + 1, order, (size_t)j * sizeof *order);
                order[0] = (int16_t)tt_best;
                break;
            }
    } else if (s->id && n > 1 && ((s->nodes >> 4) + (uint64_t)s->id) % 4 == 0) {
        /* the other threads try another move first now and then, so as
         * not all to search the same positions in the same order */
        int16_t t = order[0];
        order[0] = order[1];
        order[1] = t;
    }
    return -1;
}

/* The value of `p` (counted from base(p)) if it lies in (alpha, beta);
 * else a bound on the side it fails (fail-soft). 0 once s->status is
 * set. The children of the positions on the line are kept in s->kids
 * (with their keys and the moves that lead to them), not on the C stack. */
static int32_t search(Searcher *s, const Position *p, uint64_t key, int32_t alpha, int32_t beta)
{
    if ((++s->nodes & 255) == 0)
        report_progress(s);
    if (s->depth >= MAX_DEPTH)
        s->status = TOO_DEEP;
    if (s->status)
        return 0;
    const uint64_t nodes0 = s->nodes;
    int tt_best = 255;
    int32_t dbv;
    if (s->o->db && eg_probe(s->o->db, p, &dbv))
        return dbv;
    Found e;
    if (probe(s, key, &e)) {
        if (e.lo >= beta)
            return e.lo;
        if (e.hi <= alpha)
            return e.hi;
        if (e.lo == e.hi)
            return e.lo;
        alpha = alpha > e.lo ? alpha : e.lo;
        beta = beta < e.hi ? beta : e.hi;
        tt_best = e.best;
    }
    const size_t base_k = s->nkids;
    int rc = grow_kids(s, base_k + MAX_MOVES);
    if (rc) {
        s->status = rc;
        return 0;
    }
    int n = gen_moves(&s->vm, p, s->moves + base_k);
    if (n <= 0) {
        s->status = n < 0 ? n : MC_EINVAL;
        return 0;
    }
    s->nkids += (size_t)n;
    const int south = p->to_move == SOUTH;
    const int32_t a0 = alpha, b0 = beta;
    int32_t best = south ? -s->inf : s->inf;
    int best_i = 0;
    int16_t order[MAX_MOVES];
    int32_t g;
    const int cut = expand(s, p, base_k, n, alpha, beta, order, &g, tt_best);
    if (cut != -1) {
        s->nkids = base_k;
        if (cut >= 0)
            store(s, key, south ? g : -s->inf, south ? s->inf : g, cut, 1);
        return cut >= 0 ? g : 0;
    }
    best_i = order[0];
    if (s->depth < (int)(sizeof s->path / sizeof *s->path))
        s->path[s->depth] = key;
    s->depth++;
    for (int j = 0; j < n && alpha < beta; j++) {
        const int k = order[j];
        const size_t at = base_k + (size_t)k;   /* (s->kids may move as it grows) */
        int32_t v;
        const int32_t d = base(s, &s->kids[at]) - base(s, p);
        if (!s->keys[at]) {
            v = s->known[at];
        } else {
            const uint64_t qk = s->keys[at];
            int again = 0;
            for (int i = 0; i < s->depth && i < (int)(sizeof s->path / sizeof *s->path) && !again; i++)
                again = s->path[i] == qk;
            Position here = s->kids[at];
            if (again) {
                if ((rc = endless_value(s, &here, &v)) < 0)
                    break;
                v -= base(s, p);
            } else {
                v = d + search(s, &here, qk, alpha - d, beta - d);
            }
        }
        if (s->status)
            break;
        if (south ? v > best : v < best) {
            best = v;
            best_i = k;
        }
        if (south && best > alpha)
            alpha = best;
        if (!south && best < beta)
            beta = best;
    }
    s->depth--;
    s->nkids = base_k;
    if (s->status)
        return 0;
    int32_t lo = -s->inf, hi = s->inf;
    if (best <= a0)
        hi = best;
    else if (best >= b0)
        lo = best;
    else
        lo = hi = best;
    store(s, key, lo, hi, best_i, s->nodes - nodes0);
    return best;
}

/* The exact value of `p` (from base(p)) by MTD(f) from the guess `g`. */
static int32_t mtdf(Searcher *s, const Position *p, int32_t g)
{
    int32_t lo = -s->inf, hi = s->inf;
    const uint64_t key = key_of(s, p);
    while (lo < hi && !s->status) {
        int32_t beta = g == lo ? g + 1 : g;
        s->pass++;
        g = search(s, p, key, beta - 1, beta);
        if (g < beta)
            hi = g;
        else
            lo = g;
    }
    return g;
}

/* Whether the move `m` at `p` keeps the value `v` (a whole game's value,
 * not counted from base()), by a null-window search of the position
 * after it: South's move keeps it if that is worth v or more, North's if
 * it is worth v or less. The position after it in *q, and in *bound what
 * the search proved of its value (v itself if kept, else a bound beyond
 * which it is not). */
static int keeps(Searcher *s, const Position *p, const Move *m, int32_t v, Position *q, int32_t *bound)
{
    *q = *p;
    int rc = flow_play(&s->vm, q, m, NULL, NULL);
    if (rc < 0) {
        s->status = rc;
        return 0;
    }
    const int south = p->to_move == SOUTH;
    const int32_t b = base(s, q), t = v - b;
    int32_t g = q->over ? final_value(s, q)
              : b + (south ? search(s, q, key_of(s, q), t - 1, t) : search(s, q, key_of(s, q), t, t + 1));
    int kept = south ? g >= v : g <= v;
    *bound = kept ? v : g;
    return kept;
}

/* The machine's poll function: a stop asked for. */
static int poll_stop(void *arg)
{
    const volatile sig_atomic_t *stop = arg;
    return *stop != 0;
}

/* A searcher for thread `id` over the shared table; 0 or MC_ENOMEM. */
static int searcher_init(Searcher *s, const Rules *r, const Position *root, const SolveOpts *opts, Shared *sh,
                         int id, double t0)
{
    s->r = r;
    s->o = opts;
    s->sh = sh;
    s->tt = sh->tt;
    s->buckets = sh->buckets;
    s->id = id;
    s->t0 = t0;
    s->next_report = t0 + 1.0;
    vm_init(&s->vm, r);
    s->vm.round_only = 1;
    if (opts->stop)
        vm_set_poll(&s->vm, poll_stop, (void *)opts->stop);
    s->seeds = (int32_t)pos_seed_total(r, root);
    s->inf = 4 * s->seeds + 4;   /* past any value, even shifted by a margin */
    s->apart = opts->stores_apart;
    return grow_kids(s, 4096);
}

/* Frees what searcher_init allocated. */
static void searcher_free(Searcher *s)
{
    free(s->kids);
    free(s->moves);
    free(s->keys);
    free(s->guess);
    free(s->known);
}

typedef struct Job {
    Searcher *s;
    const Position *root;
    int32_t guess;         /* where MTD(f) starts */
    int32_t value;         /* the root's, from base(root) */
} Job;

/* Where MTD(f) starts, from base(root): a guess of the value by the
 * alphabeta player at fixed depths 2, 4, ... 10, each deeper one tried
 * while the time taken so far promises it within about a second (its
 * score is the stores' difference where it stops, for the player to
 * move); 0 when it finds a forced end (its score is then no margin) or
 * cannot search. A better guess saves whole passes; any guess gives the
 * same value. */
static int32_t first_guess(const Searcher *s, const Position *root)
{
    int64_t score = 0;
    const double t0 = solve_clock();
    for (int depth = 2; depth <= 10; depth += 2) {
        AiSpec spec;
        char text[40], err[100];
        snprintf(text, sizeof text, "alphabeta:depth=%d", depth);
        Ai *ai = ai_parse(text, &spec, err, sizeof err) ? ai_new(s->r, &spec, 1) : NULL;
        if (!ai)
            break;
        AiStats st;
        const int k = ai_choose(ai, root, &st, s->o->stop);
        ai_free(ai);
        if (k < 0 || st.score >= s->seeds || st.score <= -s->seeds)
            break;
        score = st.score;
        if ((solve_clock() - t0) * 8 > 1.0)   /* the next depth would take too long */
            break;
    }
    const int32_t m = (int32_t)(root->to_move == SOUTH ? score : -score);   /* South's stores less North's */
    return s->apart ? m - base(s, root) : m + (m > 0 ? 2 * s->seeds + 1 : m < 0 ? -2 * s->seeds - 1 : 0);
}

/* A thread: MTD(f) on the root; the first to finish says so. */
static void *worker(void *arg)
{
    Job *job = arg;
    job->s->racing = 1;
    int32_t v = mtdf(job->s, job->root, job->guess);
    job->s->racing = 0;
    if (!job->s->status) {
        job->value = v;
        atomic_store(&job->s->sh->done, 1);
    }
    return NULL;
}

/* The table: the largest power of two of buckets within opts->memory,
 * zeroed by the system as its pages are first touched (a small search
 * touches few), in pages of 2 MiB where the system allows (its reads are
 * random: fewer misses of the address cache); 0 or MC_ENOMEM. */
static int table_new(Shared *sh, size_t memory)
{
    sh->buckets = 1;
    while (sh->buckets * 2 * BUCKET * sizeof(Entry) <= memory)
        sh->buckets *= 2;
    const size_t bytes = sh->buckets * BUCKET * sizeof(Entry);
    sh->tt = calloc(sh->buckets * BUCKET, sizeof(Entry));
    if (!sh->tt)
        return MC_ENOMEM;
#ifdef MADV_HUGEPAGE
    const uintptr_t huge = (uintptr_t)2 << 20, a = ((uintptr_t)sh->tt + huge - 1) & ~(huge - 1),
                    b = ((uintptr_t)sh->tt + bytes) & ~(huge - 1);
    if (b > a)   /* the whole 2 MiB pages inside it */
        madvise((void *)a, b - a, MADV_HUGEPAGE);
#endif
    atomic_init(&sh->done, 0);
    atomic_init(&sh->nodes, 0);
    return 0;
}

/* Which moves of the root keep the value `v` (the others get a bound),
 * and a best line, by searcher `s`: it stops where the game ends, where
 * no move keeps the value (endless play from there is worth it), or where
 * a position of the line comes back. */
static void best_moves(Searcher *s, const Position *root, int32_t v, SolveResult *res)
{
    res->nmoves = gen_moves(&s->vm, root, res->moves);
    for (int k = 0; k < res->nmoves && !s->status; k++) {
        Position q;
        int32_t b;
        int kept = keeps(s, root, &res->moves[k], v, &q, &b);
        res->move_value[k] = solve_outcome(s->seeds, as_utility(s, b));
        res->move_bound[k] = kept ? 0 : root->to_move == SOUTH ? 1 : -1;
    }
    Position p = *root;
    uint64_t seen[SOLVE_MAX_LINE];   /* the keys of the line's positions */
    uint64_t key = key_of(s, &p);    /* p's */
    res->line_end = 2;
    while (!s->status && res->nline < SOLVE_MAX_LINE) {
        Move moves[MAX_MOVES];
        int n = gen_moves(&s->vm, &p, moves), k;
        Position q;
        int32_t b;
        for (k = 0; k < n && !s->status; k++)
            if (keeps(s, &p, &moves[k], v, &q, &b))
                break;
        if (!s->status && k == n)   /* the value is that of endless play from here */
            res->line_end = 1;
        if (s->status || k == n)
            break;
        seen[res->nline] = key;
        res->line[res->nline] = moves[k];
        res->line_mover[res->nline++] = p.to_move;
        if (q.over) {
            res->line_end = 0;
            break;
        }
        p = q;
        key = key_of(s, &p);
        int again = 0;
        for (int i = 0; i < res->nline && !again; i++)
            again = seen[i] == key;
        if (again) {   /* a position of the line comes back */
            res->line_end = 1;
            break;
        }
    }
}

int solve_search(const Rules *r, const Position *root, const SolveOpts *opts, SolveResult *res, char *err,
                 size_t errlen)
{
    const double t0 = solve_clock();
    const int jobs = opts->jobs < 1 ? 1 : opts->jobs > SOLVE_MAX_JOBS ? SOLVE_MAX_JOBS : opts->jobs;
    Shared sh = { 0 };
    Searcher *s = calloc((size_t)jobs, sizeof *s);
    memset(res, 0, sizeof *res);
    res->to_move = root->to_move;
    int rc = MC_OK, started = 0;
    const int32_t seeds = (int32_t)pos_seed_total(r, root);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return MC_ENOMEM;
    }
    if (root->over) {
        res->value = solve_outcome(seeds, solve_utility(seeds, root));
        goto out;
    }
    if (pos_chance(r, root)) {
        snprintf(err, errlen, "the position is decided by lot (a chance): solve from a position after the lot");
        rc = MC_EINVAL;
        goto out;
    }
    if (opts->stores_apart && rules_stores_bound(r)) {
        snprintf(err, errlen, "the stores cannot be kept apart: the rules %s", rules_stores_bound(r));
        rc = MC_EINVAL;
        goto out;
    }
    if (table_new(&sh, opts->memory)) {
        snprintf(err, errlen, "out of memory (a table of %zu MB)", opts->memory >> 20);
        rc = MC_ENOMEM;
        goto out;
    }
    for (int i = 0; i < jobs; i++)
        if (searcher_init(&s[i], r, root, opts, &sh, i, t0)) {
            snprintf(err, errlen, "out of memory");
            rc = MC_ENOMEM;
            goto out;
        }
    Job job[SOLVE_MAX_JOBS];
    pthread_t th[SOLVE_MAX_JOBS];
    const int32_t guess = first_guess(&s[0], root);
    for (int i = 0; i < jobs; i++)
        job[i] = (Job){ &s[i], root, guess, 0 };
    for (started = 1; started < jobs; started++)   /* thread 0 is this one */
        if (pthread_create(&th[started], NULL, worker, &job[started]))
            break;
    worker(&job[0]);
    for (int i = 1; i < started; i++)
        pthread_join(th[i], NULL);
    int32_t v = 0, have = 0;
    for (int i = 0; i < jobs && !have; i++)
        if (!s[i].status) {
            v = job[i].value;
            have = 1;
        }
    for (int i = 0; i < jobs && !rc; i++)   /* a failure, or a stop asked for */
        if (s[i].status && s[i].status != ABORTED)
            rc = s[i].status;
    if (!rc && have) {   /* the best moves by searcher 0, over the table all filled */
        v += base(&s[0], root);
        s[0].status = 0;
        best_moves(&s[0], root, v, res);
        rc = s[0].status;
    }
    if (rc) {
        int bad = 0;
        for (int i = 0; i < jobs; i++)
            bad |= s[i].bad_end;
        snprintf(err, errlen, "%s",
                 bad ? "a game ended with a winner other than the larger store: the stores cannot be kept apart"
                 : rc == MC_EINTR  ? "interrupted"
                 : rc == TOO_DEEP ? "a line of play passed 1000 decisions: too deep for the search (the listing "
                                    "method has no such bound)"
                                  : mc_status_text(rc));
        if (rc == TOO_DEEP)
            rc = MC_EINVAL;
        goto out;
    }
    res->value = solve_outcome(seeds, as_utility(&s[0], v));
    res->searched = 1;
    res->bytes = sh.buckets * BUCKET * sizeof(Entry);
    for (int i = 0; i < jobs; i++) {
        res->positions += s[i].nodes;
        res->bytes += s[i].kcap * (sizeof(Position) + sizeof(Move) + 12);
    }
out:
    res->seconds = solve_clock() - t0;
    free(sh.tt);
    for (int i = 0; i < jobs; i++)
        searcher_free(&s[i]);
    free(s);
    return rc;
}
