/* test_path: `sowing.path` (each seed of a lap to the place its entry
 * names, in turn; a seed with no hole in play there leaves the board)
 * and `sowing.hole-limit` (a seed into a hole holding that many leaves
 * the board; a last seed that leaves ends the sowing nowhere), with the
 * events that report those seeds and the loader's refusals. Expected
 * boards are worked out by hand in the comments; every case runs in the
 * planned and the reference mode. */
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

/* 2x3 (holes 1-3 South's, 4-6 North's; 6 faces 1), 3 seeds a hole. A
 * lap's seeds go in turn to the hole facing the origin and to the hole
 * after it; the last seed to hole 3 whatever the turn (hand == 0). A
 * last seed that makes 5 takes them. */
static const char alternate[] =
    "game: alternate\n"
    "board: {rows: 2, holes: 3, seeds: 3, stores: off-track}\n"
    "moves:\n"
    "  from: hole.owner == mover and hole.count > 0\n"
    "  direction: ccw\n"
    "sowing:\n"
    "  path:\n"
    "    - if hand == 0 then hole(3) else opposite(origin)\n"
    "    - if hand == 0 then hole(3) else next(origin)\n"
    "captures:\n"
    "  - when: last.count == 5\n"
    "    take: last\n"
    "    to: mover\n";

static void test_path_turns(void **state)
{
    (void)state;
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_start(&g, alternate, mode);
        /* South 1 (3): the first seed to 6 (facing 1), the second to 2
         * (after 1), the last to 3: 3 holds 4, no capture */
        play(&g.vm, &g.p, &g.h, "1");
        static const int w1[] = { 0, 4, 4, 3, 3, 4 };
        counts_are(&g.p, w1, 6);
        assert_int_equal(g.p.removed, 0);
        /* North 6 (4): 1 (facing 6), 1 (after 6, round the board), 1
         * again (the path starts over), the last to 3: 5, taken */
        play(&g.vm, &g.p, &g.h, "6");
        static const int w2[] = { 3, 4, 0, 3, 3, 0 };
        counts_are(&g.p, w2, 6);
        assert_int_equal(g.p.store[NORTH], 5);
        game_end(&g);
    }
}

/* 2x3, 2 seeds a hole; the path names a hole beyond the board, a store
 * and the hole after the origin: the first two seeds of every lap leave
 * the board. */
static const char nowhere[] =
    "game: nowhere\n"
    "board: {rows: 2, holes: 3, seeds: 2, stores: off-track}\n"
    "moves:\n"
    "  from: hole.owner == mover and hole.count > 0\n"
    "  direction: ccw\n"
    "sowing:\n"
    "  path: [hole(origin.number + 6), store(mover), next(origin)]\n";

/* A sink that keeps the SPILL events. */
typedef struct Spills {
    int n;
    McEvent ev[8];
} Spills;

static void spill_sink(void *arg, const McEvent *ev)
{
    Spills *s = arg;
    if (ev->kind == MC_EV_SPILL && s->n < 8)
        s->ev[s->n++] = *ev;
}

static void test_path_nowhere(void **state)
{
    (void)state;
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, nowhere, mode, "{\"board\":[3,2,2,2,2,2],\"stores\":[0,0],\"to_move\":\"south\",\"removed\":1}");
        /* South 1 (3): hole 7 is no hole, a store takes no seed from a
         * path: two seeds leave; the third goes to 2 */
        Spills sp = { 0 };
        vm_set_events(&g.vm, spill_sink, &sp, 0);
        play(&g.vm, &g.p, &g.h, "1");
        vm_set_events(&g.vm, NULL, NULL, 0);
        static const int w1[] = { 0, 3, 2, 2, 2, 2 };
        counts_are(&g.p, w1, 6);
        assert_int_equal(g.p.removed, 3);
        assert_int_equal(g.p.store[SOUTH], 0);
        assert_int_equal(sp.n, 2);
        for (int i = 0; i < 2; i++) {
            assert_int_equal(sp.ev[i].n, MC_SPILL_NOWHERE);
            assert_int_equal(sp.ev[i].seeds, 1);
            assert_int_equal(sp.ev[i].hole, MC_NO_HOLE);
        }
        game_end(&g);
    }
}

/* 2x3, relay laps, no hole holds more than 3: a seed into a hole that
 * holds 3 leaves the board; a last seed that leaves ends the move there
 * (no relay, no capture: a last seed making 3 would take them). */
static const char limit[] =
    "game: limit\n"
    "board: {rows: 2, holes: 3, seeds: 2, stores: off-track}\n"
    "moves:\n"
    "  from: hole.owner == mover and hole.count > 0\n"
    "  direction: ccw\n"
    "sowing:\n"
    "  laps: relay\n"
    "  relay-while: last.count == 2\n"
    "  hole-limit: 3\n"
    "captures:\n"
    "  - when: last.count == 3\n"
    "    take: last\n"
    "    to: mover\n";

static void test_hole_limit(void **state)
{
    (void)state;
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, limit, mode, "{\"board\":[4,3,0,3,1,1],\"stores\":[0,0],\"to_move\":\"south\"}");
        /* South 1 (4): 2 holds 3 (leaves), 3: 0->1, 4 holds 3 (leaves),
         * 5: 1->2, the last: a relay from 5 (2): 6: 1->2, 1: 0->1; 1
         * holds 1: the move ends */
        Spills sp = { 0 };
        vm_set_events(&g.vm, spill_sink, &sp, 0);
        play(&g.vm, &g.p, &g.h, "1");
        vm_set_events(&g.vm, NULL, NULL, 0);
        static const int w1[] = { 1, 3, 1, 3, 0, 2 };
        counts_are(&g.p, w1, 6);
        assert_int_equal(g.p.removed, 2);
        assert_int_equal(sp.n, 2);
        assert_int_equal(sp.ev[0].n, MC_SPILL_FULL);
        assert_int_equal(sp.ev[0].hole, 1);   /* hole 2 */
        assert_int_equal(sp.ev[1].hole, 3);   /* hole 4 */
        game_end(&g);

        /* South 1 (1) into 2, which holds 3: the seed leaves, the move
         * ends nowhere: 2 is not taken though it holds 3 */
        game_at(&g, limit, mode, "{\"board\":[1,3,0,0,2,0],\"stores\":[0,0],\"to_move\":\"south\",\"removed\":6}");
        play(&g.vm, &g.p, &g.h, "1");
        static const int w2[] = { 0, 3, 0, 0, 2, 0 };
        counts_are(&g.p, w2, 6);
        assert_int_equal(g.p.removed, 7);
        assert_int_equal(g.p.store[SOUTH], 0);
        assert_int_equal(g.p.to_move, NORTH);
        game_end(&g);
    }
}

/* The limit is worked out for each hole: the mover's own hold 2 at
 * most, the opponent's any number. */
static const char own_limit[] =
    "game: own-limit\n"
    "board: {rows: 2, holes: 3, seeds: 2, stores: off-track}\n"
    "moves:\n"
    "  from: hole.owner == mover and hole.count > 0\n"
    "  direction: ccw\n"
    "sowing:\n"
    "  hole-limit: if hole.owner == mover then 2 else 99\n";

static void test_hole_limit_per_hole(void **state)
{
    (void)state;
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, own_limit, mode, "{\"board\":[5,2,1,2,2,2],\"stores\":[0,0],\"to_move\":\"south\",\"removed\":0}");
        /* South 1 (5): 2 holds 2 (his: leaves), 3: 1->2, 4: 2->3, 5:
         * 2->3, 6: 2->3 */
        play(&g.vm, &g.p, &g.h, "1");
        static const int w1[] = { 0, 2, 2, 3, 3, 3 };
        counts_are(&g.p, w1, 6);
        assert_int_equal(g.p.removed, 1);
        /* North 4 (3): 5 and 6 hold 3 (his, the limit 2: both leave), 1:
         * 0->1 (South's) */
        play(&g.vm, &g.p, &g.h, "4");
        static const int w2[] = { 1, 2, 2, 0, 3, 3 };
        counts_are(&g.p, w2, 6);
        assert_int_equal(g.p.removed, 3);
        game_end(&g);
    }
}

static void test_path_refused(void **state)
{
    (void)state;
    static const char base[] =
        "game: bad\n"
        "board: {rows: 2, holes: 3, seeds: 2, stores: on-track}\n"
        "moves:\n"
        "  from: hole.owner == mover and hole.count > 0\n"
        "  direction: ccw\n"
        "# the sowing\n";
    static const char *const bad[][2] = {
        { "sowing: {path: []}\n", "must be a list of 1 to 12 holes" },
        { "sowing: {path: next(origin)}\n", "must be a list of 1 to 12 holes" },
        { "sowing: {path: [1, 2]}\n", "expected a hole here" },
        { "sowing: {path: [next(last)]}\n", "`last` is not available here" },
        { "sowing: {path: [start, start, start, start, start, start, start, start, start, start, start, start, start]}\n", "lists at most 12 holes" },
        { "sowing: {laps: relay, path: [next(origin)]}\n", "`laps` goes along the track" },
        { "sowing: {skip: hole == origin, path: [next(origin)]}\n", "`skip` goes along the track" },
        { "sowing: {first-seed: origin, path: [next(origin)]}\n", "`first-seed` goes along the track" },
        { "sowing: {stores: own, path: [next(origin)]}\n", "`stores` goes along the track" },
        { "sowing: {per-hole: 2, path: [next(origin)]}\n", "`per-hole` goes along the track" },
        { "sowing: {hole-limit: hole.owner == mover}\n", "expected a number here" },
        { "sowing: {hole-limit: last.count}\n", "`last` is not available here" },
        { "opening: {by: south, from: true, direction: ccw, path: [next(origin)]}\n", "unknown key `path` in `opening`" },
        { "opening: {by: south, from: true, direction: ccw, hole-limit: 3}\n", "unknown key `hole-limit` in `opening`" },
    };
    refused_files(base, "# the sowing", bad, sizeof bad / sizeof bad[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_path_turns),
        cmocka_unit_test(test_path_nowhere),
        cmocka_unit_test(test_hole_limit),
        cmocka_unit_test(test_hole_limit_per_hole),
        cmocka_unit_test(test_path_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
