/* solvesave.c: the retrograde solver's checkpoints (SolveOpts.checkpoint,
 * `solve --checkpoint FILE`): the listing of positions so far, written
 * when it stops (a stop asked for, the memory bound) and every
 * SOLVE_SAVE_EVERY seconds, and read back to go on from where it was.
 *
 * The file: a header (magic, version, the sizes the packing used, the
 * counts, the variant's name and options, a hash of the root, a CRC-32
 * of the rest), then the tails, the packed positions, the offsets and
 * movers of the positions listed, and their edges. It is written under
 * a temporary name and renamed, so that a file is whole or absent. The
 * hash tables are not kept: they are made again as it is read. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "io.h"
#include "solveint.h"

#define SAVE_MAGIC "MCSOLV1"
#define SAVE_VERSION 2   /* 2: libmancala 4.0.0 (the position layout changed) */

typedef struct SaveHeader {
    char magic[8];
    uint32_t version, keylen, w, with_plies, tail_len, crc;
    uint64_t ntails, n, listed, nedges, root;
    char variant[128];
} SaveHeader;

void sv_variant_words(const Rules *r, char *buf, size_t len)
{
    size_t at = (size_t)snprintf(buf, len, "%s", r->name);
    for (int i = 0; i < r->noptions && at < len; i++) {
        char v[64];
        option_format(&r->options[i], r->options[i].value, v, sizeof v);
        at += (size_t)snprintf(buf + at, len - at, " %s=%s", r->options[i].name, v);
    }
}

/* The header this solver's checkpoint has (its crc left 0). */
static void header_of(const Solver *s, SaveHeader *h)
{
    memset(h, 0, sizeof *h);
    memcpy(h->magic, SAVE_MAGIC, sizeof SAVE_MAGIC);
    h->version = SAVE_VERSION;
    h->keylen = (uint32_t)s->keylen;
    h->w = (uint32_t)s->w;
    h->with_plies = (uint32_t)s->with_plies;
    h->tail_len = (uint32_t)TAIL_LEN;
    h->ntails = s->ntails;
    h->n = s->n;
    h->listed = s->listed;
    h->nedges = s->first[s->listed];
    h->root = hist_hash(s->r, s->root) ^ s->root->plies;
    sv_variant_words(s->r, h->variant, sizeof h->variant);
}

/* The parts of the file after its header: pointers and lengths. */
static int parts(const Solver *s, const SaveHeader *h, void *ptr[5], size_t len[5])
{
    ptr[0] = s->tails;
    len[0] = (size_t)h->ntails * TAIL_LEN;
    ptr[1] = s->keys;
    len[1] = (size_t)h->n * (size_t)s->keylen;
    ptr[2] = s->first;
    len[2] = (size_t)(h->listed + 1) * sizeof *s->first;
    ptr[3] = s->mover;
    len[3] = (size_t)h->listed;
    ptr[4] = s->edge;
    len[4] = (size_t)h->nedges * sizeof *s->edge;
    return 5;
}

int sv_save(Solver *s)
{
    char m[4400];
    SaveHeader h;
    void *ptr[6];   /* the header, then the parts */
    size_t len[6];
    header_of(s, &h);
    int np = parts(s, &h, ptr + 1, len + 1);
    for (int i = 1; i <= np; i++)
        h.crc = io_crc32(h.crc, ptr[i], len[i]);
    ptr[0] = &h;
    len[0] = sizeof h;
    if (!io_write_parts(s->o->checkpoint, (const void *const *)ptr, len, np + 1, m, sizeof m))
        return sv_fail(s, MC_EINVAL, m);
    return MC_OK;
}

/* The smallest power of two at least `n` and at least `least`. */
static uint64_t pow2(uint64_t n, uint64_t least)
{
    uint64_t p = least;
    while (p < n)
        p *= 2;
    return p;
}

/* Reads the checkpoint into the solver's tables (none allocated yet). */
static int read_parts(Solver *s, FILE *f, const SaveHeader *h, const char *path)
{
    char m[4400];
    s->cap = pow2(h->n, 1024);
    s->ecap = pow2(h->nedges, 4096);
    s->tails_cap = (uint32_t)pow2(h->ntails, 64);
    int rc;
    if ((rc = sv_grow(s, &s->tails, 0, s->tails_cap, TAIL_LEN)) ||
        (rc = sv_grow(s, &s->keys, 0, s->cap, (size_t)s->keylen)) ||
        (rc = sv_grow(s, &s->first, 0, s->cap + 1, sizeof *s->first)) || (rc = sv_grow(s, &s->mover, 0, s->cap, 1)) ||
        (rc = sv_grow(s, &s->val, 0, s->cap, sizeof *s->val)) || (rc = sv_grow(s, &s->edge, 0, s->ecap, sizeof *s->edge)))
        return rc;
    s->ntails = (uint32_t)h->ntails;
    s->n = h->n;
    s->listed = h->listed;
    s->nedges = h->nedges;
    void *ptr[5];
    size_t len[5];
    int np = parts(s, h, ptr, len);
    uint32_t crc = 0;
    for (int i = 0; i < np; i++) {
        if (len[i] && fread(ptr[i], 1, len[i], f) != len[i]) {
            snprintf(m, sizeof m, "%s: shorter than its header says: not a whole checkpoint", path);
            return sv_fail(s, MC_EINVAL, m);
        }
        crc = io_crc32(crc, ptr[i], len[i]);
    }
    if (crc != h->crc || fgetc(f) != EOF) {
        snprintf(m, sizeof m, "%s: its checksum does not match: the file is damaged", path);
        return sv_fail(s, MC_EINVAL, m);
    }
    return MC_OK;
}

int sv_load(Solver *s, int *found)
{
    const char *path = s->o->checkpoint;
    char m[4400];
    *found = 0;
    FILE *f = fopen(path, "rb");
    if (!f) {
        if (errno == ENOENT)
            return MC_OK;
        snprintf(m, sizeof m, "%s: %s", path, strerror(errno));
        return sv_fail(s, MC_EINVAL, m);
    }
    SaveHeader h, want;
    s->listed = 0;
    s->first = NULL;
    uint64_t zero = 0;
    s->first = &zero;   /* header_of reads first[listed] */
    header_of(s, &want);
    s->first = NULL;
    const char *why = NULL;
    if (fread(&h, sizeof h, 1, f) != 1 || memcmp(h.magic, SAVE_MAGIC, sizeof SAVE_MAGIC) || h.version != SAVE_VERSION)
        why = "not a checkpoint of this version";
    else if (strncmp(h.variant, want.variant, sizeof h.variant))
        why = "made for another variant or other options";
    else if (h.keylen != want.keylen || h.w != want.w || h.with_plies != want.with_plies ||
             h.tail_len != want.tail_len || h.root != want.root)
        why = "made from another position";
    else if (h.listed > h.n || h.n > MAX_NODES || h.ntails > MAX_TAILS || h.nedges >= TERM || h.n == 0)
        why = "its counts are out of range: the file is damaged";
    int rc = MC_EINVAL;
    if (why) {
        snprintf(m, sizeof m, "%s: %s (it says: %.*s)", path, why, (int)sizeof h.variant, h.variant);
        sv_fail(s, MC_EINVAL, m);
    } else if (!(rc = read_parts(s, f, &h, path)) && !(rc = sv_retail(s, (uint32_t)pow2(2 * h.ntails, 64)))) {
        rc = sv_rehash(s, pow2(2 * s->n, 1024));
    }
    fclose(f);
    *found = rc == MC_OK;
    return rc;
}
