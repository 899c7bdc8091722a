/* test_choice: sowings the mover may make with a choice of his
 * (`moves.choice`, tokens H+): where they are offered, the name `choice`
 * in the sowing and capture rules, the JSON field last_move.choice, a
 * choice an option turns off, and the loader's refusals. Expected boards
 * are worked out by hand in the comments; every case runs in the planned
 * and the reference mode. */
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

/* 2x3, 2 seeds a hole. From a hole holding 2 the mover may choose to
 * pass over the hole after it; a last seed that makes 3 is taken, but
 * only in a move made with the choice. */
static const char jump[] =
    "game: jump\n"
    "board: {rows: 2, holes: 3, seeds: 2, stores: off-track}\n"
    "moves:\n"
    "  from: hole.owner == mover and hole.count > 0\n"
    "  direction: ccw\n"
    "  choice: {where: hole.count == 2, says: the hole after the origin is passed over}\n"
    "sowing:\n"
    "  skip: choice and hole == next(start)\n"
    "captures:\n"
    "  - when: choice and last.count == 3\n"
    "    take: last\n"
    "    to: mover\n";

static void test_choice_moves(void **state)
{
    (void)state;
    char buf[256];
    for (unsigned mode = MC_LOAD_PLANNED; mode >= MC_LOAD_GENERAL; mode--) {
        Game g;
        game_start(&g, jump, mode);
        /* every South hole holds 2: each with and without the choice */
        assert_string_equal(tokens(&g, buf, sizeof buf), "1 1+ 2 2+ 3 3+");
        /* South 1+ (2): 2 passed over, 3: 2->3, 4: 2->3, the last: 3
         * made with the choice: 4 taken */
        play(&g.vm, &g.p, &g.h, "1+");
        static const int w1[] = { 0, 2, 3, 0, 2, 2 };
        counts_are(&g.p, w1, 6);
        assert_int_equal(g.p.store[SOUTH], 3);
        char *js = pos_to_json(&g.vm, &g.p);
        assert_non_null(strstr(js, "\"choice\":true"));
        Position q;
        char err[200];
        assert_true(pos_from_json(g.r, js, strlen(js), &q, err, sizeof err));
        assert_int_equal(q.last_move & LM_CHOSEN, LM_CHOSEN);
        free(js);
        /* North: 4 is empty, 5 and 6 hold 2 */
        assert_string_equal(tokens(&g, buf, sizeof buf), "5 5+ 6 6+");
        /* North 6 (2) without the choice: 1: 0->1, 2: 2->3; 3 made, but
         * not with the choice: nothing taken */
        play(&g.vm, &g.p, &g.h, "6");
        static const int w2[] = { 1, 3, 3, 0, 2, 0 };
        counts_are(&g.p, w2, 6);
        assert_int_equal(g.p.store[NORTH], 0);
        js = pos_to_json(&g.vm, &g.p);
        assert_non_null(strstr(js, "\"choice\":false"));
        free(js);
        game_end(&g);
    }
}

/* A choice whose `where` is false whatever the play (an option that is
 * off) gives no moves with it; on, it does. */
static void test_choice_off(void **state)
{
    (void)state;
    static const char off[] =
        "game: off\n"
        "options: {jump: {type: bool, default: false}}\n"
        "board: {rows: 2, holes: 3, seeds: 2, stores: off-track}\n"
        "moves:\n"
        "  from: hole.owner == mover and hole.count > 0\n"
        "  direction: ccw\n"
        "  choice: {where: jump}\n";
    Rules *r = test_load_text(off, NULL, 0);
    assert_non_null(r);
    assert_false(r->has_choice);
    rules_free(r);
    const char *on[] = { "jump=true" };
    r = test_load_text(off, on, 1);
    assert_non_null(r);
    assert_true(r->has_choice);
    rules_free(r);
}

static void test_choice_refused(void **state)
{
    (void)state;
    static const char base[] =
        "game: bad\n"
        "board: {rows: 2, holes: 3, seeds: 2, stores: off-track}\n"
        "moves:\n"
        "  from: hole.owner == mover and hole.count > 0\n"
        "  direction: ccw\n"
        "# the rest\n";
    static const char *const bad[][2] = {
        { "  choice: true\n", "must be a mapping" },
        { "  choice: {says: x}\n", "needs the key `where`" },
        { "  choice: {where: hole.count}\n", "expected a boolean here" },
        { "  choice: {where: last.count > 0}\n", "`last` is not available here" },
        { "  choice: {where: true, also: true}\n", "unknown key `also`" },
        { "  choice: {where: true}\nsowing: {laps: relay, relay-stop: true}\n",
          "`relay-stop` and `moves.choice` cannot go together" },
        { "captures:\n  - when: choice\n    take: hole(9)\n    to: mover\n  - when: choice and hand > 0\n"
          "    take: last\n    to: mover\n", "`hand` is not available here" },
    };
    refused_files(base, "# the rest", bad, sizeof bad / sizeof bad[0]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_choice_moves),
        cmocka_unit_test(test_choice_off),
        cmocka_unit_test(test_choice_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
