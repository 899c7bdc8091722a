/* jsonmid.c: the fields of a JSON position (docs/positions.md) that say
 * what a decision inside a move holds: the hand and where it may be sown,
 * the holes to pick, where a hand may be put, a steered lap. */
#include <jansson.h>
#include <string.h>

#include "engine.h"
#include "jsonint.h"

/* `steer`: in phase "steer", where the steered lap stands: the hole of
 * its last seed (`at`; the lap's origin before its first), the hole
 * before it (`before`, null at the lap's first seed), the lap's origin,
 * the move's start and the holes the lap has gone through (`trail`);
 * null in any other phase. */
static json_t *steer_json(const Rules *r, const Position *p)
{
    if (p->phase != PH_STEER)
        return json_null();
    json_t *s = json_object();
    json_object_set_new(s, "at", json_integer(p->picks + 1));
    json_object_set_new(s, "before", p->pick_rule ? json_integer(p->pick_rule) : json_null());
    json_object_set_new(s, "origin", json_integer(ctz_mask(p->hand_from[1]) + 1));
    json_object_set_new(s, "start", json_integer(p->lot));
    json_object_set_new(s, "trail", js_hole_list(r, p->hand_from[0]));
    return s;
}

/* The fields of a decision inside a move: the hand and where it may be
 * sown (phase hand), the holes to pick (phase pick), where the hand may
 * be put (phase put), the steered lap (phase steer); hand_from holds the
 * holes of whichever phase. */
void js_mid_move_fields(const Rules *r, const Position *p, json_t *o)
{
    if (r->hand_choice || r->has_puts || r->sow.steer.code)
        json_object_set_new(o, "hand", json_integer(p->hand));
    if (r->sow.steer.code)
        json_object_set_new(o, "steer", steer_json(r, p));
    if (r->hand_choice) {
        json_t *hf = json_object();
        const int hand = p->phase == PH_HAND;   /* in phase pick the words hold the picks */
        json_object_set_new(hf, "cw", js_hole_list(r, hand ? p->hand_from[DIR_CW] : 0));
        json_object_set_new(hf, "ccw", js_hole_list(r, hand ? p->hand_from[DIR_CCW] : 0));
        json_object_set_new(o, "hand_from", hf);
    }
    if (r->has_picks) {
        json_object_set_new(o, "picks", json_integer(p->picks));
        json_object_set_new(o, "pick_from", js_hole_list(r, p->phase == PH_PICK ? p->hand_from[0] : 0));
        json_object_set_new(o, "pick_rule", json_integer(p->pick_rule));
    }
    if (r->has_puts)
        json_object_set_new(o, "put_from", js_hole_list(r, p->phase == PH_PUT ? p->hand_from[0] : 0));
}

/* `hand` and `hand_from`: in phase "hand" (only there), the seeds in the
 * mover's hand and the holes he may sow them from, which are holes in
 * play on his track. */
int js_read_hand(const Rules *r, json_t *o, Position *p, char *err, size_t errlen)
{
    json_t *v = json_object_get(o, "hand"), *f = json_object_get(o, "hand_from");
    if (v && (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > MAX_SEEDS))
        return js_fail(err, errlen, "field `hand`: expected 0..%d seeds", MAX_SEEDS);
    p->hand = v ? (uint16_t)json_integer_value(v) : 0;
    if (f) {
        json_t *d[2] = { json_object_get(f, "ccw"), json_object_get(f, "cw") };
        if (!json_is_object(f) || json_object_size(f) != (size_t)(!!d[0] + !!d[1]))
            return js_fail(err, errlen, "field `hand_from`: expected {\"cw\": [...], \"ccw\": [...]}");
        for (int i = 0; i < 2; i++)
            if (d[i] && !js_get_holes(r, d[i], &p->hand_from[i]))
                return js_fail(err, errlen, "field `hand_from`: expected lists of hole numbers 1..%d", r->nholes);
    }
    Mask from = p->hand_from[0] | p->hand_from[1];
    if (from && p->phase != PH_HAND)
        return js_fail(err, errlen, "field `hand_from`: the hand is sown on only in phase \"hand\"");
    if (p->phase == PH_PUT) {
        if (!p->hand)
            return js_fail(err, errlen, "field `hand`: in phase \"put\" the player to move holds the seeds he puts");
        return 1;
    }
    if (p->phase == PH_STEER) {
        if (!p->hand)
            return js_fail(err, errlen, "field `hand`: in phase \"steer\" the player to move holds the seeds he steers");
        return 1;
    }
    if (p->phase != PH_HAND) {
        if (p->hand)
            return js_fail(err, errlen,
                           "field `hand`: seeds are held in hand only in phases \"hand\", \"put\" and \"steer\"");
        return 1;
    }
    if (!p->hand)
        return js_fail(err, errlen, "field `hand`: in phase \"hand\" the player to move holds seeds");
    if (!from)
        return js_fail(err, errlen, "field `hand_from`: in phase \"hand\" it names the holes the hand may be sown from");
    Mask ok = ~p->out_of_play & r->geo.track_mask[p->to_move];
    for (int h = 0; h < r->nholes; h++)
        if (has_hole((from & ~ok), h))
            return js_fail(err, errlen, "field `hand_from`: hole %d is out of play or not on the track of the player to move",
                        h + 1);
    return 1;
}

/* `picks`, `pick_from` and `pick_rule`: in phase "pick" (only there), the
 * holes the mover may still pick, which of them (in play, holding seeds),
 * and the capture rule (1-based) whose `pick` it is. */
int js_read_pick(const Rules *r, json_t *o, Position *p, char *err, size_t errlen)
{
    json_t *n = json_object_get(o, "picks"), *f = json_object_get(o, "pick_from"), *k = json_object_get(o, "pick_rule");
    Mask from = 0;
    if (n && (!json_is_integer(n) || json_integer_value(n) < 0 || json_integer_value(n) > MAX_HOLES))
        return js_fail(err, errlen, "field `picks`: expected 0..%d holes", MAX_HOLES);
    if (f && !js_get_holes(r, f, &from))
        return js_fail(err, errlen, "field `pick_from`: expected a list of hole numbers 1..%d", r->nholes);
    if (k && (!json_is_integer(k) || json_integer_value(k) < 0 || json_integer_value(k) > r->ncaptures))
        return js_fail(err, errlen, "field `pick_rule`: expected 0..%d (a rule of `captures`, from 1)", r->ncaptures);
    int picks = n ? (int)json_integer_value(n) : 0, rule = k ? (int)json_integer_value(k) : 0;
    if (p->phase != PH_PICK) {
        if (picks || from || rule)
            return js_fail(err, errlen, "field `picks`: holes are picked only in phase \"pick\"");
        return 1;
    }
    if (!picks)
        return js_fail(err, errlen, "field `picks`: in phase \"pick\" the player to move has holes to pick");
    if (!rule || !r->captures[rule - 1].pick_n.code)
        return js_fail(err, errlen, "field `pick_rule`: in phase \"pick\" it names a rule of `captures` that has `pick`");
    if (!from)
        return js_fail(err, errlen, "field `pick_from`: in phase \"pick\" it names the holes that may be picked");
    for (int h = 0; h < r->nholes; h++)
        if (has_hole(from, h) && (has_hole(p->out_of_play, h) || !p->count[h]))
            return js_fail(err, errlen, "field `pick_from`: hole %d is out of play or empty", h + 1);
    p->picks = (uint8_t)picks;
    p->pick_rule = (uint8_t)rule;
    p->hand_from[0] = from;
    return 1;
}

/* `put_from`: in phase "put" (only there), the holes in play the mover
 * may put the seeds in his hand into. */
int js_read_put(const Rules *r, json_t *o, Position *p, char *err, size_t errlen)
{
    json_t *f = json_object_get(o, "put_from");
    Mask from = 0;
    if (f && !js_get_holes(r, f, &from))
        return js_fail(err, errlen, "field `put_from`: expected a list of hole numbers 1..%d", r->nholes);
    if (p->phase != PH_PUT) {
        if (from)
            return js_fail(err, errlen, "field `put_from`: seeds are put only in phase \"put\"");
        return 1;
    }
    if (!from)
        return js_fail(err, errlen, "field `put_from`: in phase \"put\" it names the holes the seeds may go into");
    for (int h = 0; h < r->nholes; h++)
        if (has_hole(from & p->out_of_play, h))
            return js_fail(err, errlen, "field `put_from`: hole %d is out of play", h + 1);
    p->hand_from[0] = from;
    return 1;
}

/* A hole number of the object `s`'s field `name` into *h (0-based); 0
 * if it is not one of 1..nholes. */
static int steer_hole(const Rules *r, json_t *s, const char *name, int *h)
{
    json_t *v = json_object_get(s, name);
    if (!json_is_integer(v) || json_integer_value(v) < 1 || json_integer_value(v) > r->nholes)
        return 0;
    *h = (int)json_integer_value(v) - 1;
    return 1;
}

/* `steer`: in phase "steer" (only there), the steered lap: `at`, `origin`
 * and `start` holes in play, `before` null or a hole next to `at`, the
 * `trail` holes in play holding `at`, `origin` and `before`. */
int js_read_steer(const Rules *r, json_t *o, Position *p, char *err, size_t errlen)
{
    json_t *s = json_object_get(o, "steer");
    if (p->phase != PH_STEER) {
        if (s && !json_is_null(s))
            return js_fail(err, errlen, "field `steer`: a lap is steered only in phase \"steer\"");
        return 1;
    }
    int at, origin, start, before = NO_HOLE;
    Mask trail = 0;
    json_t *b = json_object_get(s, "before");
    if (!json_is_object(s) || !steer_hole(r, s, "at", &at) || !steer_hole(r, s, "origin", &origin) ||
        !steer_hole(r, s, "start", &start) || (b && !json_is_null(b) && !steer_hole(r, s, "before", &before)) ||
        !js_get_holes(r, json_object_get(s, "trail"), &trail))
        return js_fail(err, errlen, "field `steer`: in phase \"steer\" expected {\"at\": H, \"before\": H or null, "
                       "\"origin\": H, \"start\": H, \"trail\": [H, ...]} with holes 1..%d", r->nholes);
    if (before >= 0 && !geo_heading(&r->geo, before, at))
        return js_fail(err, errlen, "field `steer`: hole %d (`before`) is not next to hole %d (`at`)", before + 1, at + 1);
    if (!has_hole(trail, at) || !has_hole(trail, origin) || (before >= 0 && !has_hole(trail, before)))
        return js_fail(err, errlen, "field `steer`: the trail holds `at`, `origin` and `before`");
    if (before < 0 && (at != origin || trail != bit(at)))
        return js_fail(err, errlen, "field `steer`: with `before` null (the lap's first seed) `at` is its origin and "
                       "the trail holds it alone");
    for (int h = 0; h < r->nholes; h++)
        if (has_hole(trail & p->out_of_play, h) || (h == start && has_hole(p->out_of_play, h)))
            return js_fail(err, errlen, "field `steer`: hole %d is out of play", h + 1);
    p->picks = (uint8_t)at;
    p->pick_rule = (uint8_t)(before + 1);
    p->lot = (uint8_t)(start + 1);
    p->hand_from[0] = trail;
    p->hand_from[1] = bit(origin);
    return 1;
}
