/* test_select: moves that choose a hole and sow nothing (`moves.select`,
 * tokens select:H): the capture rules after them (with a pick), the name
 * `selected`, `also`, the extra turn and end rules, the JSON field
 * last_move.selected, the before-sowing rules before a selection, and a
 * selection an option turns off. Expected boards are worked out by hand in the
 * comments; every case runs in the planned and the reference mode. */
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

/* 2x3, 2 seeds a hole; each player's first move selects one of his
 * holes: the hole facing it is taken, then one more of the opponent's,
 * picked (the pick is a decision: `plies` counts it, so North's first
 * move is at plies 2). Later a sowing's last seed alone in one's own hole takes the
 * hole facing it (not after a selection). */
static const char opening[] =
    "game: opening\n"
    "board: {rows: 2, holes: 3, seeds: 2, stores: off-track}\n"
    "moves:\n"
    "  from: hole.owner == mover and hole.count > 0\n"
    "  direction: ccw\n"
    "  select: {when: plies == 0 or plies == 2, where: hole.owner == mover and hole.count > 0}\n"
    "captures:\n"
    "  - when: selected\n"
    "    take: opposite(last)\n"
    "    to: mover\n"
    "    pick: {holes: 1, from: row(opponent)}\n"
    "  - when: last.owner == mover and last.count == 1\n"
    "    take: opposite(last)\n"
    "    to: mover\n";

static void test_select_opening(void **state)
{
    (void)state;
    char buf[256];
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_start(&g, opening, mode);
        /* the first move: selections only */
        assert_string_equal(tokens(&g, buf, sizeof buf), "select:1 select:2 select:3");
        /* South selects 1: 6 facing it (2) is his; then he picks one of
         * 4 and 5 */
        play(&g.vm, &g.p, &g.h, "select:1");
        static const int w1[] = { 2, 2, 2, 2, 2, 0 };
        counts_are(&g.p, w1, 6);
        assert_int_equal(g.p.store[SOUTH], 2);
        assert_int_equal(g.p.phase, PH_PICK);
        assert_string_equal(tokens(&g, buf, sizeof buf), "take:4 take:5");
        play(&g.vm, &g.p, &g.h, "take:5");
        static const int w2[] = { 2, 2, 2, 2, 0, 0 };
        counts_are(&g.p, w2, 6);
        assert_int_equal(g.p.store[SOUTH], 4);
        assert_int_equal(g.p.to_move, NORTH);
        /* the JSON position says the last move was a selection */
        char *js = pos_to_json(&g.vm, &g.p);
        assert_non_null(strstr(js, "\"selected\":true"));
        /* and reads it back */
        Position q;
        char err[200];
        assert_true(pos_from_json(g.r, js, strlen(js), &q, err, sizeof err));
        assert_int_equal(q.last_move & LM_SELECTED, LM_SELECTED);
        free(js);
        /* North selects his 4: 3 facing it (2) taken, then he picks 1 */
        assert_string_equal(tokens(&g, buf, sizeof buf), "select:4");
        play(&g.vm, &g.p, &g.h, "select:4 take:1");
        static const int w3[] = { 0, 2, 0, 2, 0, 0 };
        counts_are(&g.p, w3, 6);
        assert_int_equal(g.p.store[NORTH], 4);
        /* then sowings: South 2 (2) into 3 and 4: 3 held nothing, but the
         * last seed is in 4 (North's): no capture; `selected` is false */
        assert_string_equal(tokens(&g, buf, sizeof buf), "2");
        play(&g.vm, &g.p, &g.h, "2");
        static const int w4[] = { 0, 0, 1, 3, 0, 0 };
        counts_are(&g.p, w4, 6);
        js = pos_to_json(&g.vm, &g.p);
        assert_non_null(strstr(js, "\"selected\":false"));
        free(js);
        game_end(&g);
    }
}

/* 2x2, a seed a hole; selections besides the sowings (`also`) of the
 * opponent's holes, taken; a selection gives the mover another turn; the
 * game ends when a row is empty. */
static const char also[] =
    "game: also\n"
    "board: {rows: 2, holes: 2, seeds: 1, stores: off-track}\n"
    "moves:\n"
    "  from: hole.owner == mover and hole.count > 0\n"
    "  direction: ccw\n"
    "  select: {when: true, also: true, where: hole.owner == opponent and hole.count > 0}\n"
    "captures:\n"
    "  - when: selected\n"
    "    take: last\n"
    "    to: mover\n"
    "extra-turn: selected\n"
    "end:\n"
    "  - when: seeds(row(north)) == 0\n"
    "    seeds: owners\n";

static void test_select_also(void **state)
{
    (void)state;
    char buf[256];
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_start(&g, also, mode);
        /* the sowings first, then the selections */
        assert_string_equal(tokens(&g, buf, sizeof buf), "1 2 select:3 select:4");
        /* South takes 3: he moves again (extra-turn: selected) */
        play(&g.vm, &g.p, &g.h, "select:3");
        static const int w1[] = { 1, 1, 0, 1 };
        counts_are(&g.p, w1, 4);
        assert_int_equal(g.p.to_move, SOUTH);
        assert_string_equal(tokens(&g, buf, sizeof buf), "1 2 select:4");
        /* South takes 4: North's row is empty: the game ends, South
         * taking his own 2 seeds (4 in all) */
        play(&g.vm, &g.p, &g.h, "select:4");
        assert_true(g.p.over);
        assert_int_equal(g.p.winner, WIN_SOUTH);
        assert_int_equal(g.p.store[SOUTH], 4);
        game_end(&g);
    }
}

/* 2x3, 2 seeds a hole; the first move selects one of South's holes;
 * before its captures, the before-sowing rules move the seeds of the
 * hole after it (counterclockwise) into it; a hole of 4 selected is
 * taken. Where no rule moves seeds into it, nothing is taken. */
static const char before[] =
    "game: before\n"
    "board: {rows: 2, holes: 3, seeds: 2, stores: off-track}\n"
    "moves:\n"
    "  from: hole.owner == mover and hole.count > 0\n"
    "  direction: ccw\n"
    "  select: {when: plies == 0, where: hole.owner == mover}\n"
    "before-sowing:\n"
    "  - when: selected and start.index < 3\n"
    "    take: next(start)\n"
    "    into: start\n"
    "captures:\n"
    "  - when: selected and last.count == 4\n"
    "    take: last\n"
    "    to: mover\n";

static void test_select_before_sowing(void **state)
{
    (void)state;
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_start(&g, before, mode);
        /* South selects 1: 2's two seeds go into 1 (4), which is taken */
        play(&g.vm, &g.p, &g.h, "select:1");
        static const int w1[] = { 0, 0, 2, 2, 2, 2 };
        counts_are(&g.p, w1, 6);
        assert_int_equal(g.p.store[SOUTH], 4);
        assert_int_equal(g.p.to_move, NORTH);
        game_end(&g);
        /* South selects 3 (index 3): no rule moves seeds, 3 holds 2:
         * nothing taken */
        game_start(&g, before, mode);
        play(&g.vm, &g.p, &g.h, "select:3");
        static const int w2[] = { 2, 2, 2, 2, 2, 2 };
        counts_are(&g.p, w2, 6);
        assert_int_equal(g.p.store[SOUTH], 0);
        game_end(&g);
    }
}

/* A selection whose `when` is false whatever the play (an option that is
 * off) gives no selections at all: the file has none. */
static void test_select_off(void **state)
{
    (void)state;
    static const char off[] =
        "game: off\n"
        "options: {opening: {type: bool, default: false}}\n"
        "board: {rows: 2, holes: 3, seeds: 2, stores: off-track}\n"
        "moves:\n"
        "  from: hole.owner == mover and hole.count > 0\n"
        "  direction: ccw\n"
        "  select: {when: opening and plies == 0, where: hole.owner == mover}\n";
    Rules *r = test_load_text(off, NULL, 0);
    assert_non_null(r);
    assert_false(r->has_select);
    rules_free(r);
    const char *on[] = { "opening=true" };
    r = test_load_text(off, on, 1);
    assert_non_null(r);
    assert_true(r->has_select);
    rules_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_select_opening),
        cmocka_unit_test(test_select_also),
        cmocka_unit_test(test_select_before_sowing),
        cmocka_unit_test(test_select_off),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
