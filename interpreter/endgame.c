/* endgame.c: the endgame databases' index, files and reading (see
 * endgame.h); their building is in endgamebuild.c.
 *
 * The index of a position of n seeds on the board in h holes: the
 * player to move times the compositions of n into h parts, plus the rank
 * of its counts among those compositions in lexicographic order. Where
 * hole i (of h) holds c with `rem` seeds still to place in it and the
 * k = h-1-i holes after it, the compositions that put fewer seeds in it
 * number sum(v < c) comp(k, rem - v) = comp(k+1, rem) - comp(k+1, rem - c),
 * since the compositions of at most m seeds into k parts are those of
 * exactly m into k+1. */
#define _DEFAULT_SOURCE   /* mmap's MAP_* flags and madvise */
#include "endgameint.h"
#include "io.h"
#include "solveint.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* a + b, or UINT64_MAX past it. */
static uint64_t add_sat(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* comp[parts * (k + 1) + m] for parts 0..maxparts, m 0..k: the
 * compositions of m into `parts` parts, by comp(p, m) = comp(p - 1, m) +
 * comp(p, m - 1), saturating at UINT64_MAX. */
static void fill_comp(uint64_t *comp, int maxparts, int k)
{
    for (int p = 0; p <= maxparts; p++)
        for (int m = 0; m <= k; m++)
            comp[p * (k + 1) + m] = p == 0 ? m == 0 : m == 0 ? 1 : add_sat(comp[(p - 1) * (k + 1) + m], comp[p * (k + 1) + m - 1]);
}

uint64_t eg_count(int holes, int n)
{
    if (holes < 0 || n < 0 || holes > MAX_HOLES || n > MAX_SEEDS)
        return 0;
    uint64_t *comp = malloc((size_t)(holes + 1) * (size_t)(n + 1) * sizeof *comp);
    if (!comp)
        return UINT64_MAX;
    fill_comp(comp, holes, n);
    uint64_t c = comp[holes * (n + 1) + n];
    free(comp);
    return c;
}

/* The table of compositions for `holes` holes and up to k seeds. */
int eg_index_init(EgIndex *ix, int holes, int k)
{
    ix->holes = holes;
    ix->k = k;
    ix->comp = malloc((size_t)(holes + 2) * (size_t)(k + 1) * sizeof *ix->comp);
    if (!ix->comp)
        return MC_ENOMEM;
    fill_comp(ix->comp, holes + 1, k);
    return MC_OK;
}

/* Frees what eg_index_init allocated. */
void eg_index_free(EgIndex *ix)
{
    free(ix->comp);
    ix->comp = NULL;
}

/* The rank of the counts among the compositions of n (endgameint.h). */
uint64_t eg_rank(const EgIndex *ix, const uint16_t *count, int n)
{
    uint64_t r = 0;
    int rem = n;
    for (int i = 0; i + 1 < ix->holes && rem > 0; i++) {
        const int k = ix->holes - 1 - i, c = count[i];
        r += eg_comp(ix, k + 1, rem) - eg_comp(ix, k + 1, rem - c);
        rem -= c;
    }
    return r;
}

/* The counts of rank r (the inverse of eg_rank). */
void eg_unrank(const EgIndex *ix, uint64_t r, int n, uint16_t *count)
{
    int rem = n;
    for (int i = 0; i + 1 < ix->holes; i++) {
        const int k = ix->holes - 1 - i;
        int c = 0;
        for (uint64_t w; rem - c > 0 && r >= (w = eg_comp(ix, k, rem - c)); c++)
            r -= w;
        count[i] = (uint16_t)c;
        rem -= c;
    }
    count[ix->holes - 1] = (uint16_t)rem;
}

/* ---- files ----------------------------------------------------------------------- */

void eg_path(const char *dir, int n, int bound, char *buf, size_t len)
{
    snprintf(buf, len, "%s/seeds-%02d%s%s.egdb", dir, n, bound ? "-" : "", solve_bound_name(bound));
}

void eg_header(const Rules *r, uint64_t shape, int n, uint64_t per_side, int bound, EgHeader *h)
{
    memset(h, 0, sizeof *h);
    memcpy(h->magic, EG_MAGIC, sizeof EG_MAGIC);
    h->version = EG_VERSION;
    h->holes = (uint32_t)r->nholes;
    h->seeds = (uint32_t)n;
    h->shape = shape;
    h->per_side = per_side;
    h->source = r->source_crc;
    h->bound = (int8_t)bound;
    sv_variant_words(r, h->variant, sizeof h->variant);
}

/* What a file of that bound holds, in words. */
static const char *held(int bound)
{
    return bound == SOLVE_LOWER ? "lower bounds (--bound lower)" : bound == SOLVE_UPPER ? "upper bounds (--bound upper)" : "values";
}

/* Maps the file of count n and checks it against `want` (and with
 * `verify` its checksum, which reads it all); MC_OK with *map and *len,
 * or MC_EINVAL after a message. A file that does not exist is MC_EINVAL
 * with *missing set. */
int eg_map(const char *dir, int n, const EgHeader *want, int verify, void **map, size_t *len, int *missing,
           char *err, size_t errlen)
{
    char path[4096];
    eg_path(dir, n, want->bound, path, sizeof path);
    *missing = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        *missing = errno == ENOENT;
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return MC_EINVAL;
    }
    struct stat st;
    const uint64_t values = 2 * want->per_side * (want->bound ? 3 : 1);   /* bounds: and distances */
    if (fstat(fd, &st) || (uint64_t)st.st_size < sizeof(EgHeader)) {
        snprintf(err, errlen, "%s: shorter than the header of a database: damaged", path);
        close(fd);
        return MC_EINVAL;
    }
    void *m = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
    close(fd);
    if (m == MAP_FAILED) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return MC_EINVAL;
    }
    const EgHeader *h = m;
    const char *why = NULL;
    char words[80];
    if (memcmp(h->magic, EG_MAGIC, sizeof EG_MAGIC) || h->version != EG_VERSION)
        why = "not an endgame database of this version";
    else if (strncmp(h->variant, want->variant, sizeof h->variant))
        why = "built for another variant or other options";
    else if (h->holes != want->holes || h->seeds != want->seeds || h->per_side != want->per_side)
        why = "built for another board";
    else if (h->shape != want->shape)
        why = "built from a position of another shape (owners, flags, phase, round)";
    else if (h->bound != want->bound) {
        snprintf(words, sizeof words, "it holds %s, not %s", held(h->bound), held(want->bound));
        why = words;
    }
    else if (h->source && h->source != want->source)
        why = "built from another text of the variant file (edited since?): build them again";
    else if ((uint64_t)st.st_size != sizeof(EgHeader) + values)
        why = "not of the length its header says: damaged";
    else if (verify && io_crc32(0, h + 1, (size_t)values) != h->crc)
        why = "its checksum does not match: the file is damaged";
    if (why) {
        snprintf(err, errlen, "%s: %s (it says: %.*s)", path, why, (int)sizeof h->variant, h->variant);
        munmap(m, (size_t)st.st_size);
        return MC_EINVAL;
    }
    *map = m;
    *len = (size_t)st.st_size;
    return MC_OK;
}

/* ---- reading --------------------------------------------------------------------- */

struct EgDb {
    const Rules *r;
    EgIndex ix;
    uint64_t shape;
    int k;
    void *map[EG_MAX_SEEDS + 1];
    size_t len[EG_MAX_SEEDS + 1];
    const int8_t *val[EG_MAX_SEEDS + 1];
    const uint16_t *dist[EG_MAX_SEEDS + 1];   /* with a bound */
    uint64_t per_side[EG_MAX_SEEDS + 1];
};

int eg_shape_ok(const Rules *r, const Position *p, char *err, size_t errlen)
{
    const char *why = NULL, *bound = rules_stores_bound(r);
    char words[128];
    if (p->over)
        why = "the game is over there";
    else if (p->phase != PH_PLAY)
        why = "it is not in play (a setup, or a move stopped for a decision)";
    else if (pos_chance(r, p))
        why = "a lot decides there";
    else if (r->uses_plies)
        why = "the rules read the ply count, which the databases do not keep";
    else if (r->uses_extra)
        why = "the rules read whether a move is an extra turn (`extra`), which the databases do not keep";
    else if (r->sow.steer.code)
        why = "its seeds are steered one a decision (`sowing.steer`): a move passes through positions the "
              "databases do not keep";
    else if (bound) {
        snprintf(words, sizeof words, "the rules %s: the stores cannot be kept apart", bound);
        why = words;
    }
    if (why)
        snprintf(err, errlen, "endgame databases cannot be made from this position: %s", why);
    return why ? MC_EINVAL : MC_OK;
}

int eg_open(const Rules *r, const Position *shape, const char *dir, int bound, EgDb **out, char *err, size_t errlen)
{
    int rc = eg_shape_ok(r, shape, err, errlen);
    if (rc)
        return rc;
    EgDb *db = calloc(1, sizeof *db);
    if (!db || eg_index_init(&db->ix, r->nholes, EG_MAX_SEEDS)) {
        free(db);
        snprintf(err, errlen, "out of memory");
        return MC_ENOMEM;
    }
    db->r = r;
    db->shape = hist_hash_shape(r, shape);
    db->k = -1;
    for (int n = 0; n <= EG_MAX_SEEDS; n++) {
        EgHeader want;
        const uint64_t per = eg_comp(&db->ix, r->nholes, n);
        if (per > EG_MAX_SIDE)
            break;
        eg_header(r, db->shape, n, per, bound, &want);
        int missing;
        char e[4200];
        if ((rc = eg_map(dir, n, &want, 0, &db->map[n], &db->len[n], &missing, e, sizeof e))) {
            if (missing && n > 0)
                break;
            snprintf(err, errlen, "%s", e);
            eg_close(db);
            return rc;
        }
        db->val[n] = (const int8_t *)((const EgHeader *)db->map[n] + 1);
        db->dist[n] = bound ? (const uint16_t *)(db->val[n] + 2 * per) : NULL;
        db->per_side[n] = per;
        db->k = n;
    }
    *out = db;
    return MC_OK;
}

int eg_exists(const char *dir, int bound)
{
    char path[4096];
    eg_path(dir, 0, bound, path, sizeof path);
    return access(path, F_OK) == 0;
}

void eg_close(EgDb *db)
{
    if (!db)
        return;
    for (int n = 0; n <= db->k; n++)
        munmap(db->map[n], db->len[n]);
    eg_index_free(&db->ix);
    free(db);
}

int eg_seeds(const EgDb *db)
{
    return db->k;
}

int eg_probe_dist(const EgDb *db, const Position *p, int32_t *margin, int *dist)
{
    int n = 0;
    for (int h = 0; h < db->r->nholes; h++)
        n += p->count[h];
    if (n > db->k || p->over || p->to_move > 1 || hist_hash_shape(db->r, p) != db->shape)
        return 0;
    const uint64_t i = p->to_move * db->per_side[n] + eg_rank(&db->ix, p->count, n);
    const int8_t v = db->val[n][i];
    if (v == EG_NONE)
        return 0;
    *margin = v;
    if (dist)
        *dist = db->dist[n] && db->dist[n][i] != EG_NODIST ? db->dist[n][i] : -1;
    return 1;
}

int eg_probe(const EgDb *db, const Position *p, int32_t *margin)
{
    return eg_probe_dist(db, p, margin, NULL);
}
