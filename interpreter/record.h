/* record.h: game records, the text files `play` saves and `replay
 * --record` / `play --load` read (docs/records.md):
 *
 *   # mancala game record
 *   variant: my-game
 *   option: hemprich=true
 *   seed: 7
 *   start: {"to_move": "south", ...}
 *   round 1: 3 8 1 9
 *   round 2: 4 10
 *   result: south 40-32
 *
 * Lines: `#` comments, `variant:` (once, first), `option:` (any number),
 * `seed:` (optional), `start:` (optional: the position the game began
 * from, JSON on one line; the variant's start without it), `round N:`
 * followed by move tokens (rounds in order, the first round 1 unless a
 * `start:` says where the game began; the numbers are checked when the
 * moves are replayed), `result:`
 * (written for people, ignored when read). Blank lines are ignored, and
 * so is a UTF-8 byte order mark at the start. */
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
    char *start;          /* `start:`: a JSON position, or NULL */
    char **moves;         /* tokens */
    int *round;           /* the round each token was written under */
    int nmoves, cap;
} Record;

/* Parses a record from `text` (`len` bytes, borrowed; need not be
 * NUL-terminated; a NUL byte inside is an error). Returns 1, or 0 with
 * "LINE: message" in `err` (just "message" for a problem of the whole
 * text: a NUL byte, no `variant:` line, out of memory); on failure `rec`
 * holds nothing to free. The rounds' numbers are checked here only for
 * their order (see above). */
int rec_parse(const char *text, size_t len, Record *rec, char *err, size_t errlen);
/* Reads the file `path` (at most 4 MiB) and parses it with rec_parse.
 * Returns 1, or 0 with "PATH:LINE: message" or "PATH: message" in `err`
 * (a file that cannot be read: io_read_file's message); on failure `rec`
 * holds nothing to free. */
int rec_read(const char *path, Record *rec, char *err, size_t errlen);
void rec_free(Record *rec);

/* Writes the game from `start` (NULL: the variant's start) through
 * `moves` to `path`, through a temporary file renamed into place: nothing
 * half-written. */
int rec_write(const char *path, const Rules *r, const char *variant,
              const char *const *opts, int nopts, unsigned long seed, const Position *start,
              const Move *moves, int nmoves, char *err, size_t errlen);

#endif
