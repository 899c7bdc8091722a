/* test_vm: the sowing VM (interpreter/vm.c).
 * - seed conservation and termination over thousands of random games of
 *   every built-in variant (and option combinations), matches included;
 * - endless relay sowing: the VM's exact detection against a naive
 *   simulation on every small position of a tiny relay variant;
 * - plain sowing (one lap or relay, either direction, origin skipped or
 *   not): legality and the board after every move of thousands of small
 *   positions against a seed-by-seed simulation;
 * - a poll function interrupts a long relay sowing;
 * - the repetition rule and passing on tiny variants worked by hand;
 * - move tokens round-trip. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "builtin.h"
#include "rng.h"
#include "rules.h"
#include "vm.h"
#include "testlib.h"



/* Plays `games` random games (whole matches); checks conservation after
 * every decision, that a game that is not over has moves, and that every
 * legal move's token finds that move again. */
static void random_games(const char *name, const char *const *opts, int nopts, int games,
                         unsigned seed)
{
    Rules *r = test_builtin(name, opts, nopts);
    assert_non_null(r);
    Vm vm;
    vm_init(&vm, r);
    Rng g;
    rng_seed(&g, seed);
    History h;
    hist_init(&h);
    h.compact = 1;
    long plies = 0;
    int wins[WIN_DRAW + 1] = { 0 };
    for (int i = 0; i < games; i++) {
        Position p;
        h.n = h.base = 0;
        flow_start(&vm, &p, &h);
        long total = pos_seed_total(r, &p);
        assert_int_equal(total, r->total_seeds);
        int ply = 0;
        while (!p.over) {
            Move moves[MAX_MOVES];
            int n = gen_moves(&vm, &p, moves);
            if (n == 0)
                fail_msg("%s game %d ply %d: not over but no moves", name, i, ply);
            for (int k = 0; k < n; k++) {
                char tok[256];
                tok_write(r, &moves[k], tok, sizeof tok);
                assert_int_equal(tok_find(r, moves, n, tok), k);
            }
            flow_play(&vm, &p, &moves[rng_below(&g, n)], &h, NULL);
            if (pos_seed_total(r, &p) != total)
                fail_msg("%s game %d ply %d: %ld seeds, expected %ld", name, i, ply,
                         pos_seed_total(r, &p), total);
            if (++ply > 200000)
                fail_msg("%s game %d: no end after %d decisions", name, i, ply);
        }
        assert_true(p.winner <= WIN_DRAW);
        wins[p.winner]++;
        plies += ply;
    }
    print_message("%-12s %d games, %.1f decisions a game, south %d north %d draw %d\n", name, games,
                  (double)plies / games, wins[0], wins[1], wins[WIN_DRAW]);
    /* random play must produce both winners somewhere */
    assert_true(wins[0] > 0 && wins[1] > 0);
    hist_free(&h);
    rules_free(r);
}

static void test_vm_conservation_bechi(void **state)
{
    (void)state;
    random_games("bechi", NULL, 0, 400, 1);
    const char *o[] = { "capture-opened-only=false", "match=false" };
    random_games("bechi", o, 2, 400, 2);
    random_games("bechi-2x3", NULL, 0, 400, 3);
}

static void test_vm_conservation_hufesay(void **state)
{
    (void)state;
    random_games("hufesay", NULL, 0, 1000, 4);
    const char *o[] = { "last-seed=neutral" };
    random_games("hufesay", o, 1, 500, 5);
}

static void test_vm_conservation_ba_awa(void **state)
{
    (void)state;
    random_games("ba-awa", NULL, 0, 300, 6);
    const char *o[] = { "target=9" };
    random_games("ba-awa", o, 1, 300, 7);
    const char *s[] = { "match=false" };
    random_games("ba-awa", s, 1, 1000, 8);
}

static void test_vm_conservation_bohnenspiel(void **state)
{
    (void)state;
    random_games("bohnenspiel", NULL, 0, 2000, 9);
    const char *o[] = { "hemprich=true", "skip-origin=true" };
    random_games("bohnenspiel", o, 2, 1000, 10);
    const char *p[] = { "partie=true" };
    random_games("bohnenspiel", p, 1, 300, 11);
}

static void test_vm_conservation_andada(void **state)
{
    (void)state;
    random_games("andada", NULL, 0, 1000, 12);
    const char *o[] = { "holes=24", "direction=cw" };
    random_games("andada", o, 2, 300, 13);
}

static void test_vm_conservation_oware_kalah(void **state)
{
    (void)state;
    random_games("oware", NULL, 0, 2000, 14);
    const char *c[] = { "grand-slam=capture" };
    random_games("oware", c, 1, 1000, 15);
    const char *i[] = { "grand-slam=illegal" };
    random_games("oware", i, 1, 1000, 16);
    random_games("kalah", NULL, 0, 2000, 17);
    const char *k[] = { "capture-empty-opposite=true" };
    random_games("kalah", k, 1, 1000, 18);
}

static void test_vm_conservation_toguz_kumalak(void **state)
{
    (void)state;
    random_games("toguz-kumalak", NULL, 0, 400, 19);
    const char *o[] = { "ninth-hole-tuzdyk=false", "stop-at-majority=true" };
    random_games("toguz-kumalak", o, 2, 200, 20);
}

static void test_vm_conservation_nchayo(void **state)
{
    (void)state;
    random_games("nchayo", NULL, 0, 400, 23);
    const char *o[] = { "holes=5", "by-score=true" };
    random_games("nchayo", o, 2, 200, 24);
}

static void test_vm_conservation_bay_khom(void **state)
{
    (void)state;
    random_games("bay-khom", NULL, 0, 150, 25);
    const char *o[] = { "sow-from-store=true", "stuck-ends-round=true" };
    random_games("bay-khom", o, 2, 100, 26);
}

static void test_vm_conservation_selus(void **state)
{
    (void)state;
    random_games("selus", NULL, 0, 80, 27);
    const char *o[] = { "openings=0" };
    random_games("selus", o, 1, 40, 28);
}

/* Intotoi's games by its rules text are long (tens of thousands of
 * decisions; some reach the limit of a game): few of them. */
static void test_vm_conservation_intotoi(void **state)
{
    (void)state;
    random_games("intotoi", NULL, 0, 3, 47);
    const char *o[] = { "ludii-code=true" };
    random_games("intotoi", o, 1, 100, 30);
}

static void test_vm_conservation_qelat(void **state)
{
    (void)state;
    random_games("qelat", NULL, 0, 6, 31);
    const char *o[] = { "eaten=2", "eat-needs-seeds=true", "match=false" };
    random_games("qelat", o, 3, 150, 32);
}

static void test_vm_conservation_gabata_ansaba(void **state)
{
    (void)state;
    random_games("gabata-ansaba", NULL, 0, 40, 33);
}

static void test_vm_conservation_katro(void **state)
{
    (void)state;
    random_games("katro", NULL, 0, 40, 37);
    const char *o[] = { "holes=3" };
    random_games("katro", o, 1, 40, 38);
}

static void test_vm_conservation_tsoro_additional(void **state)
{
    (void)state;
    random_games("tsoro-additional", NULL, 0, 40, 39);
    const char *o[] = { "holes=6", "extra-holes=1" };
    random_games("tsoro-additional", o, 2, 40, 40);
}

static void test_vm_conservation_misoro_tsoro(void **state)
{
    (void)state;
    random_games("misoro-tsoro", NULL, 0, 30, 41);
    const char *o[] = { "extra-counters=true", "holes=6" };
    random_games("misoro-tsoro", o, 2, 30, 42);
}

static void test_vm_conservation_omweso(void **state)
{
    (void)state;
    random_games("omweso", NULL, 0, 50, 35);
    const char *o[] = { "capture-from-start=true" };
    random_games("omweso", o, 1, 25, 36);
}

static void test_vm_conservation_lib_al_aqil(void **state)
{
    (void)state;
    random_games("lib-al-aqil", NULL, 0, 15, 37);
    const char *o[] = { "every-hole=true", "relay-from-empty=true" };
    random_games("lib-al-aqil", o, 2, 8, 38);
}

static void test_vm_conservation_hawalis(void **state)
{
    (void)state;
    random_games("hawalis", NULL, 0, 400, 21);
    const char *o[] = { "capture-needs-empty=true", "single-into-occupied=true" };
    random_games("hawalis", o, 2, 200, 22);
}

/* ---- endless relay sowing --------------------------------------------- */

static const char *const tiny_relay =
    "game: tiny-relay\n"
    "board: {rows: 2, holes: 2, seeds: 1, stores: off-track}\n"
    "moves: {from: hole.owner == mover, direction: ccw}\n"
    "sowing: {laps: relay}\n"
    "no-moves: {pass: true}\n";

/* Relay sowing on 4 holes by hand: lift, sow from the next hole, go on
 * from the last hole while it holds more than one seed. 1: ends, 0: endless
 * (no end within `cap` laps, far beyond any cycle on so few seeds). */
static int naive_ends(const int *board0, int start, long cap)
{
    int b[4];
    memcpy(b, board0, sizeof b);
    int h = start;
    for (long lap = 0; lap < cap; lap++) {
        int hand = b[h];
        b[h] = 0;
        while (hand--) {
            h = (h + 1) % 4;
            b[h]++;
        }
        if (b[h] <= 1)
            return 1;
    }
    return 0;
}

static void test_vm_endless_relay_exact(void **state)
{
    (void)state;
    Rules *r = test_load_text(tiny_relay, NULL, 0);
    assert_non_null(r);
    Vm vm;
    vm_init(&vm, r);
    int endless = 0, checked = 0;
    int b[4];
    for (b[0] = 0; b[0] <= 6; b[0]++)
        for (b[1] = 0; b[1] <= 6; b[1]++)
            for (b[2] = 0; b[2] <= 6; b[2]++)
                for (b[3] = 0; b[3] <= 6; b[3]++) {
                    Position p;
                    flow_start(&vm, &p, NULL);
                    for (int i = 0; i < 4; i++)
                        p.count[i] = (uint16_t)b[i];
                    p.to_move = SOUTH;
                    Move moves[MAX_MOVES];
                    int n = gen_moves(&vm, &p, moves);
                    int legal[2] = { 0, 0 };
                    for (int k = 0; k < n; k++)
                        legal[moves[k].hole] = 1;
                    for (int hole = 0; hole < 2; hole++) {
                        if (!b[hole])
                            continue;
                        int ends = naive_ends(b, hole, 100000);
                        endless += !ends;
                        checked++;
                        if (ends != legal[hole])
                            fail_msg("board %d %d %d %d, move %d: naive %s, VM %s", b[0], b[1], b[2],
                                     b[3], hole + 1, ends ? "ends" : "endless",
                                     legal[hole] ? "legal" : "illegal");
                    }
                }
    print_message("%d moves checked, %d endless\n", checked, endless);
    assert_true(endless > 0);
    rules_free(r);
}

/* ---- plain sowing, seed by seed ------------------------------------------ */

/* One seed at a time around a ring of 6 holes (2x3, no stores): from the
 * hole after the origin (before it, clockwise), passing over the origin if
 * `skip`; with `relay`, lift the last hole again while it holds more than
 * one seed. Returns 0 if the sowing never ends: no end within `cap` laps,
 * where cap exceeds the number of possible lap states (pigeonhole). */
static int seed_by_seed(int *b, int origin, int dir, int skip, int relay, long cap)
{
    for (long lap = 0; lap < cap; lap++) {
        int hand = b[origin], h = origin;
        b[origin] = 0;
        while (hand > 0) {
            h = (h + (dir == DIR_CCW ? 1 : 5)) % 6;
            if (skip && h == origin)
                continue;
            b[h]++;
            hand--;
        }
        if (!relay || b[h] <= 1)
            return 1;
        origin = h;
    }
    return 0;
}

/* Every move of every board of `nb` (6 holes each) against seed_by_seed;
 * returns how many were endless. */
static int check_plain(const char *dir, int skip, int relay, int (*boards)[6], int nb, long cap)
{
    char text[512];
    snprintf(text, sizeof text,
             "game: plain\n"
             "board: {rows: 2, holes: 3, seeds: 1, stores: off-track}\n"
             "moves: {from: hole.owner == mover and hole.count > 0, direction: %s}\n"
             "sowing: {skip: %s%s}\n"
             "no-moves: {pass: true, seeds: stay}\n",
             dir, skip ? "hole == origin" : "false", relay ? ", laps: relay" : "");
    Rules *r = test_load_text(text, NULL, 0);
    assert_non_null(r);
    Vm vm;
    vm_init(&vm, r);
    int d = strcmp(dir, "cw") ? DIR_CCW : DIR_CW, endless = 0, checked = 0;
    for (int i = 0; i < nb; i++) {
        Position p;
        flow_start(&vm, &p, NULL);
        for (int k = 0; k < 6; k++)
            p.count[k] = (uint16_t)boards[i][k];
        p.store[0] = p.store[1] = 0;
        p.to_move = SOUTH;
        Move moves[MAX_MOVES];
        int n = gen_moves(&vm, &p, moves);
        for (int hole = 0; hole < 3; hole++) {
            if (!boards[i][hole])
                continue;
            int b[6];
            memcpy(b, boards[i], sizeof b);
            int ends = seed_by_seed(b, hole, d, skip, relay, cap);
            int k = 0;
            while (k < n && moves[k].hole != hole)
                k++;
            checked++;
            endless += !ends;
            if (ends != (k < n))
                fail_msg("%s%s%s: board %d %d %d %d %d %d, move %d: by hand %s, VM %s", dir,
                         skip ? " skip" : "", relay ? " relay" : "", boards[i][0], boards[i][1],
                         boards[i][2], boards[i][3], boards[i][4], boards[i][5], hole + 1,
                         ends ? "ends" : "endless", k < n ? "legal" : "illegal");
            if (!ends)
                continue;
            Position q = p;
            flow_play(&vm, &q, &moves[k], NULL, NULL);
            for (int x = 0; x < 6; x++)
                if (q.count[x] != b[x])
                    fail_msg("%s%s%s: board %d %d %d %d %d %d, move %d: hole %d holds %d, by hand %d",
                             dir, skip ? " skip" : "", relay ? " relay" : "", boards[i][0],
                             boards[i][1], boards[i][2], boards[i][3], boards[i][4], boards[i][5],
                             hole + 1, x + 1, q.count[x], b[x]);
        }
    }
    print_message("%s%s%s: %d moves checked, %d endless\n", dir, skip ? " skip" : "",
                  relay ? " relay" : "", checked, endless);
    assert_true(checked > 0);
    rules_free(r);
    return endless;
}

static void test_vm_plain_sowing_seed_by_seed(void **state)
{
    (void)state;
    /* every board of 0..2 seeds a hole (at most 12 seeds: fewer than
     * 6 * C(17,5) = 37128 lap states), and every board of one big hole
     * (7..14 seeds, whole circuits) among 0..1 seeds (at most 19 seeds:
     * fewer than 6 * C(24,5) = 255024 lap states) */
    static int boards[729 + 6 * 8 * 32][6];
    int nb = 0, nsmall;
    for (int x = 0; x < 729; x++, nb++)
        for (int k = 0, v = x; k < 6; k++, v /= 3)
            boards[nb][k] = v % 3;
    nsmall = nb;
    for (int big = 0; big < 6; big++)
        for (int seeds = 7; seeds <= 14; seeds++)
            for (int bits = 0; bits < 32; bits++, nb++)
                for (int k = 0, j = 0; k < 6; k++)
                    boards[nb][k] = k == big ? seeds : (bits >> j++) & 1;
    for (int skip = 0; skip <= 1; skip++)
        for (int relay = 0; relay <= 1; relay++) {
            int endless = check_plain("ccw", skip, relay, boards, nsmall, 40000) +
                          check_plain("cw", skip, relay, boards, nsmall, 40000) +
                          check_plain("ccw", skip, relay, boards + nsmall, nb - nsmall, 260000) +
                          check_plain("cw", skip, relay, boards + nsmall, nb - nsmall, 260000);
            if (relay)
                assert_true(endless > 0);
            else
                assert_int_equal(endless, 0);
        }
}

/* ---- interrupting a long sowing --------------------------------------- */

static int polls;
static int poll_stop(void *arg)
{
    polls++;
    return *(int *)arg;
}

/* Hufesay, South to move on this board: sowing hole 2 is a relay that
 * comes back to its start after 3,824,688 laps (found by a separate
 * simulation), so it is endless and not offered. A poll function that
 * never says stop is called every 65536 seeds sown (each lap sows at
 * least one, so at least 58 times here) and changes nothing; one that
 * says stop at once interrupts the sowing: the move list fails with
 * MC_EINTR, and so does every call after it until vm_reset. */
static void test_vm_poll_interrupts_long_relay(void **state)
{
    (void)state;
    Rules *r = test_builtin("hufesay", NULL, 0);
    assert_non_null(r);
    Vm vm;
    vm_init(&vm, r);
    static const uint16_t board[12] = { 1, 2, 4, 1, 2, 8, 2, 10, 0, 2, 1, 13 };
    Position p;
    flow_start(&vm, &p, NULL);
    memcpy(p.count, board, sizeof board);
    p.to_move = SOUTH;
    Move m[MAX_MOVES], m2[MAX_MOVES];
    int go = 0, stop = 1;

    int n = gen_moves(&vm, &p, m);
    assert_true(n > 0);
    for (int i = 0; i < n; i++)
        assert_int_not_equal(m[i].hole, 1);

    polls = 0;
    vm_set_poll(&vm, poll_stop, &go);
    assert_int_equal(gen_moves(&vm, &p, m2), n);
    assert_memory_equal(m, m2, (size_t)n * sizeof *m);
    assert_true(polls >= 3824688 / 65536);
    assert_int_equal(vm.status, MC_OK);

    polls = 0;
    vm_set_poll(&vm, poll_stop, &stop);
    assert_int_equal(gen_moves(&vm, &p, m2), MC_EINTR);
    assert_int_equal(polls, 1);
    assert_int_equal(vm.status, MC_EINTR);
    /* failed: every call fails at once, whatever the poll says now */
    vm_set_poll(&vm, NULL, NULL);
    assert_int_equal(gen_moves(&vm, &p, m2), MC_EINTR);
    Position q = p;
    assert_int_equal(flow_play(&vm, &q, &m[0], NULL, NULL), MC_EINTR);
    vm_reset(&vm);
    assert_int_equal(gen_moves(&vm, &p, m2), n);
    rules_free(r);
}

/* ---- repetition and passing --------------------------------------------- */

/* One hole a side, one seed in each. South sows hole 1 into hole 2
 * ([0,2], North to move); North sows both seeds into holes 1 and 2 ([1,1],
 * South to move): the start again. Its third occurrence, after 4
 * decisions, ends the game; each takes the seeds he owns: 1-1, a draw. */
static const char *const ping_pong =
    "game: ping-pong\n"
    "board: {rows: 2, holes: 1, seeds: 1, stores: off-track}\n"
    "moves: {from: hole.owner == mover, direction: ccw}\n"
    "no-moves: {pass: true}\n";

static void test_vm_repetition_third_occurrence(void **state)
{
    (void)state;
    Rules *r = test_load_text(ping_pong, NULL, 0);
    assert_non_null(r);
    Vm vm;
    vm_init(&vm, r);
    History h;
    hist_init(&h);
    Position p;
    flow_start(&vm, &p, &h);
    const int after[4][2] = { { 0, 2 }, { 1, 1 }, { 0, 2 }, { 0, 0 } };
    for (int ply = 0; ply < 4; ply++) {
        Move m[MAX_MOVES];
        assert_false(p.over);
        assert_int_equal(gen_moves(&vm, &p, m), 1);
        flow_play(&vm, &p, &m[0], &h, NULL);
        assert_int_equal(p.count[0], after[ply][0]);
        assert_int_equal(p.count[1], after[ply][1]);
    }
    assert_true(p.over);
    assert_int_equal(p.end, END_REPETITION);
    assert_int_equal(p.store[0], 1);
    assert_int_equal(p.store[1], 1);
    assert_int_equal(p.winner, WIN_DRAW);
    /* perft sees the same: 1 sequence of 4 decisions, none of 5 */
    Position s;
    h.n = h.base = 0;
    flow_start(&vm, &s, &h);
    uint64_t nodes;
    assert_int_equal(perft_count(&vm, &s, &h, 4, &nodes), MC_OK);
    assert_int_equal(nodes, 1);
    assert_int_equal(perft_count(&vm, &s, &h, 5, &nodes), MC_OK);
    assert_int_equal(nodes, 0);
    hist_free(&h);
    rules_free(r);
}

/* Hufesay: North to move with an empty row passes; the pass is not a
 * decision, so the position settles with South to move. */
static void test_vm_pass_is_not_a_decision(void **state)
{
    (void)state;
    Rules *r = test_builtin("hufesay", NULL, 0);
    assert_non_null(r);
    Vm vm;
    vm_init(&vm, r);
    Position p;
    flow_start(&vm, &p, NULL);
    memset(p.count, 0, sizeof p.count);
    p.count[0] = 2;   /* hole 1 */
    p.count[3] = 1;   /* hole 4 */
    p.store[0] = 20;
    p.store[1] = 25;
    p.to_move = NORTH;
    flow_settle(&vm, &p, NULL);
    assert_false(p.over);
    assert_int_equal(p.to_move, SOUTH);
    rules_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_vm_conservation_bechi),
        cmocka_unit_test(test_vm_conservation_hufesay),
        cmocka_unit_test(test_vm_conservation_ba_awa),
        cmocka_unit_test(test_vm_conservation_bohnenspiel),
        cmocka_unit_test(test_vm_conservation_andada),
        cmocka_unit_test(test_vm_conservation_oware_kalah),
        cmocka_unit_test(test_vm_conservation_toguz_kumalak),
        cmocka_unit_test(test_vm_conservation_hawalis),
        cmocka_unit_test(test_vm_conservation_nchayo),
        cmocka_unit_test(test_vm_conservation_bay_khom),
        cmocka_unit_test(test_vm_conservation_selus),
        cmocka_unit_test(test_vm_conservation_intotoi),
        cmocka_unit_test(test_vm_conservation_qelat),
        cmocka_unit_test(test_vm_conservation_gabata_ansaba),
        cmocka_unit_test(test_vm_conservation_omweso),
        cmocka_unit_test(test_vm_conservation_katro),
        cmocka_unit_test(test_vm_conservation_misoro_tsoro),
        cmocka_unit_test(test_vm_conservation_tsoro_additional),
        cmocka_unit_test(test_vm_conservation_lib_al_aqil),
        cmocka_unit_test(test_vm_endless_relay_exact),
        cmocka_unit_test(test_vm_plain_sowing_seed_by_seed),
        cmocka_unit_test(test_vm_poll_interrupts_long_relay),
        cmocka_unit_test(test_vm_repetition_third_occurrence),
        cmocka_unit_test(test_vm_pass_is_not_a_decision),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
