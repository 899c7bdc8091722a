/* record.h: game records, the text files `play` saves and `replay
 * --record` / `play --load` read (docs/records.md):
 *
 *   # mancala game record
 *   variant: my-game
 *   option: hemprich=true
 *   seed: 7
 *   round 1: 3 8 1 9
 *   round 2: 4 10
 *   result: south 40-32
 *
 * Lines: `#` comments, `variant:` (once, first), `option:` (any number),
 * `seed:` (optional), `round N:` followed by move tokens (rounds in order;
 * the numbers are checked when the moves are replayed), `result:`
 * (written for people, ignored when read). Blank lines are ignored. */
#ifndef MANCALA_RECORD_H
#define MANCALA_RECORD_H

#include <stddef.h>
#include "rules.h"
#include "vm.h"

#define REC_MAX_OPTIONS 64
#define REC_MAX_MOVES   1000000

typedef struct Record {
    char *variant;
    char *opts[REC_MAX_OPTIONS];
    int nopts;
    unsigned long seed;
    int have_seed;
    char **moves;         /* tokens */
    int *round;           /* the round each token was written under */
    int nmoves, cap;
} Record;

/* Reads a record. Returns 1, or 0 with "LINE: message" in err; on
 * failure `rec` holds nothing to free. */
int rec_read(const char *path, Record *rec, char *err, size_t errlen);
void rec_free(Record *rec);

/* Writes the game from the variant's start through `moves` to `path`,
 * through a temporary file renamed into place: nothing half-written. */
int rec_write(const char *path, const Rules *r, const char *variant,
              const char *const *opts, int nopts, unsigned long seed,
              const Move *moves, int nmoves, char *err, size_t errlen);

#endif
