/* test_place: seeds of a reserve placed during the play (`moves.place`,
 * tokens place:H, and `each`: place:all), the names `placed` and `clockwise`, a player's `took`,
 * and the position fields that carry them. Expected boards are worked out
 * by hand in the comments; every case runs in the planned and the
 * reference mode. */
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

/* 2x3, 1 seed a hole, 2 seeds in each reserve: a move sows (ccw) or,
 * besides, puts a seed of the reserve into an empty hole of one's own
 * (no sowing follows); a last seed alone in one's own hole takes the
 * hole facing it. The extra turn is a placement's. */
static const char plain[] =
    "game: plain\n"
    "board: {rows: 2, holes: 3, seeds: 1, stores: off-track}\n"
    "moves:\n"
    "  from: hole.owner == mover and hole.count > 0\n"
    "  direction: ccw\n"
    "  place: {reserve: 2, also: true, where: hole.owner == mover and hole.count == 0}\n"
    "captures:\n"
    "  - when: last.owner == mover and last.count == 1 and opposite(last).count > 0\n"
    "    take: opposite(last)\n"
    "    to: mover\n"
    "extra-turn: placed\n";

static void test_place_plain(void **state)
{
    (void)state;
    char buf[256];
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_start(&g, plain, mode);
        assert_int_equal(g.r->total_seeds, 6 + 4);
        /* no empty hole of South's: sowings only */
        assert_string_equal(tokens(&g, buf, sizeof buf), "1 2 3");
        /* South 1 into 2 (2 seeds); North 4 into 5 (2): 1 and 4 empty */
        play(&g.vm, &g.p, &g.h, "1 4");
        assert_string_equal(tokens(&g, buf, sizeof buf), "2 3 place:1");
        /* a placement: 1 gets a seed of the reserve, South moves again
         * (extra-turn: placed); the capture rule does not run */
        play(&g.vm, &g.p, &g.h, "place:1");
        static const int want[] = { 1, 2, 1, 0, 2, 1 };
        counts_are(&g.p, want, 6);
        assert_int_equal(g.p.reserve[SOUTH], 1);
        assert_int_equal(g.p.reserve[NORTH], 2);
        assert_int_equal(g.p.to_move, SOUTH);
        assert_int_equal((g.p.last_move & LM_PLACED) != 0, 1);
        /* the JSON position carries the reserves and that the last move
         * placed a seed */
        char *js = pos_to_json(&g.vm, &g.p);
        assert_non_null(strstr(js, "\"reserve\":[1,2]"));
        assert_non_null(strstr(js, "\"last_move\":{\"placed\":true}"));
        Position q;
        char err[200];
        assert_true(pos_from_json(g.r, js, strlen(js), &q, err, sizeof err));
        assert_int_equal(q.reserve[SOUTH], 1);
        assert_int_equal(q.last_move, g.p.last_move);
        free(js);
        /* South 3 into 4 (North's, empty): a sowing, North to move; the
         * last move placed nothing */
        play(&g.vm, &g.p, &g.h, "3");
        assert_int_equal((g.p.last_move >> 2) & 1, 0);
        assert_int_equal(g.p.to_move, NORTH);
        game_end(&g);
    }
}

/* 2x4, 0 seeds, 3 in each reserve: while a player has seeds in reserve
 * his moves are placements into a hole of his own that sow on (relay),
 * either way where the hole holds seeds; a last seed in an occupied hole
 * of one's own facing seeds takes them, and marks the hole `cw` where
 * the lap went clockwise. Hole h faces 9 - h. */
static const char sow_on[] =
    "game: sowon\n"
    "board: {rows: 2, holes: 4, seeds: 0, stores: off-track, flags: [cw]}\n"
    "moves:\n"
    "  from: hole.owner == mover and hole.count > 1\n"
    "  direction: {cw: true, ccw: true}\n"
    "  place:\n"
    "    reserve: 3\n"
    "    sow-on: true\n"
    "    where: hole.owner == mover\n"
    "    direction: {cw: hole.count > 0, ccw: true}\n"
    "sowing:\n"
    "  laps: relay\n"
    "  each-seed:\n"
    "    - when: hand == 0 and hole.owner == mover and hole.count > 1 and opposite(hole).count > 0\n"
    "      take: opposite(hole)\n"
    "      to: mover\n"
    "      set: {flag: cw, at: \"if clockwise then hole else hole(0)\"}\n"
    "no-moves: {loses: true}\n";

static void test_place_sow_on(void **state)
{
    (void)state;
    char buf[256];
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_start(&g, sow_on, mode);
        /* empty holes: one way only, written without it */
        assert_string_equal(tokens(&g, buf, sizeof buf), "place:1 place:2 place:3 place:4");
        /* South into 2, North into 7: each seed alone, the lap ends */
        play(&g.vm, &g.p, &g.h, "place:2 place:7");
        static const int w1[] = { 0, 1, 0, 0, 0, 0, 1, 0 };
        counts_are(&g.p, w1, 8);
        assert_int_equal(g.p.reserve[SOUTH], 2);
        /* into an occupied hole: both ways, cw first */
        assert_string_equal(tokens(&g, buf, sizeof buf), "place:1 place:2cw place:2ccw place:3 place:4");
        /* place:2cw: 2 holds 2 facing 7 (1 seed): taken, and 2 marked (a
         * clockwise lap); 2 lifted, sown clockwise: 1, then 8 (empty) */
        play(&g.vm, &g.p, &g.h, "place:2cw");
        static const int w2[] = { 1, 0, 0, 0, 0, 0, 0, 1 };
        counts_are(&g.p, w2, 8);
        assert_int_equal(g.p.store[SOUTH], 1);
        assert_true(has_hole(g.p.flags[0], 1));
        assert_int_equal(g.p.last_move & 3, 0);   /* `took` is not read: not kept */
        /* North into 8 (1 -> 2) facing 1 (1 seed): taken, no mark (the lap
         * went counterclockwise); 8 lifted: 1, 2 (empty), the end */
        play(&g.vm, &g.p, &g.h, "place:8ccw");
        static const int w3[] = { 1, 1, 0, 0, 0, 0, 0, 0 };
        counts_are(&g.p, w3, 8);
        assert_int_equal(g.p.store[NORTH], 1);
        assert_false(has_hole(g.p.flags[0], 7));
        game_end(&g);
    }
}

/* A player's `took`: kept where the rules read it. 2x3, 3 seeds: a last
 * seed in an empty hole of one's own takes the hole facing it; a player
 * whose opponent took with his last move may only sow his leftmost
 * occupied hole. */
static const char took[] =
    "game: took\n"
    "board: {rows: 2, holes: 3, seeds: 1, stores: off-track}\n"
    "moves:\n"
    "  from: hole.owner == mover and hole.count > 0 and (not opponent.took or hole == first(row(mover) where hole.count > 0))\n"
    "  direction: ccw\n"
    "captures:\n"
    "  - when: last.owner == mover and last.count == 1 and opposite(last).count > 0\n"
    "    take: opposite(last)\n"
    "    to: mover\n";

static void test_place_took(void **state)
{
    (void)state;
    char buf[256];
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_at(&g, took, mode, "{\"board\": [1,0,1, 1,1,1], \"stores\": [0, 0], \"to_move\": \"south\"}");
        assert_true(g.r->uses_took);
        /* South 1 into 2, empty, facing 5 (1 seed): taken */
        play(&g.vm, &g.p, &g.h, "1");
        assert_int_equal(g.p.store[SOUTH], 1);
        assert_int_equal(g.p.last_move & 3, 1);
        /* North may only sow 4, his leftmost occupied hole */
        assert_string_equal(tokens(&g, buf, sizeof buf), "4");
        /* 4 into 5, empty, facing 2 (1 seed): taken; South's last move
         * is still remembered until his next */
        play(&g.vm, &g.p, &g.h, "4");
        assert_int_equal(g.p.last_move & 3, 3);
        char *js = pos_to_json(&g.vm, &g.p);
        assert_non_null(strstr(js, "\"last_move\":{\"took\":{\"south\":true,\"north\":true}}"));
        free(js);
        /* South: only 3 (his only hole); into 4 (North's): nothing taken */
        assert_string_equal(tokens(&g, buf, sizeof buf), "3");
        play(&g.vm, &g.p, &g.h, "3");
        assert_int_equal(g.p.last_move & 3, 2);
        /* North took nothing new yet: South's last move did not take, so
         * North may sow 5 and 6... 4 now holds 1, 5 holds 1, 6 holds 1 */
        assert_string_equal(tokens(&g, buf, sizeof buf), "4 5 6");
        game_end(&g);
    }
}

/* 2x3; South 2, 0, 1, North 1 a hole; 4 and 2 seeds in the reserves:
 * `place.each` puts a seed into every hole of the mover's holding fewer
 * than 2 seeds, one move, place:all, while his reserve lasts. */
static const char each[] =
    "game: each\n"
    "board: {rows: 2, holes: 3, seeds: \"if hole.number == 1 then 2 else if hole.number == 2 then 0 else 1\","
    " stores: off-track}\n"
    "moves:\n"
    "  from: hole.owner == mover and hole.count > 0\n"
    "  direction: ccw\n"
    "  place: {reserve: 4, also: true, each: true, where: hole.owner == mover and hole.count < 2}\n";

static void test_place_each(void **state)
{
    (void)state;
    char buf[256];
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_start(&g, each, mode);
        /* the sowings, then the one placement */
        assert_string_equal(tokens(&g, buf, sizeof buf), "1 3 place:all");
        /* South: 2 and 3 hold fewer than 2 (1 holds 2): a seed each,
         * reserve 4 -> 2; no sowing follows; North to move */
        play(&g.vm, &g.p, &g.h, "place:all");
        static const int w1[] = { 2, 1, 2, 1, 1, 1 };
        counts_are(&g.p, w1, 6);
        assert_int_equal(g.p.reserve[SOUTH], 2);
        assert_int_equal(g.p.to_move, NORTH);
        /* North: all three of his hold 1: a seed each, 4 -> 1 */
        play(&g.vm, &g.p, &g.h, "place:all");
        static const int w2[] = { 2, 1, 2, 2, 2, 2 };
        counts_are(&g.p, w2, 6);
        assert_int_equal(g.p.reserve[NORTH], 1);
        /* South: only 2 holds fewer than 2: 2 -> 1 in reserve */
        play(&g.vm, &g.p, &g.h, "place:all");
        static const int w3[] = { 2, 2, 2, 2, 2, 2 };
        counts_are(&g.p, w3, 6);
        assert_int_equal(g.p.reserve[SOUTH], 1);
        game_end(&g);

        /* a reserve shorter than the holes: the lowest-numbered first.
         * North with 1 seed left and 4, 5, 6 all at 1 puts it into 4 */
        game_at(&g, each, mode,
                "{\"board\": [2,2,2, 1,1,1], \"stores\": [0,0], \"to_move\": \"north\", \"reserve\": [0, 1]}");
        play(&g.vm, &g.p, &g.h, "place:all");
        static const int w4[] = { 2, 2, 2, 2, 1, 1 };
        counts_are(&g.p, w4, 6);
        assert_int_equal(g.p.reserve[NORTH], 0);
        /* no hole of South's holds fewer than 2: no placement */
        assert_string_equal(tokens(&g, buf, sizeof buf), "1 2 3");
        game_end(&g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_place_plain),
        cmocka_unit_test(test_place_sow_on),
        cmocka_unit_test(test_place_took),
        cmocka_unit_test(test_place_each),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
