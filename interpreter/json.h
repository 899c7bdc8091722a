/* json.h: positions as JSON (docs/positions.md), read and written with
 * jansson. */
#ifndef MANCALA_JSON_H
#define MANCALA_JSON_H

#include <stddef.h>
#include "position.h"
#include "rules.h"
#include "vm.h"

/* Writes `p` as one JSON object (with its legal moves, listed by `vm`) to
 * a malloc'd string; NULL when out of memory or when the moves cannot be
 * listed (the Vm's status says why). */
char *pos_to_json(Vm *vm, const Position *p);

/* Reads a position from JSON text. Returns 1, or 0 with a message naming
 * the offending field in `err`. `p` is untouched on failure. */
int pos_from_json(const Rules *r, const char *text, size_t len, Position *p,
                  char *err, size_t errlen);

#endif
