/* endgamebuild.c: building the endgame databases (endgame.h), one count
 * of seeds on the board at a time, from 0 up.
 *
 * The positions of n seeds are numbered by the perfect index (endgame.c)
 * and handed to the retrograde solver (solve.c, solvecycle.c) as its
 * graph: a move to a position of n seeds is an edge to its number; a move
 * that ends the game, or leaves fewer seeds on the board, is an edge to a
 * value (the margin it takes, plus the value the smaller count's database
 * gives). The solver's components and attractors then value the count,
 * cycles and endless play included, exactly as `solve` would.
 *
 * The moves are listed by threads (SolveOpts.jobs), each with a machine
 * of its own, over a share of the numbers: a first pass counts each
 * position's decisions (the edges' offsets), a second writes them. In a
 * run of several processes (EgDist) each lists its share of the numbers
 * so, and process 0 gathers the moves, values the count, writes the file
 * and sends its values to the others. */
#include "endgameint.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "io.h"
#include "solveint.h"

typedef struct Build {
    const Rules *r;
    const EgBuildOpts *o;
    const char *dir;
    Position tmpl;             /* the shape, with no seeds on the board */
    uint64_t shape;
    EgIndex ix;
    int n;                     /* the count being built */
    uint64_t per;              /* its positions with one player to move */
    const int8_t *val[EG_MAX_SEEDS + 1];   /* the counts built */
    uint64_t per_side[EG_MAX_SEEDS + 1];
    void *map[EG_MAX_SEEDS + 1];
    size_t len[EG_MAX_SEEDS + 1];
    Solver s;
    const EgDist *d;           /* o->dist: several processes, or NULL */
    uint64_t ebase;            /* the number of this process's first edge */
    int8_t *own[EG_MAX_SEEDS + 1];   /* values received (processes but 0) */
    atomic_int failed;         /* a thread's status, or 0 */
    pthread_mutex_t lock;      /* over err */
    char *err;
    size_t errlen;
} Build;

/* The position number `node` of the count being built (the solver's
 * unrank hook). */
static void unrank(const void *ctx, uint64_t node, Position *p)
{
    const Build *b = ctx;
    *p = b->tmpl;
    p->to_move = (uint8_t)(node >= b->per);
    p->last_mover = (uint8_t)!p->to_move;
    eg_unrank(&b->ix, node % b->per, b->n, p->count);
}

/* A thread's failure: the first message is kept. */
static void fail(Build *b, int status, const char *msg)
{
    pthread_mutex_lock(&b->lock);
    if (!atomic_load(&b->failed)) {
        snprintf(b->err, b->errlen, "%s", msg);
        atomic_store(&b->failed, status);
    }
    pthread_mutex_unlock(&b->lock);
}

/* The edge for the position `q` a move led to: its number (n seeds on
 * the board), or TERM and its value; NONE after fail(). */
static uint32_t edge_to(Build *b, const Position *q)
{
    const Solver *s = &b->s;
    const int32_t g = q->store[0] - q->store[1];
    if (q->over) {
        if (q->winner != (g > 0 ? WIN_SOUTH : g < 0 ? WIN_NORTH : WIN_DRAW)) {
            fail(b, MC_EINVAL, "a game ends with a winner other than the player who took more seeds: "
                               "the databases hold margins, which cannot tell the winner here");
            return NONE;
        }
        return TERM | (uint32_t)(g + s->off);
    }
    if (hist_hash_shape(b->r, q) != b->shape) {
        fail(b, MC_EINVAL, "a move leads to a position of another shape than the template (owners, "
                           "flags, phase, round or what else the position holds besides its seeds)");
        return NONE;
    }
    int m = 0;
    for (int h = 0; h < b->r->nholes; h++)
        m += q->count[h];
    if (m > b->n || (m == b->n && g != 0)) {
        fail(b, MC_EINVAL, "a move brings seeds back to the board: endgame databases need games whose "
                           "seeds only leave it");
        return NONE;
    }
    if (m == b->n)
        return (uint32_t)(q->to_move * b->per + eg_rank(&b->ix, q->count, m));
    const int8_t v = b->val[m][q->to_move * b->per_side[m] + eg_rank(&b->ix, q->count, m)];
    if (v == EG_NONE) {
        fail(b, MC_EINVAL, "a move leads to a position where no decision is due");
        return NONE;
    }
    return TERM | (uint32_t)(g + v + s->off);
}

typedef struct Job {
    Build *b;
    uint64_t from, to;
    int fill;                  /* 0: count the decisions; 1: write the edges */
} Job;

/* Lists the moves of the positions from..to-1 (one thread's share). */
static void *list_share(void *arg)
{
    Job *j = arg;
    Build *b = j->b;
    Solver *s = &b->s;
    Vm vm;
    Move moves[MAX_MOVES];
    vm_init(&vm, b->r);
    vm.round_only = 1;
    for (uint64_t i = j->from; i < j->to; i++) {
        if ((i & 1023) == 0 && (atomic_load(&b->failed) || (s->o->stop && *s->o->stop)))
            break;
        Position p;
        unrank(b, i, &p);
        int nm = gen_moves(&vm, &p, moves);
        if (nm < 0) {
            fail(b, nm, mc_status_text(nm));
            break;
        }
        if (!j->fill) {
            s->first[i + 1] = (uint64_t)nm;
            continue;
        }
        for (int k = 0; k < nm; k++) {
            Position q = p;
            int rc = flow_play(&vm, &q, &moves[k], NULL, NULL);
            if (rc < 0) {
                fail(b, rc, mc_status_text(rc));
                return NULL;
            }
            uint32_t e = edge_to(b, &q);
            if (e == NONE)
                return NULL;
            s->edge[s->first[i] - b->ebase + (uint64_t)k] = e;
        }
    }
    return NULL;
}

/* One pass of list_share over the positions lo..hi-1, on the threads. */
static int list_pass(Build *b, int fill, uint64_t lo, uint64_t hi)
{
    Solver *s = &b->s;
    int jobs = s->o->jobs < 1 ? 1 : s->o->jobs > SOLVE_MAX_JOBS ? SOLVE_MAX_JOBS : s->o->jobs;
    pthread_t th[SOLVE_MAX_JOBS];
    Job job[SOLVE_MAX_JOBS];
    int started = 0;
    for (int t = 0; t < jobs; t++) {
        job[t] = (Job){ b, lo + eg_share(hi - lo, t, jobs), lo + eg_share(hi - lo, t + 1, jobs), fill };
        if (pthread_create(&th[started], NULL, list_share, &job[t]))
            list_share(&job[t]);   /* no thread: this one does it */
        else
            started++;
    }
    for (int t = 0; t < started; t++)
        pthread_join(th[t], NULL);
    if (s->o->stop && *s->o->stop)
        return sv_fail(s, MC_EINTR, "interrupted");
    return atomic_load(&b->failed);
}

/* Writes the values of count n (and with a bound the distances `dist`) to
 * DIR/seeds-NN.egdb (a temporary name, then renamed) and maps it back;
 * MC_OK or a status after a message. */
static int write_count(Build *b, const int8_t *v, const uint16_t *dist)
{
    char path[4096];
    EgHeader h;
    const size_t nv = (size_t)(2 * b->per), nd = dist ? nv * sizeof *dist : 0;
    eg_header(b->r, b->shape, b->n, b->per, b->s.o->bound, &h);
    h.crc = io_crc32(io_crc32(0, v, nv), dist, nd);
    eg_path(b->dir, b->n, b->s.o->bound, path, sizeof path);
    const void *part[3] = { &h, v, dist };
    const size_t len[3] = { sizeof h, nv, nd };
    if (!io_write_parts(path, part, len, dist ? 3 : 2, b->err, b->errlen))
        return MC_EINVAL;
    int missing;
    return eg_map(b->dir, b->n, &h, 1, &b->map[b->n], &b->len[b->n], &missing, b->err, b->errlen);
}

/* The figures of a count whose values are built or read. */
static void count_figures(const Build *b, EgLevel *lv)
{
    const int8_t *v = b->val[b->n];
    for (uint64_t i = 0; i < 2 * b->per; i++) {
        if (v[i] == EG_NONE)
            continue;
        const int x = i < b->per ? v[i] : -v[i];
        lv->decisions++;
        if (x > 0)
            lv->ahead++;
        else if (x < 0)
            lv->behind++;
        else
            lv->even++;
    }
}

/* Frees the solver's tables of a count. */
static void free_count(Solver *s)
{
    sv_release(s, &s->first, s->first ? s->n + 1 : 0, sizeof *s->first);
    sv_release(s, &s->mover, s->mover ? s->n : 0, 1);
    sv_release(s, &s->val, s->val ? s->n : 0, sizeof *s->val);
    sv_release(s, &s->rank, s->rank ? s->n : 0, sizeof *s->rank);
    sv_release(s, &s->edge, s->edge ? s->nedges : 0, sizeof *s->edge);
}

/* The status every process agrees on (the worst), in a run of several;
 * this one's alone. */
static int agree(const Build *b, int rc)
{
    return b->d ? b->d->agree(b->d->ctx, rc) : rc;
}

/* Builds the count b->n: lists the moves (this process's share of the
 * positions), values the positions and writes the file (process 0); the
 * values then in b->val[n] on every process. With several processes,
 * every one makes the same calls of b->d in the same order whatever
 * fails: a failure is agreed on before each, and all stop together. */
static int build_count(Build *b, EgLevel *lv)
{
    Solver *s = &b->s;
    const EgDist *d = b->d;
    const int rank = d ? d->rank : 0, size = d ? d->size : 1;
    int rc;
    int8_t *v = NULL;
    uint16_t *dist = NULL;
    uint32_t *counts = NULL;
    SolveResult res;
    memset(&res, 0, sizeof res);
    s->n = 2 * b->per;
    s->seeds = b->n;
    s->off = b->n;
    s->nedges = 0;
    s->bytes = s->peak = 0;
    const uint64_t lo = eg_share(s->n, rank, size), hi = eg_share(s->n, rank + 1, size);
    if (!(rc = sv_grow(s, &s->first, 0, s->n + 1, sizeof *s->first)) && !(rc = sv_grow(s, &s->mover, 0, s->n, 1)) &&
        !(rc = sv_grow(s, &s->val, 0, rank ? 1 : s->n, sizeof *s->val))) {
        s->first[0] = 0;
        for (uint64_t i = 0; i < s->n; i++)   /* (the numbering's) */
            s->mover[i] = (uint8_t)(i >= b->per);
        rc = list_pass(b, 0, lo, hi);
    }
    if (d && !rc && !(counts = malloc((size_t)s->n * sizeof *counts)))
        rc = sv_fail(s, MC_ENOMEM, "out of memory");
    if ((rc = agree(b, rc)))
        goto out;
    if (d) {   /* every process's counts of decisions */
        for (uint64_t i = lo; i < hi; i++)
            counts[i] = (uint32_t)s->first[i + 1];
        if ((rc = d->share_counts(d->ctx, counts, s->n)))
            goto out;
        for (uint64_t i = 0; i < s->n; i++)
            s->first[i + 1] = counts[i];
    }
    for (uint64_t i = 0; i < s->n; i++)
        s->first[i + 1] += s->first[i];
    if (s->first[s->n] >= TERM) {   /* the same on every process */
        rc = sv_fail(s, MC_ENOMEM, "more than 2^31 decisions in one count of seeds");
        goto out;
    }
    /* the edges: all of them on process 0, this share's on the others */
    b->ebase = rank ? s->first[lo] : 0;
    s->nedges = rank ? s->first[hi] - s->first[lo] : s->first[s->n];
    s->nedges += !s->nedges;
    if (!(rc = sv_grow(s, &s->edge, 0, s->nedges, sizeof *s->edge)))
        rc = list_pass(b, 1, lo, hi);
    if ((rc = agree(b, rc)) || (d && (rc = d->gather_edges(d->ctx, s->edge, rank ? NULL : s->edge, s->first, s->n))))
        goto out;
    if (!(v = malloc((size_t)s->n)))
        rc = sv_fail(s, MC_ENOMEM, "out of memory");
    if (!rank && !rc && s->o->bound && !(rc = sv_grow(s, &s->rank, 0, s->n, sizeof *s->rank)) &&
        !(dist = malloc((size_t)s->n * sizeof *dist)))
        rc = sv_fail(s, MC_ENOMEM, "out of memory");
    if (!rank && !rc && !(rc = sv_value_positions(s, &res))) {
        lv->edges = s->first[s->n];
        lv->cyclic = res.cyclic;
        for (uint64_t i = 0; i < s->n; i++) {
            const int none = s->first[i] == s->first[i + 1];
            v[i] = none ? (int8_t)EG_NONE : (int8_t)s->val[i];
            if (dist) {   /* (past the 16 bits: the most, and counted) */
                const uint32_t r = none ? NORANK : s->rank[i];
                dist[i] = r == NORANK ? EG_NODIST : r >= EG_NODIST ? EG_NODIST - 1 : (uint16_t)r;
                lv->far += r != NORANK && r >= EG_NODIST - 1;
                if (r != NORANK && (int)dist[i] > lv->max_dist)
                    lv->max_dist = dist[i];
            }
        }
        rc = write_count(b, v, dist);
    }
    if ((rc = agree(b, rc)) || (d && (rc = d->share_values(d->ctx, v, s->n))))
        goto out;
    if (rank) {
        b->own[b->n] = v;   /* kept: the counts above read it */
        b->val[b->n] = v;
        v = NULL;
    }
out:
    lv->bytes = s->peak;
    if (rank)
        sv_release(s, &s->val, s->val ? 1 : 0, sizeof *s->val);
    free_count(s);
    b->ebase = 0;
    free(counts);
    free(v);
    free(dist);
    return rc;
}

/* The count b->n read back from its file if it is there (process 0
 * checks it, checksum included) and sent to the other processes, else
 * built. 0 or a status. */
static int load_or_build(Build *b, EgLevel *lv)
{
    const int rank = b->d ? b->d->rank : 0;
    int state = 0, missing = 0, rc;   /* state: 1 valid on disk, 0 missing, -1 not valid */
    EgHeader want;
    eg_header(b->r, b->shape, b->n, b->per, b->s.o->bound, &want);
    if (!rank) {
        rc = eg_map(b->dir, b->n, &want, 1, &b->map[b->n], &b->len[b->n], &missing, b->err, b->errlen);
        state = !rc ? 1 : missing ? 0 : -1;
        if (state < 0)
            snprintf(b->err + strlen(b->err), b->errlen - strlen(b->err), " (remove it to build it again)");
        else
            b->err[0] = 0;
    }
    if (b->d && (rc = b->d->bcast_int(b->d->ctx, &state)))
        return rc;
    if (state < 0)
        return rank ? sv_fail(&b->s, MC_EINVAL, "process 0 found a file that is not valid") : MC_EINVAL;
    if (state == 0)
        return build_count(b, lv);
    lv->loaded = 1;
    if (!b->d)
        return MC_OK;
    int8_t *v = rank ? malloc((size_t)(2 * b->per)) : (int8_t *)((EgHeader *)b->map[b->n] + 1);
    rc = agree(b, v ? MC_OK : sv_fail(&b->s, MC_ENOMEM, "out of memory"));
    if (!rc)
        rc = b->d->share_values(b->d->ctx, v, 2 * b->per);
    if (rank && !rc) {
        b->own[b->n] = v;
        b->val[b->n] = v;
    } else if (rank) {
        free(v);
    }
    return rc;
}

/* Prepares the build: the template, the index, the directory. */
static int build_init(Build *b, const Rules *r, const Position *shape, const char *dir, int k, const EgBuildOpts *o,
                      char *err, size_t errlen)
{
    memset(b, 0, sizeof *b);
    b->d = o->dist;
    b->r = r;
    b->o = o;
    b->dir = dir;
    b->err = err;
    b->errlen = errlen;
    pthread_mutex_init(&b->lock, NULL);
    int rc = eg_shape_ok(r, shape, err, errlen);
    if (rc)
        return rc;
    if (k < 0 || k > EG_MAX_SEEDS) {
        snprintf(err, errlen, "endgame databases hold 0 to %d seeds on the board, not %d", EG_MAX_SEEDS, k);
        return MC_EINVAL;
    }
    b->tmpl = *shape;
    memset(b->tmpl.count, 0, sizeof b->tmpl.count);
    b->tmpl.store[0] = b->tmpl.store[1] = 0;
    b->tmpl.plies = 0;
    b->shape = hist_hash_shape(r, &b->tmpl);
    if (eg_index_init(&b->ix, r->nholes, k)) {
        snprintf(err, errlen, "out of memory");
        return MC_ENOMEM;
    }
    if (eg_comp(&b->ix, r->nholes, k) > EG_MAX_SIDE) {   /* before anything is built */
        int most = k;
        while (most > 0 && eg_comp(&b->ix, r->nholes, most) > EG_MAX_SIDE)
            most--;
        snprintf(err, errlen, "%d seeds in %d holes make more than 2^30 positions with one player to move: too "
                              "many for one file (at most %d seeds here)", k, r->nholes, most);
        return MC_EINVAL;
    }
    if ((!b->d || !b->d->rank) && mkdir(dir, 0777) && errno != EEXIST) {
        snprintf(err, errlen, "%s: %s", dir, strerror(errno));
        return MC_EINVAL;
    }
    Solver *s = &b->s;
    s->r = r;
    s->o = o->solve;
    s->err = err;
    s->errlen = errlen;
    s->nh = r->nholes;
    s->margins = 1;
    s->unrank = unrank;
    s->ctx = b;
    s->t0 = solve_clock();
    s->next_report = s->t0 + 1.0;
    vm_init(&s->vm, r);
    s->vm.round_only = 1;
    return MC_OK;
}

int eg_build(const Rules *r, const Position *shape, const char *dir, int k, const EgBuildOpts *o, char *err,
             size_t errlen)
{
    Build *b = malloc(sizeof *b);
    if (!b) {
        snprintf(err, errlen, "out of memory");
        return MC_ENOMEM;
    }
    int rc = agree(b, build_init(b, r, shape, dir, k, o, err, errlen));
    for (int n = 0; n <= k && !rc; n++) {
        EgLevel lv;
        const double t0 = solve_clock();
        memset(&lv, 0, sizeof lv);
        b->n = lv.seeds = n;
        b->per = eg_comp(&b->ix, r->nholes, n);
        lv.positions = 2 * b->per;
        if ((rc = load_or_build(b, &lv)))
            break;
        b->per_side[n] = b->per;
        if (b->map[n]) {   /* process 0 */
            b->val[n] = (const int8_t *)((const EgHeader *)b->map[n] + 1);
            count_figures(b, &lv);
            lv.seconds = solve_clock() - t0;
            if (o->level)
                o->level(o->arg, &lv);
        }
    }
    for (int n = 0; n <= EG_MAX_SEEDS; n++) {   /* (k may be past it: refused) */
        if (b->map[n])
            munmap(b->map[n], b->len[n]);
        free(b->own[n]);
    }
    eg_index_free(&b->ix);
    pthread_mutex_destroy(&b->lock);
    free(b);
    return rc;
}
