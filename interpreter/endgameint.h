/* endgameint.h: what the files of the endgame databases share
 * (endgame.c: index, files, reading; endgamebuild.c: building). */
#ifndef MANCALA_ENDGAMEINT_H
#define MANCALA_ENDGAMEINT_H

#include "endgame.h"
#include "vm.h"

#define EG_VERSION  2   /* 2: libmancala 4.0.0 (the position layout and hash changed) */
#define EG_NODIST   0xFFFF          /* a bound's distance: no end forced */
#define EG_MAX_SIDE 0x3FFFFFFFull   /* positions of one count and one
                                       player to move: two of them must
                                       be numbered below 2^31 */

/* The perfect index of positions of at most k seeds in `holes` holes. */
typedef struct EgIndex {
    int holes, k;
    uint64_t *comp;        /* [parts * (k + 1) + m]: the compositions of m
                              into `parts` parts (0..holes + 1) */
} EgIndex;

/* A file's header (64 + 128 bytes), then its values (a signed byte a
 * position), and in a file of bounds their distances (EG_DIST: an
 * unsigned 16-bit number a position, in index order). Little-endian
 * fields, as the machine writes them (the databases move between
 * machines of the same byte order). */
typedef struct EgHeader {
    char magic[8];         /* EG_MAGIC and a 0 */
    uint32_t version;      /* EG_VERSION */
    uint32_t holes;        /* holes on the board */
    uint32_t seeds;        /* n, the seeds on the board of its positions */
    uint32_t crc;          /* CRC-32 (zlib's) of the values */
    uint64_t shape;        /* hist_hash_shape of the template */
    uint64_t per_side;     /* positions with one player to move */
    uint32_t source;       /* the variant file's source_crc (0: not recorded) */
    int8_t bound;          /* SolveOpts.bound: 0, the values; SOLVE_LOWER or
                              SOLVE_UPPER, bounds (files written before
                              hold 0 there) */
    char reserved[19];
    char variant[128];     /* "name option=value ...", 0-padded */
} EgHeader;
_Static_assert(sizeof(EgHeader) == 192, "the header of the files is 192 bytes");

/* The compositions of m (0..k) into `parts` parts (0..holes + 1); 0 for
 * m < 0. */
static inline uint64_t eg_comp(const EgIndex *ix, int parts, int m)
{
    return m < 0 ? 0 : ix->comp[parts * (ix->k + 1) + m];
}

int eg_index_init(EgIndex *ix, int holes, int k);
void eg_index_free(EgIndex *ix);
/* The rank of the counts (n seeds in ix->holes holes) among the
 * compositions of n; and its inverse. */
uint64_t eg_rank(const EgIndex *ix, const uint16_t *count, int n);
void eg_unrank(const EgIndex *ix, uint64_t r, int n, uint16_t *count);

/* DIR/seeds-NN.egdb, or of a bound DIR/seeds-NN-lower.egdb, -upper */
void eg_path(const char *dir, int n, int bound, char *buf, size_t len);
/* The header a file of count n must have (its crc left 0). */
void eg_header(const Rules *r, uint64_t shape, int n, uint64_t per_side, int bound, EgHeader *h);
/* Maps the file of count n and checks it against `want` (with `verify`,
 * its checksum too); MC_OK, or MC_EINVAL after a message (*missing:
 * there is no such file). */
int eg_map(const char *dir, int n, const EgHeader *want, int verify, void **map, size_t *len, int *missing,
           char *err, size_t errlen);
/* MC_OK if databases can be made from the template `p`; else MC_EINVAL
 * after a message. */
int eg_shape_ok(const Rules *r, const Position *p, char *err, size_t errlen);

#endif
