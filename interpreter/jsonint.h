/* jsonint.h: what json.c and jsonmid.c share (the JSON position,
 * docs/positions.md). */
#ifndef MANCALA_JSONINT_H
#define MANCALA_JSONINT_H

#include <jansson.h>
#include <stddef.h>

#include "diag.h"
#include "engine.h"

/* The holes set in `m`, as a JSON list of hole numbers. */
json_t *js_hole_list(const Rules *r, Mask m);
/* Writes a printf-style message to `err` (n bytes); returns 0, the
 * failure its callers return. */
int js_fail(char *err, size_t n, const char *fmt, ...) DG_PRINTF(3, 4);
/* A list of hole numbers 1..nholes into the mask *out; 0 for anything
 * else. */
int js_get_holes(const Rules *r, json_t *v, Mask *out);

/* jsonmid.c: the fields of a decision inside a move, written into `o`
 * where the variant has them; and read, each returning 1 or 0 with a
 * message in `err`. */
void js_mid_move_fields(const Rules *r, const Position *p, json_t *o);
int js_read_hand(const Rules *r, json_t *o, Position *p, char *err, size_t errlen);
int js_read_pick(const Rules *r, json_t *o, Position *p, char *err, size_t errlen);
int js_read_put(const Rules *r, json_t *o, Position *p, char *err, size_t errlen);
int js_read_steer(const Rules *r, json_t *o, Position *p, char *err, size_t errlen);

#endif
