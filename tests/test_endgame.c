/* test_endgame: the endgame databases (interpreter/endgame.c,
 * endgamebuild.c).
 * - the perfect index against an enumeration of the compositions written
 *   here, and counts worked out by hand (binomial coefficients);
 * - Oware endings worked out by hand from the rules (feeding, the grand
 *   slam that captures nothing, the player who cannot feed);
 * - every database value of a sample of Oware and Kalah positions against
 *   the retrograde solver run from that position (solve.c, which lists
 *   only the positions reachable from it);
 * - the search with databases against the search without them;
 * - alphabeta with the databases keeps the outcome of every position
 *   sampled from them, and counts the game's history (a worked ending);
 * - refusals: a damaged file, another variant, a missing directory, a
 *   game whose positions change shape. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "ai.h"
#include "endgameint.h"
#include "engine.h"
#include "solve.h"
#include "testlib.h"

static const SolveOpts OPTS = { (size_t)512 << 20, NULL, NULL, NULL, 2, 1, NULL, NULL, 0 };

/* A fresh directory under /tmp, into buf. */
static void temp_dir(char *buf, size_t n)
{
    snprintf(buf, n, "/tmp/mancala-eg-XXXXXX");
    assert_non_null(mkdtemp(buf));
}

/* Removes the databases of counts 0..k (and a temporary file) and the directory. */
static void remove_dir(const char *dir, int k)
{
    char path[4200];
    for (int n = 0; n <= k; n++)
        for (int bound = SOLVE_LOWER; bound <= SOLVE_UPPER; bound++) {
            eg_path(dir, n, bound, path, sizeof path);
            unlink(path);
        }
    rmdir(dir);
}

/* The start of `r`. */
static Position start_of(const Rules *r)
{
    Vm vm;
    Position p;
    vm_init(&vm, r);
    flow_start(&vm, &p, NULL);
    return p;
}

/* eg_build of `r` to k seeds into `dir` from the start, of values or of
 * a bound (SolveOpts.bound): its status. */
static int try_build_bound(const Rules *r, const char *dir, int k, int bound, char *err, size_t errlen)
{
    Position p = start_of(r);
    SolveOpts so = OPTS;
    so.bound = bound;
    EgBuildOpts o = { &so, NULL, NULL, NULL };
    return eg_build(r, &p, dir, k, &o, err, errlen);
}

static int try_build(const Rules *r, const char *dir, int k, char *err, size_t errlen)
{
    return try_build_bound(r, dir, k, 0, err, errlen);
}

/* Builds the databases of `r` to k seeds into `dir` from the start. */
static void build(const Rules *r, const char *dir, int k)
{
    char err[4400] = "";
    if (try_build(r, dir, k, err, sizeof err) != MC_OK)
        fail_msg("eg_build: %s", err);
}

static EgDb *open_bound(const Rules *r, const char *dir, int bound)
{
    Position p = start_of(r);
    char err[4400] = "";
    EgDb *db = NULL;
    if (eg_open(r, &p, dir, bound, &db, err, sizeof err) != MC_OK)
        fail_msg("eg_open: %s", err);
    return db;
}

static EgDb *open_db(const Rules *r, const char *dir)
{
    return open_bound(r, dir, 0);
}

/* The built-in `name`, its databases to k seeds built into a fresh
 * directory (into dir) and opened (into *db). */
static Rules *built(const char *name, int k, char *dir, size_t n, EgDb **db)
{
    Rules *r = test_builtin(name, NULL, 0);
    assert_non_null(r);
    temp_dir(dir, n);
    build(r, dir, k);
    *db = open_db(r, dir);
    return r;
}

/* ---- the index ------------------------------------------------------------------- */

/* Every composition of n into 4 parts, in lexicographic order, is ranked
 * by its place in that order, and unranked back. */
static void test_endgame_index(void **state)
{
    (void)state;
    EgIndex ix;
    assert_int_equal(eg_index_init(&ix, 4, 9), MC_OK);
    for (int n = 0; n <= 9; n++) {
        uint64_t at = 0;
        for (int a = 0; a <= n; a++)
            for (int b = 0; a + b <= n; b++)
                for (int c = 0; a + b + c <= n; c++) {
                    uint16_t cnt[4] = { (uint16_t)a, (uint16_t)b, (uint16_t)c, (uint16_t)(n - a - b - c) }, back[4];
                    assert_int_equal(eg_rank(&ix, cnt, n), at);
                    eg_unrank(&ix, at, n, back);
                    assert_memory_equal(cnt, back, sizeof cnt);
                    at++;
                }
        /* C(n + 3, 3) */
        assert_int_equal(at, (uint64_t)(n + 3) * (n + 2) * (n + 1) / 6);
        assert_int_equal(eg_comp(&ix, 4, n), at);
    }
    eg_index_free(&ix);
    /* Oware's 12 holes: C(31, 11) positions of 20 seeds with one player to
     * move, C(15, 11) = 1365 of 4; 48 seeds: C(59, 11) */
    assert_int_equal(eg_count(12, 20), 84672315u);
    assert_int_equal(eg_count(12, 4), 1365u);
    assert_int_equal(eg_count(12, 48), 279871768995ull);
    assert_int_equal(eg_count(1, 7), 1u);
    assert_int_equal(eg_count(0, 0), 1u);
    assert_int_equal(eg_count(0, 3), 0u);
}

/* ---- Oware by hand ---------------------------------------------------------------- */

/* An Oware position with no seeds in the stores. */
static Position oware_at(const Rules *r, const int c[12], int to_move)
{
    Vm vm;
    Position p;
    vm_init(&vm, r);
    flow_start(&vm, &p, NULL);
    for (int i = 0; i < 12; i++)
        p.count[i] = (uint16_t)c[i];
    p.store[0] = p.store[1] = 0;
    p.to_move = (uint8_t)to_move;
    p.last_mover = (uint8_t)!to_move;
    return p;
}

static int32_t probe_ok(const EgDb *db, const Position *p)
{
    int32_t m = 99;
    assert_int_equal(eg_probe(db, p, &m), 1);
    return m;
}

static void test_endgame_oware_by_hand(void **state)
{
    (void)state;
    char dir[64];
    EgDb *db;
    Rules *r = built("oware", 4, dir, sizeof dir, &db);
    assert_int_equal(eg_seeds(db), 4);
    /* One seed, in South's last hole, North's row empty: South must feed
     * North (he can); North then holds it in his first hole, cannot feed
     * South, and the game ends with North taking it: -1. */
    const int one[12] = { 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0 };
    Position p = oware_at(r, one, SOUTH);
    assert_int_equal(probe_ok(db, &p), -1);
    /* The same seed with North to move: he has none and no decision is due
     * (the game is over there). */
    p = oware_at(r, one, NORTH);
    int32_t m;
    assert_int_equal(eg_probe(db, &p, &m), 0);
    /* North's mirror: his last hole, South's row empty: +1. */
    const int one_n[12] = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1 };
    p = oware_at(r, one_n, NORTH);
    assert_int_equal(probe_ok(db, &p), 1);
    /* South 1 in his last hole, North 1 in his first: South's seed makes
     * it 2, but taking it would leave North no seed (a grand slam, which
     * captures nothing); North then has 2 in his first hole, cannot reach
     * South's row, and takes both: -2. */
    const int two[12] = { 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0 };
    p = oware_at(r, two, SOUTH);
    assert_int_equal(probe_ok(db, &p), -2);
    /* With one more North seed in his last hole the 2 are taken (+2);
     * North must feed with his last seed, into South's first hole; South
     * cannot feed and takes it (+1): +3. */
    const int three[12] = { 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1 };
    p = oware_at(r, three, SOUTH);
    assert_int_equal(probe_ok(db, &p), 3);
    /* Not held: more seeds than the databases', stores aside. */
    const int five[12] = { 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0 };
    p = oware_at(r, five, NORTH);
    assert_int_equal(eg_probe(db, &p, &m), 0);
    p = oware_at(r, three, SOUTH);
    p.store[0] = 20;
    p.store[1] = 25;
    assert_int_equal(probe_ok(db, &p), 3);   /* the stores are not read */
    eg_close(db);
    remove_dir(dir, 4);
    rules_free(r);
}

/* Position i of count n (n seeds on the board) of the numbering, the rest
 * as in `start`, the stores empty. */
static Position numbered(const EgIndex *ix, const Position *start, int n, uint64_t i)
{
    const uint64_t per = eg_comp(ix, ix->holes, n);
    Position q = *start;
    q.to_move = (uint8_t)(i >= per);
    q.last_mover = (uint8_t)!q.to_move;
    q.store[0] = q.store[1] = 0;
    eg_unrank(ix, i % per, n, q.count);
    return q;
}

/* ---- bounds ---------------------------------------------------------------------- */

/* Databases built with a bound hold, for each position, the most South can
 * force by ending the game (lower) and the least North can (upper): worked
 * by hand on two Oware endings, and lower <= value <= upper everywhere. */
static void test_endgame_bounds(void **state)
{
    (void)state;
    enum { K = 5 };
    static const int bounds[3] = { SOLVE_LOWER, 0, SOLVE_UPPER };
    Rules *r = test_builtin("oware", NULL, 0);
    assert_non_null(r);
    char dir[3][64], err[4400] = "";
    EgDb *db[3];
    for (int b = 0; b < 3; b++) {
        temp_dir(dir[b], sizeof dir[b]);
        if (try_build_bound(r, dir[b], K, bounds[b], err, sizeof err) != MC_OK)
            fail_msg("eg_build: %s", err);
        db[b] = open_bound(r, dir[b], bounds[b]);
    }
    /* One seed each, in South's last hole and North's last, South to move:
     * every move is forced (South feeds North's first hole, North must
     * feed South from his last...), the seeds go round and nobody can end
     * the game. The repetition rule gives each his own seed: 0. Counted as
     * South's worst end, North takes both: -2; as North's worst, +2. */
    const int cycle[12] = { 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1 };
    Position p = oware_at(r, cycle, SOUTH);
    assert_int_equal(probe_ok(db[0], &p), -2);
    assert_int_equal(probe_ok(db[1], &p), 0);
    assert_int_equal(probe_ok(db[2], &p), 2);
    /* The ending of test_endgame_oware_by_hand worth +3: no position comes
     * back, so both bounds are the value. */
    int dist;
    int32_t m;
    assert_int_equal(eg_probe_dist(db[0], &p, &m, &dist), 1);
    assert_int_equal(dist, -1);   /* nobody forces an end */
    const int three[12] = { 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1 };
    p = oware_at(r, three, SOUTH);
    for (int b = 0; b < 3; b++)
        assert_int_equal(probe_ok(db[b], &p), 3);
    /* South takes the 2 at once, a capture: one move to the end, for both
     * bounds (North's too: it is South's move that ends it) */
    for (int b = 0; b < 3; b += 2) {
        assert_int_equal(eg_probe_dist(db[b], &p, &m, &dist), 1);
        assert_int_equal(dist, 1);
    }
    /* values have no distance */
    assert_int_equal(eg_probe_dist(db[1], &p, &m, &dist), 1);
    assert_int_equal(dist, -1);

    /* every position: lower <= value <= upper, and the bounds part at some */
    EgIndex ix;
    assert_int_equal(eg_index_init(&ix, r->nholes, K), MC_OK);
    uint64_t held = 0, apart = 0;
    Position start = start_of(r);
    for (int n = 1; n <= K; n++) {
        const uint64_t per = eg_comp(&ix, r->nholes, n);
        for (uint64_t i = 0; i < 2 * per; i++) {
            Position q = numbered(&ix, &start, n, i);
            int32_t v[3];
            int h = eg_probe(db[1], &q, &v[1]);
            assert_int_equal(eg_probe(db[0], &q, &v[0]), h);
            assert_int_equal(eg_probe(db[2], &q, &v[2]), h);
            if (!h)
                continue;
            held++;
            if (v[0] > v[1] || v[1] > v[2])
                fail_msg("count %d, index %llu: %d <= %d <= %d fails", n, (unsigned long long)i, v[0], v[1], v[2]);
            apart += v[0] < v[2];
        }
    }
    assert_true(held > 1000);
    assert_true(apart > 0 && apart < held);
    /* the distances: where the bound's side forces an end, he has a move
     * (his opponent: every move) that keeps the bound and either ends
     * there (a capture, the game's end) or lowers the distance */
    Vm vm;
    vm_init(&vm, r);
    uint64_t forced = 0;
    for (int b = 0; b < 3; b += 2) {
        const int side = b == 0 ? SOUTH : NORTH, sign = side == SOUTH ? 1 : -1;
        for (int n = 1; n <= K; n++) {
            const uint64_t per = eg_comp(&ix, r->nholes, n);
            for (uint64_t i = 0; i < 2 * per; i++) {
                Position q = numbered(&ix, &start, n, i);
                int32_t target;
                int d;
                if (!eg_probe_dist(db[b], &q, &target, &d) || d < 0)
                    continue;
                forced++;
                Move mv[MAX_MOVES];
                const int nm = gen_moves(&vm, &q, mv);
                int good = 0;
                for (int k = 0; k < nm; k++) {
                    Position after = q;
                    assert_true(flow_play(&vm, &after, &mv[k], NULL, NULL) >= 0);
                    int32_t rest = 0, v;
                    int dq = -1, left = 0;
                    for (int h = 0; h < r->nholes; h++)
                        left += after.count[h];
                    if (!after.over)
                        assert_true(eg_probe_dist(db[b], &after, &rest, &dq));
                    v = after.store[0] - after.store[1] + rest;
                    const int ok = sign * v >= sign * target && (after.over || left < n || (dq >= 0 && dq < d));
                    good += ok;
                    if (!ok && q.to_move != side)
                        fail_msg("%s bound, count %d, index %llu: a move of the opponent's escapes", b ? "upper" : "lower",
                                 n, (unsigned long long)i);
                }
                if (!good)
                    fail_msg("%s bound, count %d, index %llu: no move keeps the bound and makes progress",
                             b ? "upper" : "lower", n, (unsigned long long)i);
            }
        }
    }
    assert_true(forced > held / 2);
    eg_index_free(&ix);
    /* each kind has its own files (seeds-NN-lower.egdb, ...), and a file
     * given another kind's name is refused by its header */
    Position s0 = start_of(r);
    EgDb *none = NULL;
    assert_true(eg_exists(dir[0], SOLVE_LOWER) && !eg_exists(dir[0], 0) && !eg_exists(dir[0], SOLVE_UPPER));
    assert_int_equal(eg_open(r, &s0, dir[0], 0, &none, err, sizeof err), MC_EINVAL);
    assert_non_null(strstr(err, "seeds-00.egdb"));
    char from[4200], to[4200];
    for (int n = 0; n <= K; n++) {   /* the lower bounds under the upper ones' names */
        eg_path(dir[0], n, SOLVE_LOWER, from, sizeof from);
        eg_path(dir[0], n, SOLVE_UPPER, to, sizeof to);
        assert_int_equal(rename(from, to), 0);
    }
    assert_int_equal(eg_open(r, &s0, dir[0], SOLVE_UPPER, &none, err, sizeof err), MC_EINVAL);
    assert_non_null(strstr(err, "holds lower bounds (--bound lower), not upper bounds"));
    eg_path(dir[1], 0, 0, from, sizeof from);
    eg_path(dir[1], 0, SOLVE_LOWER, to, sizeof to);
    assert_int_equal(rename(from, to), 0);
    assert_int_equal(eg_open(r, &s0, dir[1], SOLVE_LOWER, &none, err, sizeof err), MC_EINVAL);
    assert_non_null(strstr(err, "holds values, not lower bounds"));
    assert_null(none);
    for (int b = 0; b < 3; b++) {
        eg_close(db[b]);
        remove_dir(dir[b], K);
    }
    rules_free(r);
}

/* ---- against the retrograde solver ---------------------------------------------- */

/* Every `step`-th position of counts 1..k, where a decision is due: the
 * databases' value equals the solver's margin from that position (empty
 * stores: the larger store wins, and no rule on the stores fires). */
static void against_solver(Rules *r, int k, uint64_t step)
{
    char dir[64];
    temp_dir(dir, sizeof dir);
    build(r, dir, k);
    EgDb *db = open_db(r, dir);
    EgIndex ix;
    assert_int_equal(eg_index_init(&ix, r->nholes, k), MC_OK);
    SolveResult *res = malloc(sizeof *res);
    assert_non_null(res);
    Vm vm;
    Position start;
    vm_init(&vm, r);
    flow_start(&vm, &start, NULL);
    int compared = 0;
    for (int n = 1; n <= k; n++) {
        const uint64_t per = eg_comp(&ix, r->nholes, n);
        for (uint64_t i = (uint64_t)n % step; i < 2 * per; i += step) {
            Position p = numbered(&ix, &start, n, i);
            Move mv[MAX_MOVES];
            int32_t m;
            const int held = eg_probe(db, &p, &m);
            assert_int_equal(held, gen_moves(&vm, &p, mv) > 0);
            if (!held)
                continue;
            char err[200] = "";
            if (solve_position(r, &p, &OPTS, res, err, sizeof err) != MC_OK)
                fail_msg("solve: %s", err);
            if (res->value.margin != m)
                fail_msg("count %d, index %llu: the databases say %d, the solver %d", n, (unsigned long long)i, m,
                         res->value.margin);
            compared++;
        }
    }
    assert_true(compared > 20);
    free(res);
    eg_index_free(&ix);
    eg_close(db);
    remove_dir(dir, k);
}

static void test_endgame_equals_solver(void **state)
{
    (void)state;
    Rules *r = test_builtin("oware", NULL, 0);
    against_solver(r, 7, 1009);
    rules_free(r);
    const char *slam[] = { "grand-slam=capture" };
    r = test_builtin("oware", slam, 1);
    against_solver(r, 6, 409);
    rules_free(r);
    r = test_builtin("awari", NULL, 0);
    against_solver(r, 6, 401);
    rules_free(r);
    r = test_builtin("kalah", NULL, 0);
    against_solver(r, 7, 1013);
    rules_free(r);
}

/* ---- the search with the databases --------------------------------------------- */

/* Kalah positions of 10 seeds on the board (none of 8 and fewer are
 * searched, the databases hold them): the search's value with them
 * equals its value without. */
static void test_endgame_in_search(void **state)
{
    (void)state;
    char dir[64];
    EgDb *db;
    Rules *r = built("kalah", 8, dir, sizeof dir, &db);
    Vm vm;
    Position p;
    vm_init(&vm, r);
    flow_start(&vm, &p, NULL);
    static const int rows[4][12] = {
        { 1, 0, 2, 0, 0, 3, 0, 1, 0, 2, 1, 0 },
        { 0, 0, 0, 4, 0, 1, 2, 0, 0, 0, 3, 0 },
        { 2, 2, 0, 0, 1, 0, 0, 1, 1, 0, 0, 3 },
        { 0, 1, 0, 0, 0, 6, 1, 0, 0, 0, 2, 0 },
    };
    SolveResult *a = malloc(sizeof *a), *b = malloc(sizeof *b);
    assert_non_null(a);
    assert_non_null(b);
    for (int t = 0; t < 4; t++) {
        for (int i = 0; i < 12; i++)
            p.count[i] = (uint16_t)rows[t][i];
        p.store[0] = 30;
        p.store[1] = 28;
        p.to_move = (uint8_t)(t & 1);
        p.last_mover = (uint8_t)!p.to_move;
        SolveOpts with = OPTS;
        with.memory = (size_t)16 << 20;
        with.db = db;
        SolveOpts without = with;
        without.db = NULL;
        char err[200] = "";
        assert_int_equal(solve_search(r, &p, &without, a, err, sizeof err), MC_OK);
        assert_int_equal(solve_search(r, &p, &with, b, err, sizeof err), MC_OK);
        assert_int_equal(a->value.winner, b->value.winner);
        assert_int_equal(a->value.margin, b->value.margin);
        assert_true(b->positions < a->positions);
    }
    free(a);
    free(b);
    eg_close(db);
    remove_dir(dir, 8);
    rules_free(r);
}

/* ---- the player with the databases ------------------------------------------------ */

/* Sign of an integer. */
static int sign(int32_t x)
{
    return (x > 0) - (x < 0);
}

/* The value (South's margin to come) of the move `m` at `p` (empty
 * stores) by the databases: what it takes, and what they give after it. */
static int32_t after_move(Vm *vm, const EgDb *db, const Position *p, const Move *m)
{
    Position q = *p;
    int32_t rest = 0;
    assert_true(flow_play(vm, &q, m, NULL, NULL) >= 0);
    if (!q.over)
        assert_int_equal(eg_probe(db, &q, &rest), 1);
    return q.store[0] - q.store[1] + rest;
}

/* alphabeta `depth` plies deep with the databases in `dir`. */
static Ai *db_player(const Rules *r, const char *dir, int depth)
{
    char spec_text[128], err[4400] = "";
    AiSpec spec;
    snprintf(spec_text, sizeof spec_text, "alphabeta:depth=%d:db=%s", depth, dir);
    assert_int_equal(ai_parse(spec_text, &spec, err, sizeof err), 1);
    Ai *ai = ai_new_err(r, &spec, 1, err, sizeof err);
    if (!ai)
        fail_msg("ai_new_err: %s", err);
    return ai;
}

/* alphabeta one ply deep with the databases: from every sampled position
 * they hold, the move it chooses has the best outcome (win, draw or loss
 * for the mover) of all the moves there, valued by the databases. (Not
 * always the position's own value: where that is the worth of endless
 * play from it, the moves that go round have values of their own, as the
 * repetition would end the play at another position.) */
static void test_endgame_player(void **state)
{
    (void)state;
    char dir[64];
    EgDb *db;
    Rules *r = built("oware", 6, dir, sizeof dir, &db);
    Ai *ai = db_player(r, dir, 1);
    EgIndex ix;
    assert_int_equal(eg_index_init(&ix, 12, 6), MC_OK);
    Vm vm;
    Position start;
    vm_init(&vm, r);
    flow_start(&vm, &start, NULL);
    int checked = 0;
    for (int n = 2; n <= 6; n++)
        for (uint64_t i = 0; i < 2 * eg_comp(&ix, 12, n); i += 37) {
            Position p = start;
            p.to_move = (uint8_t)(i >= eg_comp(&ix, 12, n));
            p.last_mover = (uint8_t)!p.to_move;
            p.store[0] = p.store[1] = 0;
            eg_unrank(&ix, i % eg_comp(&ix, 12, n), n, p.count);
            int32_t v;
            if (!eg_probe(db, &p, &v))
                continue;
            Move mv[MAX_MOVES];
            AiStats st;
            int nm = gen_moves(&vm, &p, mv), k = ai_choose(ai, &p, &st, NULL), best = -2;
            assert_true(k >= 0 && k < nm);
            for (int j = 0; j < nm; j++) {
                int o = sign(after_move(&vm, db, &p, &mv[j])) * (p.to_move == SOUTH ? 1 : -1);
                best = o > best ? o : best;
            }
            const int chosen = sign(after_move(&vm, db, &p, &mv[k])) * (p.to_move == SOUTH ? 1 : -1);
            if (chosen != best)
                fail_msg("count %d, index %llu: the best move's outcome %d, the move chosen %d", n,
                         (unsigned long long)i, best, chosen);
            checked += sign(v) * (p.to_move == SOUTH ? 1 : -1) == best;
        }
    assert_true(checked > 100);
    /* a directory without databases: the player cannot be made */
    char spec_text[128], err[4400] = "";
    AiSpec spec;
    snprintf(spec_text, sizeof spec_text, "alphabeta:depth=1:db=%s/none", dir);
    assert_int_equal(ai_parse(spec_text, &spec, err, sizeof err), 1);
    assert_null(ai_new_err(r, &spec, 1, err, sizeof err));
    assert_non_null(strstr(err, "seeds-00.egdb"));
    /* db is alphabeta's */
    assert_int_equal(ai_parse("mcts:db=x", &spec, err, sizeof err), 0);
    ai_free(ai);
    eg_index_free(&ix);
    eg_close(db);
    remove_dir(dir, 6);
    rules_free(r);
}

/* The index of the move of `p` after which the position is `q` (hist_same). */
static int move_to(Vm *vm, const Rules *r, const Position *p, const Position *q)
{
    Move mv[MAX_MOVES];
    const int n = gen_moves(vm, p, mv);
    for (int k = 0; k < n; k++) {
        Position x = *p;
        assert_true(flow_play(vm, &x, &mv[k], NULL, NULL) >= 0);
        if (!x.over && hist_same(r, &x, q))
            return k;
    }
    fail_msg("no move leads there");
    return -1;
}

/* alphabeta with the databases and the game's history. South to move:
 * one seed in his hole 4, two in hole 6, one in North's hole 8.
 * - Hole 6 sows into 7 and 8 and takes the 2 of hole 8 (hole 7 keeps a
 *   seed: no grand slam), +2. Then each side has one seed and every move
 *   is forced: 7-8, 4-5, 8-9, 5-6, 9-10, 6-7; North, with seeds in 7 and
 *   10, cannot reach South's empty row and takes both, -2: in all 0.
 * - Hole 4 sows into hole 5. Where the game has been at that position
 *   twice already, this is the third time: the game ends and each player
 *   takes the seeds of his row, South 3, North 1: +2.
 * So with that history the player sows hole 4, and without it hole 6
 * (the databases value the position after hole 4 at -4 for South, as a
 * game that begins there). */
static void test_endgame_player_history(void **state)
{
    (void)state;
    char dir[64];
    EgDb *db;
    Rules *r = built("oware", 4, dir, sizeof dir, &db);
    Ai *ai = db_player(r, dir, 2);
    const int at[12] = { 0, 0, 0, 1, 0, 2, 0, 1, 0, 0, 0, 0 }, after4[12] = { 0, 0, 0, 0, 1, 2, 0, 1, 0, 0, 0, 0 },
              after6[12] = { 0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0 };
    const Position p = oware_at(r, at, SOUTH), c4 = oware_at(r, after4, NORTH);
    Position c6 = oware_at(r, after6, NORTH);
    c6.store[0] = 2;
    Vm vm;
    vm_init(&vm, r);
    const int k4 = move_to(&vm, r, &p, &c4), k6 = move_to(&vm, r, &p, &c6);
    AiStats st;
    assert_int_equal(ai_choose(ai, &p, &st, NULL), k6);
    History h;
    hist_init(&h);
    assert_int_equal(hist_push(r, &h, &c4), 1);
    assert_int_equal(hist_push(r, &h, &c4), 2);
    assert_int_equal(hist_push(r, &h, &p), 1);
    ai_set_history(ai, &h);
    assert_int_equal(ai_choose(ai, &p, &st, NULL), k4);
    assert_int_equal(h.n, 3);   /* the history as it was */
    /* what the player counted on: the third time ends the game, +2 */
    Position q = p;
    Move mv[MAX_MOVES];
    assert_true(gen_moves(&vm, &q, mv) > k4);
    assert_true(flow_play(&vm, &q, &mv[k4], &h, NULL) >= 0);
    assert_true(q.over);
    assert_int_equal(q.store[0] - q.store[1], 2);
    hist_free(&h);
    ai_free(ai);
    eg_close(db);
    remove_dir(dir, 4);
    rules_free(r);
}

/* A game from `p` to its end, `me` South and the player `them` (seeded)
 * North, the repetition rule counted over it: South's seeds less North's. */
static int play_out(const Rules *r, Vm *vm, Position p, Ai *me, const char *them_text, uint64_t seed)
{
    char err[4400] = "";
    AiSpec spec;
    assert_int_equal(ai_parse(them_text, &spec, err, sizeof err), 1);
    Ai *them = ai_new_err(r, &spec, seed, err, sizeof err);
    assert_non_null(them);
    History h;
    hist_init(&h);
    assert_int_equal(hist_push(r, &h, &p), 1);
    ai_set_history(me, &h);
    ai_set_history(them, &h);
    int plies = 0;
    while (!p.over) {
        Move mv[MAX_MOVES];
        AiStats st;
        const int n = gen_moves(vm, &p, mv);
        const int k = ai_choose(p.to_move == SOUTH ? me : them, &p, &st, NULL);
        assert_true(k >= 0 && k < n);
        assert_true(flow_play(vm, &p, &mv[k], &h, NULL) >= 0);
        assert_true(++plies < 2000);
    }
    ai_set_history(me, NULL);
    hist_free(&h);
    ai_free(them);
    return p.store[0] - p.store[1];
}

/* With the bounds beside the values, the player scores a position by
 * what it can force from there and in how many moves. The ending: North
 * to move, stores 17 and 24, 7 seeds left; South draws only by taking all
 * 7, which he can force by a long play without a capture (the bounds
 * agree: a draw). The player of values alone, which has no distance to
 * go by, wandered there until the repetition rule ended the game with
 * North ahead (measured: 2 games lost of 3 at 0.05 s a move against
 * plain alphabeta). With the bounds South draws or better against every
 * opponent tried, the repetition rule counted over the game. */
static void test_endgame_player_bounds(void **state)
{
    (void)state;
    enum { K = 7 };
    Rules *r = test_builtin("oware", NULL, 0);
    assert_non_null(r);
    char dir[64], err[4400] = "";
    temp_dir(dir, sizeof dir);
    for (int b = SOLVE_LOWER; b <= SOLVE_UPPER; b++)
        if (try_build_bound(r, dir, K, b, err, sizeof err) != MC_OK)
            fail_msg("eg_build: %s", err);
    const int at[12] = { 1, 1, 1, 1, 2, 0, 0, 0, 0, 0, 1, 0 };
    Position p = oware_at(r, at, NORTH);
    p.store[0] = 17;
    p.store[1] = 24;
    EgDb *lower = open_bound(r, dir, SOLVE_LOWER), *upper = open_bound(r, dir, SOLVE_UPPER);
    int32_t lo, hi;
    int dist;
    assert_int_equal(eg_probe_dist(lower, &p, &lo, &dist), 1);
    assert_int_equal(lo, 7);   /* South takes the 7: 24 to 24 */
    assert_true(dist > 10);    /* and it takes a while */
    assert_int_equal(eg_probe(upper, &p, &hi), 1);
    assert_int_equal(hi, 7);
    eg_close(lower);
    eg_close(upper);
    Ai *me = db_player(r, dir, 2);
    Vm vm;
    vm_init(&vm, r);
    static const char *const opponents[] = { "random", "greedy", "alphabeta:depth=1", "alphabeta:depth=3",
                                             "alphabeta:depth=5" };
    for (size_t o = 0; o < sizeof opponents / sizeof *opponents; o++)
        for (uint64_t seed = 1; seed <= 3; seed++) {
            const int end = play_out(r, &vm, p, me, opponents[o], seed);
            if (end < 0)
                fail_msg("against %s (seed %llu): South lost by %d", opponents[o], (unsigned long long)seed, -end);
        }
    /* Positions where South forces a draw and no more while the value (the
     * repetition rule's end) says he wins: he keeps at least the draw he
     * forces (8 positions, 2 games each). */
    EgIndex ix;
    assert_int_equal(eg_index_init(&ix, r->nholes, K), MC_OK);
    lower = open_bound(r, dir, SOLVE_LOWER);
    EgDb *values = open_db(r, dir);
    const Position start = start_of(r);
    int tried = 0;
    for (int n = 2; n <= K && tried < 8; n++)
        for (uint64_t i = 0; i < eg_comp(&ix, r->nholes, n) && tried < 8; i++) {   /* South to move */
            Position q = numbered(&ix, &start, n, i);
            int32_t v;
            if (!eg_probe_dist(lower, &q, &lo, &dist) || dist < 0 || lo != 0 || !eg_probe(values, &q, &v) || v <= 0)
                continue;
            tried++;
            for (uint64_t seed = 1; seed <= 2; seed++) {
                const int end = play_out(r, &vm, q, me, "alphabeta:depth=3", seed);
                if (end < 0)
                    fail_msg("count %d, index %llu (forced draw, value %+d): South lost by %d", n, (unsigned long long)i,
                             v, -end);
            }
        }
    assert_true(tried > 0);
    eg_close(values);
    eg_close(lower);
    eg_index_free(&ix);
    ai_free(me);
    remove_dir(dir, K);
    rules_free(r);
}

/* ---- refusals -------------------------------------------------------------------- */

static void expect_open_error(const Rules *r, const char *dir, const char *words)
{
    Vm vm;
    Position p;
    char err[4400] = "";
    EgDb *db = NULL;
    vm_init(&vm, r);
    flow_start(&vm, &p, NULL);
    assert_int_equal(eg_open(r, &p, dir, 0, &db, err, sizeof err), MC_EINVAL);
    assert_null(db);
    if (!strstr(err, words))
        fail_msg("expected '%s' in: %s", words, err);
}

static void test_endgame_refusals(void **state)
{
    (void)state;
    Rules *r = test_builtin("oware", NULL, 0);
    char dir[64], path[4200];
    temp_dir(dir, sizeof dir);
    build(r, dir, 3);
    /* another variant, other options */
    Rules *awari = test_builtin("awari", NULL, 0);
    expect_open_error(awari, dir, "another variant");
    rules_free(awari);
    const char *slam[] = { "grand-slam=capture" };
    Rules *other = test_builtin("oware", slam, 1);
    expect_open_error(other, dir, "other options");
    rules_free(other);
    /* the variant file edited since (a line added): its text is not the
     * one the databases were built from */
    const BuiltinVariant *b = builtin_find("oware");
    assert_non_null(b);
    char *edited = malloc(strlen(b->text) + 16);
    assert_non_null(edited);
    sprintf(edited, "%s# edited\n", b->text);
    other = test_load_text(edited, NULL, 0);
    assert_non_null(other);
    expect_open_error(other, dir, "another text of the variant file");
    rules_free(other);
    free(edited);
    /* a byte of values changed */
    eg_path(dir, 2, 0, path, sizeof path);
    FILE *f = fopen(path, "r+b");
    assert_non_null(f);
    fseek(f, (long)sizeof(EgHeader) + 5, SEEK_SET);
    int c = fgetc(f);
    fseek(f, (long)sizeof(EgHeader) + 5, SEEK_SET);
    fputc(c ^ 1, f);
    fclose(f);
    /* the building checks it (and stops rather than replace it) */
    char err[4400] = "";
    assert_int_equal(try_build(r, dir, 3, err, sizeof err), MC_EINVAL);
    assert_non_null(strstr(err, "checksum"));
    assert_non_null(strstr(err, "remove it"));
    /* a short file: its values cut, then its header */
    assert_int_equal(truncate(path, (off_t)sizeof(EgHeader) + 5), 0);
    expect_open_error(r, dir, "not of the length its header says");
    assert_int_equal(truncate(path, 100), 0);
    expect_open_error(r, dir, "shorter than the header");
    remove_dir(dir, 3);
    expect_open_error(r, dir, "No such file");
    /* beyond the limit */
    assert_int_equal(try_build(r, dir, EG_MAX_SEEDS + 1, err, sizeof err), MC_EINVAL);
    rules_free(r);
    /* holes marked as they are played change the shape of a position */
    r = test_builtin("bechi", NULL, 0);
    temp_dir(dir, sizeof dir);
    assert_int_equal(try_build(r, dir, 4, err, sizeof err), MC_EINVAL);
    if (!strstr(err, "another shape") && !strstr(err, "cannot be made"))
        fail_msg("bechi: %s", err);
    remove_dir(dir, 4);
    rules_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_endgame_index),
        cmocka_unit_test(test_endgame_oware_by_hand),
        cmocka_unit_test(test_endgame_equals_solver),
        cmocka_unit_test(test_endgame_in_search),
        cmocka_unit_test(test_endgame_player),
        cmocka_unit_test(test_endgame_player_history),
        cmocka_unit_test(test_endgame_refusals),
        cmocka_unit_test(test_endgame_bounds),
        cmocka_unit_test(test_endgame_player_bounds),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
