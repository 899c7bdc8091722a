/* test_stones: large stones (`board.stones`), pieces sown with the seeds
 * a place each: where in a lap they fall (`sowing.stones`), `hand` and
 * `stone` in the each-seed rules, a hole holding only a stone sown from
 * and relayed from, captures that take stones (counted by the taker's
 * counter of the stone's name; undone by `cancel-if`), a stone sown
 * into a store (counted the same way), a rule's `set`
 * moving a stone, stores that hold stones (board.store-stones: sown
 * from, taken, passed by chains, in the JSON position), and the
 * loader's refusals. The board is 2x3: South
 * 1..3, North 4..6, counterclockwise 1 -> 6 -> 1. Expected boards are
 * worked out by hand in the comments; every case runs in the planned and
 * the reference mode. */
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

/* A last piece that is a seed making 3 takes its hole; the stone's
 * place in the lap is the option's. */
static const char order[] =
    "game: order\n"
    "options:\n"
    "  late: {type: bool, default: false}\n"
    "board: {rows: 2, holes: 3, seeds: 2, stores: off-track, stones: [big], counters: [big]}\n"
    "moves:\n"
    "  from: hole.owner == mover and (hole.count > 0 or hole.stones > 0)\n"
    "  direction: ccw\n"
    "sowing:\n"
    "  stones: {last: late}\n"
    "  each-seed:\n"
    "    - when: hand == 0 and stone == 0 and hole.count == 3\n"
    "      take: hole\n"
    "      to: mover\n";

/* The flag of the first flag name `name` (the stone's). */
static int flag_of(const Rules *r, const char *name)
{
    for (int f = 0; f < r->nflags; f++)
        if (!strcmp(r->flags[f], name))
            return f;
    fail_msg("no flag %s", name);
    return -1;
}

/* The hole holding the stone of flag f (1-based), or 0. */
static int stone_at(const Position *p, int f)
{
    return p->flags[f] ? ctz_mask(p->flags[f]) + 1 : 0;
}

static void test_stones_order(void **state)
{
    (void)state;
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        /* first (default): 1 lifts 2 seeds and the stone: the stone into
         * 2 (no rule: stone 1), seeds into 3 (2->3, hand 1: not the last)
         * and 4 (2->3, hand 0): 4 taken, 3 seeds */
        game_at(&g, order, mode, "{\"board\":[2,2,2,2,2,2],\"stores\":[0,0],\"to_move\":\"south\",\"big\":[1]}");
        play(&g.vm, &g.p, &g.h, "1");
        static const int w1[] = { 0, 2, 3, 0, 2, 2 };
        counts_are(&g.p, w1, 6);
        assert_int_equal(g.p.store[SOUTH], 3);
        assert_int_equal(stone_at(&g.p, flag_of(g.r, "big")), 2);
        game_end(&g);
        /* last: seeds into 2 (3, hand 2) and 3 (3, hand 1), the stone
         * last into 4 (hand 0, but a stone): nothing taken */
        game_at_opts(&g, order, (const char *[]){ "late=true" }, 1, mode,
                     "{\"board\":[2,2,2,2,2,2],\"stores\":[0,0],\"to_move\":\"south\",\"big\":[1]}");
        play(&g.vm, &g.p, &g.h, "1");
        static const int w2[] = { 0, 3, 3, 2, 2, 2 };
        counts_are(&g.p, w2, 6);
        assert_int_equal(g.p.store[SOUTH], 0);
        assert_int_equal(stone_at(&g.p, flag_of(g.r, "big")), 4);
        game_end(&g);
    }
}

/* A hole holding only a stone, after the last seed, is taken: the stone
 * leaves the board and the mover counts it; with `cancel-if` holding
 * (North's row holds 4), it is all undone. */
static const char take[] =
    "game: take\n"
    "options:\n"
    "  undo: {type: bool, default: false}\n"
    "board: {rows: 2, holes: 3, seeds: 2, stores: off-track, stones: [big], counters: [big]}\n"
    "moves:\n"
    "  from: hole.owner == mover and (hole.count > 0 or hole.stones > 0)\n"
    "  direction: ccw\n"
    "captures:\n"
    "  - when: next(last).stones > 0\n"
    "    take: next(last)\n"
    "    to: mover\n"
    "    cancel-if: undo and seeds(row(opponent)) == 4\n";

static void test_stones_taken(void **state)
{
    (void)state;
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        for (int undo = 0; undo < 2; undo++) {
            Game g;
            game_at_opts(&g, take, (const char *[]){ undo ? "undo=true" : "undo=false" }, 1, mode,
                     "{\"board\":[1,0,0,0,2,2],\"stores\":[0,0],\"to_move\":\"south\",\"big\":[3]}");
            /* 1 (1 seed) -> 2; next(2) = 3 holds only the stone: taken */
            play(&g.vm, &g.p, &g.h, "1");
            static const int w[] = { 0, 1, 0, 0, 2, 2 };
            counts_are(&g.p, w, 6);
            const int f = flag_of(g.r, "big");
            assert_int_equal(stone_at(&g.p, f), undo ? 3 : 0);
            assert_int_equal(g.p.counter[SOUTH][0], undo ? 0 : 1);
            assert_int_equal(g.p.counter[NORTH][0], 0);
            game_end(&g);
        }
    }
}

/* A rule's `set` of a stone's flag moves the stone there; a relay lifts
 * a hole holding only a stone. */
static const char moved[] =
    "game: moved\n"
    "board: {rows: 2, holes: 3, seeds: 2, stores: off-track, stones: [big]}\n"
    "moves:\n"
    "  from: hole.owner == mover and (hole.count > 0 or hole.stones > 0)\n"
    "  direction: ccw\n"
    "sowing:\n"
    "  laps: relay\n"
    "  relay-from: next\n"
    "  relay-while: not moved-rule\n"
    "captures:\n"
    "  - when: moved-rule and last.count == 1\n"
    "    set: {flag: big, at: last}\n"
    "options:\n"
    "  moved-rule: {type: bool, default: false}\n";

static void test_stones_moved(void **state)
{
    (void)state;
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        for (int set = 0; set < 2; set++) {
            Game g;
            game_at_opts(&g, moved, (const char *[]){ set ? "moved-rule=true" : "moved-rule=false" }, 1, mode,
                     "{\"board\":[1,0,0,0,0,2],\"stores\":[0,0],\"to_move\":\"south\",\"big\":[3]}");
            play(&g.vm, &g.p, &g.h, "1");
            const int f = flag_of(g.r, "big");
            /* set: 1 -> 2 (1 seed), no relay; the rule moves the stone
             * from 3 to 2. Relay: 1 -> 2, next(2) = 3 holds only the
             * stone: lifted, into 4; next(4) = 5 is empty: the end */
            static const int w[] = { 0, 1, 0, 0, 0, 2 };
            counts_are(&g.p, w, 6);
            assert_int_equal(stone_at(&g.p, f), set ? 2 : 4);
            assert_int_equal(popcount_mask(g.p.flags[f]), 1);
            game_end(&g);
        }
    }
}

/* A stone whose place is a store falls into it: it leaves the board,
 * counted by the store's player. */
static const char stored[] =
    "game: stored\n"
    "board: {rows: 2, holes: 3, seeds: 2, stores: on-track, stones: [big], counters: [big]}\n"
    "moves:\n"
    "  from: hole.owner == mover and (hole.count > 0 or hole.stones > 0)\n"
    "  direction: ccw\n"
    "sowing:\n"
    "  stores: both\n";

static void test_stones_stored(void **state)
{
    (void)state;
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, stored, mode, "{\"board\":[0,0,1,2,2,2],\"stores\":[0,0],\"to_move\":\"south\",\"big\":[3]}");
        /* 3 lifts a seed and the stone: the stone first, into South's
         * store after 3: off the board, South's counter; the seed into 4 */
        play(&g.vm, &g.p, &g.h, "3");
        static const int w[] = { 0, 0, 0, 3, 2, 2 };
        counts_are(&g.p, w, 6);
        assert_int_equal(g.p.store[SOUTH], 0);
        assert_int_equal(g.p.flags[flag_of(g.r, "big")], 0);
        assert_int_equal(g.p.counter[SOUTH][0], 1);
        game_end(&g);
    }
}

/* Stores that hold large stones (board.store-stones), on a 2x3 board
 * with its stores on the track: counterclockwise 1, 2, 3, South's store,
 * 4, 5, 6, North's store, 1. A place is full where it holds a large
 * stone, or (a hole) seeds: a store's seeds never make it full. A lap
 * goes on from the place after its last where that place is full; a lap
 * ending before an empty place takes the full place after that, and on
 * along the track each full place after an empty one. */
#define FULL(h) "(" h ".stones > 0 or (not " h ".store and " h ".count > 0))"
static const char homes[] =
    "game: homes\n"
    "board:\n"
    "  rows: 2\n"
    "  holes: 3\n"
    "  seeds: 2\n"
    "  stores: on-track\n"
    "  stones: [big, small]\n"
    "  store-stones: {south: big, north: small}\n"
    "  counters: [big, small]\n"
    "moves:\n"
    "  from: hole.count + hole.stones > 0\n"
    "  direction: ccw\n"
    "sowing:\n"
    "  stores: both\n"
    "  laps: relay\n"
    "  relay-from: next\n"
    "  relay-while: " FULL("next(last)") "\n"
    "captures:\n"
    "  - when: not " FULL("next(last)") " and " FULL("next(next(last))") "\n"
    "    take: next(next(last))\n"
    "    chain: forward\n"
    "    while: >\n"
    "      (not " FULL("hole") " and " FULL("next(hole)") ")\n"
    "      or (" FULL("hole") " and not " FULL("prev(hole)") ")\n"
    "    to: mover\n";

static void test_stones_homes(void **state)
{
    (void)state;
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_start(&g, homes, mode);
        const int big = flag_of(g.r, "big"), small = flag_of(g.r, "small");
        /* the game begins with each stone in its store, none on the board */
        assert_int_equal(g.p.store_stones[SOUTH], 1u << big);
        assert_int_equal(g.p.store_stones[NORTH], 1u << small);
        assert_int_equal(g.p.flags[big] | g.p.flags[small], 0);
        char *js = pos_to_json(&g.vm, &g.p);
        assert_non_null(strstr(js, "\"big\":[\"south-store\"]"));
        assert_non_null(strstr(js, "\"small\":[\"north-store\"]"));
        free(js);
        game_end(&g);

        /* 2 (1 seed) -> 3, last 3; next: South's store, full with its
         * stone: lifted alone (its 3 seeds stay) and sown into 4; 4 is
         * last, next(4) = 5 (2 seeds) full: lifted, into 6 and North's
         * store (5 seeds, and its stone), last; the place after it, 1,
         * is empty: the relay ends. No capture: next(last) = 1 is
         * empty, but so is next(1) = 2. */
        game_at(&g, homes, mode,
                "{\"board\":[0,1,0,0,2,0],\"stores\":[3,4],\"to_move\":\"south\","
                "\"big\":[\"south-store\"],\"small\":[\"north-store\"]}");
        play(&g.vm, &g.p, &g.h, "2");
        static const int w1[] = { 0, 0, 1, 0, 0, 1 };
        counts_are(&g.p, w1, 6);
        assert_int_equal(g.p.store[SOUTH], 3);
        assert_int_equal(g.p.store[NORTH], 5);
        assert_int_equal(stone_at(&g.p, big), 4);
        assert_int_equal(g.p.store_stones[SOUTH], 0);
        assert_int_equal(g.p.store_stones[NORTH], 1u << small);
        assert_int_equal(g.p.counter[SOUTH][0] + g.p.counter[SOUTH][1], 0);
        game_end(&g);

        /* a lap ending in a store goes on from the place after it: 3 (1
         * seed) into South's store, last; next(store) = 4 (2 seeds) full:
         * lifted, into 5 and 6, last 6; North's store, full with its
         * stone, lifted alone: into 1, last; next(1) = 2 empty: the end.
         * No capture: 2 and 3 are empty. */
        game_at(&g, homes, mode,
                "{\"board\":[0,0,1,2,0,0],\"stores\":[3,4],\"to_move\":\"south\","
                "\"big\":[\"south-store\"],\"small\":[\"north-store\"]}");
        play(&g.vm, &g.p, &g.h, "3");
        static const int w2[] = { 0, 0, 0, 0, 1, 1 };
        counts_are(&g.p, w2, 6);
        assert_int_equal(g.p.store[SOUTH], 4);
        assert_int_equal(g.p.store[NORTH], 4);
        assert_int_equal(stone_at(&g.p, small), 1);
        assert_int_equal(g.p.store_stones[SOUTH], 1u << big);
        assert_int_equal(g.p.store_stones[NORTH], 0);
        game_end(&g);
    }
}

static void test_stones_homes_taken(void **state)
{
    (void)state;
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, homes, mode,
                "{\"board\":[1,0,0,0,2,0],\"stores\":[3,4],\"to_move\":\"south\","
                "\"big\":[\"south-store\"],\"small\":[\"north-store\"]}");
        const int big = flag_of(g.r, "big"), small = flag_of(g.r, "small");
        /* 1 -> 2, last; next(2) = 3 empty: no relay. next(3) is South's
         * store, full with its stone: the stone is taken, its 3 seeds
         * stay. The chain: 4 is empty before 5, full: passed; 5 (2 seeds)
         * after an empty place: taken; 6 empty before North's store,
         * full with its stone: passed; the store after an empty place:
         * its stone taken, its 4 seeds stay; 1 empty before 2, full:
         * passed; 2 (1 seed): taken; 3 is empty before South's store,
         * empty now: the chain ends. South takes 3 seeds and both stones. */
        play(&g.vm, &g.p, &g.h, "1");
        static const int w[] = { 0, 0, 0, 0, 0, 0 };
        counts_are(&g.p, w, 6);
        assert_int_equal(g.p.store[SOUTH], 6);
        assert_int_equal(g.p.store[NORTH], 4);
        assert_int_equal(g.p.store_stones[SOUTH] | g.p.store_stones[NORTH], 0);
        assert_int_equal(g.p.flags[big] | g.p.flags[small], 0);
        assert_int_equal(g.p.counter[SOUTH][0], 1);
        assert_int_equal(g.p.counter[SOUTH][1], 1);
        game_end(&g);

        /* a stone sown into a store lies there, counted by nobody: 3
         * holds only the small stone; it falls into South's store (the
         * big stone's) and the lap ends there; next(South's store) = 4
         * is empty: no relay, and next(4) = 5 (2 seeds) is taken */
        game_at(&g, homes, mode,
                "{\"board\":[0,0,0,0,2,0],\"stores\":[3,4],\"to_move\":\"south\","
                "\"big\":[\"south-store\"],\"small\":[3]}");
        play(&g.vm, &g.p, &g.h, "3");
        static const int w2[] = { 0, 0, 0, 0, 0, 0 };
        counts_are(&g.p, w2, 6);
        assert_int_equal(g.p.store[SOUTH], 5);
        assert_int_equal(g.p.store_stones[SOUTH], 1u << big | 1u << small);
        assert_int_equal(g.p.counter[SOUTH][0] + g.p.counter[SOUTH][1], 0);
        game_end(&g);
    }
}

/* A JSON position puts a stone in one place: a hole or a store. */
static void test_stones_homes_json(void **state)
{
    (void)state;
    Rules *r = test_load_text(homes, NULL, 0);
    static const char *const bad[][2] = {
        { "{\"board\":[2,2,2,2,2,2],\"stores\":[0,0],\"to_move\":\"south\",\"big\":[1,\"south-store\"]}", "one hole or store at most" },
        { "{\"board\":[2,2,2,2,2,2],\"stores\":[0,0],\"to_move\":\"south\",\"big\":[\"south-store\",\"north-store\"]}",
          "one hole or store at most" },
        { "{\"board\":[2,2,2,2,2,2],\"stores\":[0,0],\"to_move\":\"south\",\"big\":[\"east-store\"]}", "\"south-store\"" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        Position p;
        char err[256] = "";
        assert_int_equal(pos_from_json(r, bad[i][0], strlen(bad[i][0]), &p, err, sizeof err), 0);
        if (!strstr(err, bad[i][1]))
            fail_msg("%s: got \"%s\"", bad[i][0], err);
    }
    rules_free(r);
}

/* What the loader refuses. */
static void test_stones_refused(void **state)
{
    (void)state;
    static const char base[] =
        "game: t\n"
        "board: {rows: 2, holes: 3, seeds: 2, stores: off-track, stones: [big]}\n"
        "moves:\n"
        "  from: hole.owner == mover and hole.count > 0\n"
        "  direction: ccw\n"
        "CUT";
    static const char *const bad[][2] = {
        { "sowing:\n  per-hole: 2\n", "do not go with `sowing.per-hole`" },
        { "sowing:\n  lift: 1\n", "do not go with `sowing.lift`" },
        { "sowing:\n  stones: middle\n", "must be one of: first, last" },
        { "sowing:\n  each-seed:\n    - {when: stone == 3 and hand > 0 and hole.stones > 2, take: hole, to: mover}\n"
          "  stones: {first: true}\n", "`{last: CONDITION}`" },
        { "setup:\n  mark: {flag: big, holes: 2, by: south, where: true}\n", "puts it into one hole" },
    };
    refused_files(base, "CUT", bad, sizeof bad / sizeof bad[0]);
    static const char homes_base[] =
        "game: t\n"
        "moves:\n"
        "  from: hole.count > 0\n"
        "  direction: ccw\n"
        "CUT";
    static const char *const homes_bad[][2] = {
        { "board: {rows: 2, holes: 3, seeds: 2, stores: off-track, stones: [big], store-stones: {south: big}}\n",
          "stores that are on the track" },
        { "board: {rows: 2, holes: 3, seeds: 2, stores: on-track, flags: [f], stones: [big], "
          "store-stones: {south: f}}\n", "`f` is a flag, not a large stone" },
        { "board: {rows: 2, holes: 3, seeds: 2, stores: on-track, stones: [big], "
          "store-stones: {south: big, north: big}}\n", "lies in one store, not in both" },
        { "board: {rows: 2, holes: 3, seeds: 2, stores: on-track, stones: [big], store-stones: {}}\n",
          "give `south`, `north` or both" },
        { "board: {rows: 2, holes: 3, seeds: 2, stores: on-track, stones: [big], store-stones: {east: big}}\n",
          "unknown key `east`" },
        { "board: {rows: 2, holes: 3, seeds: 2, stores: on-track, stones: [big], store-stones: {south: huge}}\n",
          "does not declare" },
    };
    refused_files(homes_base, "CUT", homes_bad, sizeof homes_bad / sizeof homes_bad[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_stones_order),
        cmocka_unit_test(test_stones_taken),
        cmocka_unit_test(test_stones_moved),
        cmocka_unit_test(test_stones_stored),
        cmocka_unit_test(test_stones_homes),
        cmocka_unit_test(test_stones_homes_taken),
        cmocka_unit_test(test_stones_homes_json),
        cmocka_unit_test(test_stones_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
