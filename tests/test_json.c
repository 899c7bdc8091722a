/* test_json: reading and writing JSON positions (interpreter/json.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "builtin.h"
#include "json.h"
#include "rules.h"
#include "vm.h"
#include "testlib.h"


/* Reading must fail, naming `field`, and leave the position untouched. */
static void refused(const Rules *r, const char *json, const char *field)
{
    Position p, before;
    memset(&p, 0x5a, sizeof p);
    before = p;
    char err[300];
    assert_false(pos_from_json(r, json, strlen(json), &p, err, sizeof err));
    if (!strstr(err, field))
        fail_msg("%s: message \"%s\" does not name %s", json, err, field);
    assert_memory_equal(&p, &before, sizeof p);
}

static void test_json_round_trip(void **state)
{
    (void)state;
    const char *names[] = { "bechi", "ba-awa", "bohnenspiel", "andada", "oware", "kalah" };
    for (size_t v = 0; v < sizeof names / sizeof *names; v++) {
        Rules *r = test_builtin(names[v], NULL, 0);
        assert_non_null(r);
        Vm vm;
        vm_init(&vm, r);
        History h;
        hist_init(&h);
        Position p;
        flow_start(&vm, &p, &h);
        /* a few moves in, so that flags and stores are not all zero */
        for (int i = 0; i < 7 && !p.over; i++) {
            Move m[MAX_MOVES];
            int n = gen_moves(&vm, &p, m);
            flow_play(&vm, &p, &m[(i * 5) % n], &h, NULL);
        }
        char *js = pos_to_json(&vm, &p);
        assert_non_null(js);
        Position q;
        char err[300];
        if (!pos_from_json(r, js, strlen(js), &q, err, sizeof err))
            fail_msg("%s: %s: %s", names[v], js, err);
        assert_true(hist_same(r, &p, &q));
        assert_int_equal(q.starter, p.starter);
        assert_int_equal(q.last_mover, p.last_mover);
        char *js2 = pos_to_json(&vm, &q);
        assert_string_equal(js, js2);
        free(js);
        free(js2);
        hist_free(&h);
        rules_free(r);
    }
}

static void test_json_written_fields(void **state)
{
    (void)state;
    Rules *r = test_builtin("kalah", NULL, 0);
    Vm vm;
    vm_init(&vm, r);
    Position p;
    flow_start(&vm, &p, NULL);
    char *js = pos_to_json(&vm, &p);
    assert_non_null(strstr(js, "\"board\":[4,4,4,4,4,4,4,4,4,4,4,4]"));
    assert_non_null(strstr(js, "\"stores\":[0,0]"));
    assert_non_null(strstr(js, "\"to_move\":\"south\""));
    assert_non_null(strstr(js, "\"over\":false"));
    assert_non_null(strstr(js, "\"winner\":null"));
    assert_non_null(strstr(js, "\"moves\":[\"1\",\"2\",\"3\",\"4\",\"5\",\"6\"]"));
    assert_null(strstr(js, "owners"));   /* only where they differ or move */
    free(js);
    rules_free(r);
}

static void test_json_refuses_bad_fields(void **state)
{
    (void)state;
    Rules *r = test_builtin("bechi", NULL, 0);
    refused(r, "[1, 2]", "object");
    refused(r, "{\"board\": [6,6,6,6,6,6,6], \"stores\": [0,0], \"to_move\": \"south\"}", "board");
    refused(r, "{\"board\": [6,6,6,6,6,6,6,-6], \"stores\": [0,0], \"to_move\": \"south\"}", "board");
    refused(r, "{\"board\": [6,6,6,6,6,6,6,6], \"stores\": [0], \"to_move\": \"south\"}", "stores");
    refused(r, "{\"board\": [6,6,6,6,6,6,6,6], \"stores\": [0,0], \"to_move\": \"west\"}", "to_move");
    refused(r, "{\"board\": [6,6,6,6,6,6,6,6], \"stores\": [0,0], \"to_move\": \"south\", \"phase\": \"opening\"}", "phase");
    refused(r, "{\"board\": [6,6,6,6,6,6,6,6], \"stores\": [0,0], \"to_move\": \"south\", \"opened\": [9]}", "opened");
    refused(r, "{\"board\": [6,6,6,6,6,6,6,6], \"stores\": [0,0], \"to_move\": \"south\", \"out_of_play\": [2]}", "out_of_play");
    refused(r, "{\"board\": [6,6,6,6,6,6,6,6], \"stores\": [0,0], \"to_move\": \"south\", \"round\": 0}", "round");
    refused(r, "{\"board\": [6,6,6,6,6,6,6,6], \"stores\": [0,0], \"to_move\": \"south\", \"owners\": [\"south\"]}", "owners");
    refused(r, "{\"board\": [6,6,6,6,6,6,6,6], \"stores\": [0,0], \"to_move\": \"south\", \"over\": true}", "over");
    refused(r, "{\"variant\": \"kalah\", \"board\": [6,6,6,6,6,6,6,6], \"stores\": [0,0], \"to_move\": \"south\"}", "variant");
    refused(r, "{\"board\": [6,6,6,6,6,6,6,6], \"board\": [6,6,6,6,6,6,6,6], \"stores\": [0,0], \"to_move\": \"south\"}", "duplicate");
    refused(r, "{\"board\": [6,6,6,6,6,6,6,6], \"stores\": [0,0], \"to_move\": \"south\"", "line 1");
    rules_free(r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_json_round_trip),
        cmocka_unit_test(test_json_written_fields),
        cmocka_unit_test(test_json_refuses_bad_fields),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
