/* test_store: moves that sow seeds of the mover's store back onto the
 * board (`moves.store`, tokens store, storex2, storecw, store:row): the
 * moves listed, the seeds taken from the store, the sowing's own rules
 * (a skip that reads `stored`), the captures after it, entries offered
 * instead of the other moves, the loader's refusals, perft on both VM
 * paths; seeds a capture takes from a store; and a relay that goes on from the mover's store (relay-store). Expected boards are worked out by hand in the comments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "json.h"
#include "rules.h"
#include "vm.h"
#include "testlib.h"
#include "gamelib.h"

/* 2x3 (South 1-3, North 4-6), single laps; a last seed that makes a hole
 * of the opponent hold two takes it. */
#define BASE                                                              \
    "game: store\n"                                                       \
    "board: {rows: 2, holes: 3, seeds: 2, stores: off-track}\n"           \
    "captures:\n"                                                         \
    "  - when: last.owner == opponent and last.count == 2\n"              \
    "    take: last\n"                                                    \
    "    to: mover\n"                                                     \
    "moves:\n"                                                            \
    "  from: hole.owner == mover and hole.count > 0\n"                    \
    "  direction: ccw\n"

/* Besides his hole sowings, the mover sows 1..all of his store from his
 * first hole on. */
static const char chosen[] = BASE
    "  store:\n"
    "    - also: true\n"
    "      into: first(row(mover))\n"
    "      lift: {min: 1, max: mover.store}\n";

/* South [1,0,0], North [1,1,1], South's store 2: his moves are hole 1,
 * then the store with one or two seeds. storex2 drops them into 1 (2)
 * and 2 (1): [2,1,0, 1,1,1], store 0; the last seed is in his own row:
 * no capture. */
static void test_store_chosen(void **state)
{
    (void)state;
    char buf[128];
    static const int want[] = { 2, 1, 0, 1, 1, 1 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, chosen, mode, "{\"board\": [1,0,0, 1,1,1], \"stores\": [2,0], \"to_move\": \"south\"}");
        assert_string_equal(tokens(&g, buf, sizeof buf), "1 storex1 storex2");
        play(&g.vm, &g.p, &g.h, "storex2");
        counts_are(&g.p, want, 6);
        assert_int_equal(g.p.store[SOUTH], 0);
        assert_int_equal(g.p.to_move, NORTH);
        /* North's store is empty: hole moves only */
        assert_string_equal(tokens(&g, buf, sizeof buf), "4 5 6");
        game_end(&g);
    }
}

/* Without `also` the sowings from the store are the only moves while the
 * store holds seeds; without `lift` the whole store is sown; both ways
 * allowed, clockwise listed first. South [1,0,0], North [1,1,1], store 4:
 * storeccw drops into 1 (2), 2 (1), 3 (1), 4 (2): 4 is North's and holds
 * two: taken. [2,1,1, 0,1,1], stores [2,0]. storecw drops into 1 (2),
 * then clockwise 6 (2), 5 (2), 4 (2): the last, 4, taken: [2,0,0,
 * 0,2,2], stores [2,0]. */
static void test_store_instead_both_ways(void **state)
{
    (void)state;
    static const char text[] = BASE
        "  store:\n"
        "    - into: first(row(mover))\n"
        "      direction: {cw: true, ccw: true}\n";
    static const int want_ccw[] = { 2, 1, 1, 0, 1, 1 };
    static const int want_cw[] = { 2, 0, 0, 0, 2, 2 };
    static const char at[] = "{\"board\": [1,0,0, 1,1,1], \"stores\": [4,0], \"to_move\": \"south\"}";
    char buf[128];
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, text, mode, at);
        assert_string_equal(tokens(&g, buf, sizeof buf), "storecw storeccw");
        play(&g.vm, &g.p, &g.h, "storeccw");
        counts_are(&g.p, want_ccw, 6);
        assert_int_equal(g.p.store[SOUTH], 2);
        game_end(&g);
        game_at(&g, text, mode, at);
        play(&g.vm, &g.p, &g.h, "storecw");
        counts_are(&g.p, want_cw, 6);
        assert_int_equal(g.p.store[SOUTH], 2);
        game_end(&g);
    }
}

/* Two named entries, told apart in the sowing by `stored`: `row` stays
 * in the mover's row (the opponent's holes passed over), `round` goes on
 * round the board. South [0,0,1], North [1,1,1], store 5 (the entries
 * sow it all). store:row drops 1, 2, 3, then passes over 4-6: 1, 2:
 * [2,2,2, 1,1,1], the last in his own hole 2: no capture. store:round
 * drops 1, 2, 3, 4, 5: [1,1,2, 2,2,1], the last in 5 (2): taken:
 * [1,1,2, 2,0,1], stores [2,0]. A hole sowing afterwards reads `stored`
 * 0: North's 4 sows into 5 and 6 with no skip. */
static void test_store_named_entries(void **state)
{
    (void)state;
    static const char text[] = BASE
        "  store:\n"
        "    - name: row\n"
        "      also: true\n"
        "      into: first(row(mover))\n"
        "    - name: round\n"
        "      also: true\n"
        "      into: first(row(mover))\n"
        "sowing:\n"
        "  skip: stored == 1 and hole.owner != mover\n";
    static const char at[] = "{\"board\": [0,0,1, 1,1,1], \"stores\": [5,0], \"to_move\": \"south\"}";
    static const int want_row[] = { 2, 2, 2, 1, 1, 1 };
    static const int want_round[] = { 1, 1, 2, 2, 0, 1 };
    static const int want_then[] = { 1, 1, 2, 0, 1, 2 };
    char buf[128];
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, text, mode, at);
        assert_string_equal(tokens(&g, buf, sizeof buf), "3 store:row store:round");
        play(&g.vm, &g.p, &g.h, "store:row");
        counts_are(&g.p, want_row, 6);
        assert_int_equal(g.p.store[SOUTH], 0);
        assert_int_equal(g.p.last_move >> LM_STORED_SHIFT & 7, 1);
        game_end(&g);
        game_at(&g, text, mode, at);
        play(&g.vm, &g.p, &g.h, "store:round");
        counts_are(&g.p, want_round, 6);
        assert_int_equal(g.p.store[SOUTH], 2);
        assert_int_equal(g.p.last_move >> LM_STORED_SHIFT & 7, 2);
        play(&g.vm, &g.p, &g.h, "4");
        counts_are(&g.p, want_then, 6);
        assert_int_equal(g.p.last_move >> LM_STORED_SHIFT & 7, 0);
        game_end(&g);
    }
}

/* `when` limits an entry: here, only a player whose row is empty sows
 * from his store, and then he must. South [0,0,0] with 3 in store: his
 * only move is `store`, into 1, 2, 3: [1,1,1, 2,0,0]. North [2,0,0]
 * then has seeds in his row: his store (1) is not offered. */
static void test_store_when(void **state)
{
    (void)state;
    static const char text[] = BASE
        "  store:\n"
        "    - when: seeds(row(mover)) == 0\n"
        "      into: first(row(mover))\n";
    static const int want[] = { 1, 1, 1, 2, 0, 0 };
    char buf[128];
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, text, mode, "{\"board\": [0,0,0, 2,0,0], \"stores\": [3,1], \"to_move\": \"south\"}");
        assert_string_equal(tokens(&g, buf, sizeof buf), "store");
        play(&g.vm, &g.p, &g.h, "store");
        counts_are(&g.p, want, 6);
        assert_string_equal(tokens(&g, buf, sizeof buf), "4");
        game_end(&g);
    }
}

/* The `must` rules filter the sowings from the store too: clockwise only
 * where it captures. South [1,0,0], North [1,1,0]. With 2 in store,
 * storecw drops into 1 and 6 (1): no capture, refused; storeccw (into 1
 * and 2) and the sowing of 1 stay. With 3, storecw drops into 1, 6 and 5
 * (2): taken, so it stays. */
static void test_store_must(void **state)
{
    (void)state;
    static const char text[] = BASE
        "  store:\n"
        "    - also: true\n"
        "      into: first(row(mover))\n"
        "      direction: {cw: true, ccw: true}\n"
        "  must:\n"
        "    - keep: not clockwise or captured > 0\n"
        "      otherwise: all\n";
    char buf[128];
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, text, mode, "{\"board\": [1,0,0, 1,1,0], \"stores\": [2,0], \"to_move\": \"south\"}");
        assert_string_equal(tokens(&g, buf, sizeof buf), "1 storeccw");
        game_end(&g);
        game_at(&g, text, mode, "{\"board\": [1,0,0, 1,1,0], \"stores\": [3,0], \"to_move\": \"south\"}");
        assert_string_equal(tokens(&g, buf, sizeof buf), "1 storecw storeccw");
        game_end(&g);
    }
}

/* An amount beyond the store, or a store move where none applies, is not
 * a move: storex3 with two seeds in store is refused, and so is store:x
 * of an unnamed entry. */
static void test_store_refused_tokens(void **state)
{
    (void)state;
    Game g;
    game_at(&g, chosen, MC_LOAD_DEFAULT, "{\"board\": [1,0,0, 1,1,1], \"stores\": [2,0], \"to_move\": \"south\"}");
    Move moves[MAX_MOVES];
    int n = gen_moves(&g.vm, &g.p, moves);
    assert_int_equal(tok_find(g.r, moves, n, "storex3"), -1);
    assert_int_equal(tok_find(g.r, moves, n, "storex0"), -1);
    assert_int_equal(tok_find(g.r, moves, n, "store"), -1);
    assert_int_equal(tok_find(g.r, moves, n, "store:x"), -1);
    assert_true(tok_find(g.r, moves, n, "storex1") >= 0);
    game_end(&g);
}

/* perft from South [1,0,0], North [1,1,1], stores [2,1]: South has 1,
 * storex1, storex2 (three); after each, North has his three holes and
 * storex1: 3 x 4 = 12 at depth 2. Deeper counts: the same on both
 * paths. */
static void test_store_perft(void **state)
{
    (void)state;
    uint64_t nodes[2][4] = { { 0 } };
    static const char at[] = "{\"board\": [1,0,0, 1,1,1], \"stores\": [2,1], \"to_move\": \"south\"}";
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        for (int d = 1; d <= 4; d++) {
            Game g;
            game_at(&g, chosen, mode, at);
            assert_int_equal(perft_count(&g.vm, &g.p, &g.h, d, &nodes[mode == MC_LOAD_GENERAL][d - 1]), MC_OK);
            game_end(&g);
        }
    }
    assert_int_equal(nodes[0][0], 3);
    assert_int_equal(nodes[0][1], 12);
    for (int d = 0; d < 4; d++)
        assert_int_equal(nodes[0][d], nodes[1][d]);
}

/* ---- seeds taken from a store (a capture rule's `take`) ---- */

/* 2x3 with stores on the track, sown into by both players; a last seed
 * in the opponent's store takes that store; one that makes a hole of the
 * opponent hold 1 gives the mover's own store to the opponent (a
 * passive capture). */
#define FROM_STORE                                                        \
    "game: take-store\n"                                                  \
    "board: {rows: 2, holes: 3, seeds: 2, stores: on-track}\n"            \
    "moves:\n"                                                            \
    "  from: hole.owner == mover and hole.count > 0\n"                    \
    "  direction: ccw\n"                                                  \
    "sowing: {stores: both}\n"                                            \
    "captures:\n"                                                         \
    "  - when: last.store and last.owner == opponent\n"                   \
    "    take: last\n"                                                    \
    "    to: mover\n"                                                     \
    "  - when: last in row(opponent) and last.count == 1\n"               \
    "    take: store(mover)\n"                                            \
    "    to: opponent\n"

/* South [7,0,0], North [1,1,1], stores [3,5]: 1 drops into 2, 3, his
 * store (4), 4, 5, 6 (2 each) and North's store (6), the last: North's
 * store is taken, 6 seeds: [0,1,1, 2,2,2], stores [10,0] (18 seeds, as
 * before). */
static void test_take_opponent_store(void **state)
{
    (void)state;
    static const int want[] = { 0, 1, 1, 2, 2, 2 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, FROM_STORE, mode, "{\"board\": [7,0,0, 1,1,1], \"stores\": [3,5], \"to_move\": \"south\"}");
        play(&g.vm, &g.p, &g.h, "1");
        counts_are(&g.p, want, 6);
        assert_int_equal(g.p.store[SOUTH], 10);
        assert_int_equal(g.p.store[NORTH], 0);
        game_end(&g);
    }
}

/* South [0,0,2], North [0,1,1], stores [3,5]: 3 drops into his store (4)
 * and 4, which then holds 1: his store goes to North: [0,0,0, 1,1,1],
 * stores [0,9]. With `cancel-if: opponent.store > 8` the capture is
 * undone: the stores are back to [4,5]. */
static void test_take_own_store(void **state)
{
    (void)state;
    static const char cancelled[] = FROM_STORE "    cancel-if: opponent.store > 8\n";
    static const char at[] = "{\"board\": [0,0,2, 0,1,1], \"stores\": [3,5], \"to_move\": \"south\"}";
    static const int want[] = { 0, 0, 0, 1, 1, 1 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, FROM_STORE, mode, at);
        play(&g.vm, &g.p, &g.h, "3");
        counts_are(&g.p, want, 6);
        assert_int_equal(g.p.store[SOUTH], 0);
        assert_int_equal(g.p.store[NORTH], 9);
        game_end(&g);
        game_at(&g, cancelled, mode, at);
        play(&g.vm, &g.p, &g.h, "3");
        counts_are(&g.p, want, 6);
        assert_int_equal(g.p.store[SOUTH], 4);
        assert_int_equal(g.p.store[NORTH], 5);
        game_end(&g);
    }
}

/* What the loader refuses in moves.store. */
static void test_store_refused_files(void **state)
{
    (void)state;
    static const char base[] = BASE "  store:\n";
#define S "  store:\n"
    static const char *const bad[][2] = {
        { S "    - also: true\n", "needs the key `into`" },
        { S "    - into: 3\n", "expected a hole here" },
        { S "    - into: first(row(mover))\n      lift: {min: 1}\n", "needs the key `max`" },
        { S "    - into: first(row(mover))\n      direction: {}\n", "needs `cw`, `ccw` or both" },
        { S "    - into: first(row(mover))\n    - into: first(row(mover))\n", "each needs a `name`" },
        { S "    - {name: a, into: first(row(mover))}\n    - {name: a, into: first(row(mover))}\n",
          "two entries of `moves.store` are named \"a\"" },
        { S "    - {name: Row, into: first(row(mover))}\n", "lower-case letters" },
        { S "    - {name: a, into: first(row(mover))}\n    - {name: b, into: first(row(mover))}\n"
          "    - {name: c, into: first(row(mover))}\n    - {name: d, into: first(row(mover))}\n"
          "    - {name: e, into: first(row(mover))}\n", "at most 4" },
        { S "    - {into: first(row(mover)), when: hole.count > 0}\n", "hole" },
    };
#undef S
    refused_files(base, "  store:\n", bad, sizeof bad / sizeof *bad);
}

/* ---- a relay that goes on from the mover's store (sowing.relay-store) ---- */

/* 2x6, stores on the track, sown into by their owner only; a lap goes on
 * from the place after its last seed, the mover's store included, unless
 * it can capture (a lone last seed in his row facing seeds). */
#define RELAY_STORE                                                       \
    "game: relay-store\n"                                                 \
    "board: {rows: 2, holes: 6, seeds: 4, stores: on-track}\n"            \
    "moves:\n"                                                            \
    "  from: hole.owner == mover and hole.count > 0\n"                    \
    "  direction: ccw\n"                                                  \
    "sowing:\n"                                                           \
    "  stores: own\n"                                                     \
    "  laps: relay\n"                                                     \
    "  relay-from: next\n"                                                \
    "  relay-while: not (last in row(mover) and last.count == 1 and opposite(last).count > 0)\n"

/* South [0,0,0,0,1,2], North [1,1,1,1,1,1], stores [5,29]. 5 (1) into 6
 * (3): the place after it is South's store (5): sown on from 7: 7..11
 * (2 each); the place after 11 is 12 (1): lifted, its seed into 1
 * (North's store is not on South's track); 1 was empty, 12 facing it is
 * empty now: no capture; the place after, 2, is empty: the move ends.
 * [1,0,0,0,0,3, 2,2,2,2,2,0], stores [0,29]. Without relay-store the
 * store after 6 ends the move: [0,0,0,0,0,3, 1,1,1,1,1,1], stores [5,29]. */
static void test_relay_store(void **state)
{
    (void)state;
    static const char with[] = RELAY_STORE "  relay-store: true\n";
    static const char at[] = "{\"board\": [0,0,0,0,1,2, 1,1,1,1,1,1], \"stores\": [5,29], \"to_move\": \"south\"}";
    static const int want[] = { 1, 0, 0, 0, 0, 3, 2, 2, 2, 2, 2, 0 };
    static const int plain[] = { 0, 0, 0, 0, 0, 3, 1, 1, 1, 1, 1, 1 };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, with, mode, at);
        play(&g.vm, &g.p, &g.h, "5");
        counts_are(&g.p, want, 12);
        assert_int_equal(g.p.store[SOUTH], 0);
        assert_int_equal(g.p.store[NORTH], 29);
        game_end(&g);
        game_at(&g, RELAY_STORE, mode, at);
        play(&g.vm, &g.p, &g.h, "5");
        counts_are(&g.p, plain, 12);
        assert_int_equal(g.p.store[SOUTH], 5);
        game_end(&g);
    }
}

/* An empty store ends the move: South [0,0,0,0,1,2], stores [0,29]: 5
 * into 6 (3), the store after it is empty: [0,0,0,0,0,3, ...]. And perft
 * from the start agrees on both paths. */
static void test_relay_store_empty_perft(void **state)
{
    (void)state;
    static const char with[] = RELAY_STORE "  relay-store: true\n";
    static const int want[] = { 0, 0, 0, 0, 0, 3, 1, 1, 1, 1, 1, 1 };
    uint64_t nodes[2][4] = { { 0 } };
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, with, mode, "{\"board\": [0,0,0,0,1,2, 1,1,1,1,1,1], \"stores\": [0,34], \"to_move\": \"south\"}");
        play(&g.vm, &g.p, &g.h, "5");
        counts_are(&g.p, want, 12);
        assert_int_equal(g.p.store[SOUTH], 0);
        game_end(&g);
        for (int d = 1; d <= 4; d++) {
            game_start(&g, with, mode);
            assert_int_equal(perft_count(&g.vm, &g.p, &g.h, d, &nodes[mode == MC_LOAD_GENERAL][d - 1]), MC_OK);
            game_end(&g);
        }
    }
    for (int d = 0; d < 4; d++)
        assert_int_equal(nodes[0][d], nodes[1][d]);
}

/* What the loader refuses in relay-store. */
static void test_relay_store_refused(void **state)
{
    (void)state;
    static const char *const bad[][2] = {
        { "  laps: relay\n  relay-from: last\n  relay-store: true\n", "`relay-store` needs `relay-from: next`" },
        { "  laps: single\n  relay-store: true\n", "`relay-store` needs `laps: relay`" },
        { "  laps: relay\n  relay-store: 1\n", "relay-store" },
    };
    refused_files(RELAY_STORE, "  laps: relay\n", bad, sizeof bad / sizeof *bad);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_store_chosen),
        cmocka_unit_test(test_store_instead_both_ways),
        cmocka_unit_test(test_store_named_entries),
        cmocka_unit_test(test_store_when),
        cmocka_unit_test(test_store_must),
        cmocka_unit_test(test_store_refused_tokens),
        cmocka_unit_test(test_store_perft),
        cmocka_unit_test(test_store_refused_files),
        cmocka_unit_test(test_take_opponent_store),
        cmocka_unit_test(test_take_own_store),
        cmocka_unit_test(test_relay_store),
        cmocka_unit_test(test_relay_store_empty_perft),
        cmocka_unit_test(test_relay_store_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
