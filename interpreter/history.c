/* history.c: the positions of a game where a decision was due, for the
 * repetition rule, and the hash and comparison they are found by. */
#include <stdlib.h>

#include "engine.h"

/* Mixes the word `v` into the running hash `h`. */
static inline uint64_t mix64(uint64_t h, uint64_t v)
{
    h = (h ^ v) * 0x9E3779B97F4A7C15ull;
    return h ^ (h >> 29);
}

/* Mixes a mask of holes: its upper word only on boards of more than 64
 * holes (`wide`). */
static inline uint64_t mix_mask(uint64_t h, Mask m, int wide)
{
    h = mix64(h, (uint64_t)m);
    return wide ? mix64(h, (uint64_t)(m >> 64)) : h;
}

/* The state of a move stopped for a decision, in one word: the seeds in
 * hand (PH_HAND), the picks left and the picking rule (PH_PICK); of a
 * steered lap (PH_STEER) the hand, where its last seed fell and the hole
 * before, where the move started. */
static inline uint64_t mid_word(const Position *p)
{
    return (uint64_t)p->hand | (uint64_t)p->picks << 16 | (uint64_t)p->pick_rule << 24 | (uint64_t)p->lot << 32;
}

/* Does a position of `r` keep the word of reserve_word()? (Variants with
 * a setup, or stores that hold large stones.) */
static inline int has_reserve_word(const Rules *r)
{
    return r->has_reserves || r->stores_hold;
}

/* The reserves (bits 0-31) and the large stones lying in the stores
 * (32-47; board.store-stones), in one word. */
static inline uint64_t reserve_word(const Position *p)
{
    return (uint64_t)p->reserve[0] | (uint64_t)p->reserve[1] << 16 | (uint64_t)p->store_stones[0] << 32 |
           (uint64_t)p->store_stones[1] << 40;
}

/* The last word of a record's head: the seeds out of the game (bits
 * 0-15), `sowed` (16-31; `sowed` uses bits 0-8, its bit 15 holds
 * last_move's LM_EXTRA), `last_move` (32-41), the player to move
 * (42-43), the round (44-59) and the phase (60-63). */
static inline uint64_t head_word(const Position *p)
{
    const unsigned sowed = p->sowed | (p->last_move & LM_EXTRA) << 5;
    _Static_assert(LM_EXTRA << 5 == 1u << 15, "LM_EXTRA goes to bit 15 of sowed");
    return (uint64_t)(uint16_t)p->removed | (uint64_t)(uint16_t)sowed << 16 | (uint64_t)(p->last_move & 0x3FFu) << 32 |
           (uint64_t)(p->to_move & 3u) << 42 | (uint64_t)p->round << 44 | (uint64_t)p->phase << 60;
}

/* What hash_of() covers besides the rest of the state. */
enum { WITH_STORES = 1, WITH_COUNTS = 2 };

static inline uint64_t hash_of(const Rules *r, const Position *p, int with);

/* Over what hist_same compares; the counts four at a time (for the
 * computer players' tables; the history hashes its records). */
uint64_t hist_hash(const Rules *r, const Position *p)
{
    return hash_of(r, p, WITH_STORES | WITH_COUNTS);
}

/* The same without the stores (the solver's --stores-apart). */
uint64_t hist_hash_board(const Rules *r, const Position *p)
{
    return hash_of(r, p, WITH_COUNTS);
}

/* The same without the stores, the hole counts and the player to move
 * (the endgame databases' shape of a position). */
uint64_t hist_hash_shape(const Rules *r, const Position *p)
{
    return hash_of(r, p, 0);
}

/* hist_hash, with or without the stores (WITH_STORES), the counts and the
 * player to move (WITH_COUNTS). */
static inline uint64_t hash_of(const Rules *r, const Position *p, int with)
{
    const int nh = with & WITH_COUNTS ? r->nholes : 0;
    uint64_t h = 0x243F6A8885A308D3ull, w;
    int i = 0;
    for (; i + 4 <= nh; i += 4) {
        memcpy(&w, p->count + i, sizeof w);
        h = mix64(h, w);
    }
    if (i < nh) {
        w = 0;
        memcpy(&w, p->count + i, (size_t)(nh - i) * sizeof *p->count);
        h = mix64(h, w);
    }
    const int wide = nh > 64;
    h = mix_mask(h, p->owner[0], wide);
    if (r->players > 2)
        h = mix_mask(mix64(mix64(h, (uint64_t)(uint32_t)p->store[2] | (uint64_t)(uint32_t)p->store[3] << 32),
                           p->eliminated), p->owner[1], wide);
    for (int f = 0; f < r->nflags; f++)
        h = mix_mask(h, p->flags[f], wide);
    h = mix_mask(h, p->out_of_play, wide);
    if (with & WITH_STORES)
        h = mix64(h, (uint64_t)(uint32_t)p->store[0] | (uint64_t)(uint32_t)p->store[1] << 32);
    h = mix64(h, with & WITH_COUNTS ? head_word(p) : head_word(p) & ~((uint64_t)3 << 42));
    if (r->mid_move)
        h = mix_mask(mix_mask(mix64(h, mid_word(p)), p->hand_from[0], wide), p->hand_from[1], wide);
    if (has_reserve_word(r))
        h = mix64(h, reserve_word(p));
    if (r->has_debts || r->has_lots)
        h = mix64(h, (uint64_t)p->debt[0] | (uint64_t)p->debt[1] << 16 | (uint64_t)p->lot << 32);
    for (int pl = 0; r->ncounters && pl < r->players; pl++) {
        uint64_t c;
        _Static_assert(sizeof p->counter[0] == 8, "a player's counters fill a word");
        memcpy(&c, p->counter[pl], sizeof c);
        h = mix64(h, c);
    }
    return h;
}

/* The same position for the repetition rule (the match totals, who began
 * and who moved last do not count). */
int hist_same(const Rules *r, const Position *a, const Position *b)
{
    if (memcmp(a->count, b->count, (size_t)r->nholes * sizeof a->count[0]))
        return 0;
    for (int f = 0; f < r->nflags; f++)
        if (a->flags[f] != b->flags[f])
            return 0;
    if (r->mid_move && (mid_word(a) != mid_word(b) || a->hand_from[0] != b->hand_from[0] ||
                        a->hand_from[1] != b->hand_from[1]))
        return 0;
    if (has_reserve_word(r) && reserve_word(a) != reserve_word(b))
        return 0;
    if (a->debt[0] != b->debt[0] || a->debt[1] != b->debt[1] || a->lot != b->lot)
        return 0;
    if (r->ncounters && memcmp(a->counter, b->counter, sizeof a->counter))
        return 0;
    if (r->players > 2 && (a->owner[1] != b->owner[1] || a->eliminated != b->eliminated ||
                           memcmp(a->store + 2, b->store + 2, 2 * sizeof *a->store)))
        return 0;
    return a->owner[0] == b->owner[0] && a->out_of_play == b->out_of_play &&
           a->store[0] == b->store[0] && a->store[1] == b->store[1] &&
           a->removed == b->removed && a->sowed == b->sowed && a->last_move == b->last_move && a->round == b->round && a->to_move == b->to_move &&
           a->phase == b->phase;
}

void hist_init(History *h)
{
    memset(h, 0, sizeof *h);
}

int hist_copy(History *dst, const History *src)
{
    *dst = *src;
    dst->rec = NULL;
    dst->key = NULL;
    if (!src->cap)
        return MC_OK;
    dst->rec = malloc((size_t)src->cap * (size_t)src->stride);
    dst->key = malloc((size_t)src->cap * sizeof *dst->key);
    if (!dst->rec || !dst->key) {
        hist_free(dst);
        return MC_ENOMEM;
    }
    memcpy(dst->rec, src->rec, (size_t)src->n * (size_t)src->stride);
    memcpy(dst->key, src->key, (size_t)src->n * sizeof *dst->key);
    return MC_OK;
}

void hist_free(History *h)
{
    free(h->rec);
    free(h->key);
    memset(h, 0, sizeof *h);
}

/* A record: what the repetition rule compares. The counts come first
 * (whole words of four holes), then the flags, then (variants where the
 * mover may stop with seeds in hand) the hand and the two masks of
 * hand_from, (variants with a setup, or stores that hold large stones)
 * the reserves and those stones, then North's holes, the
 * holes out of play, the stores, and the rest. A mask of holes takes one
 * word, or two on boards of more than 64 holes (mask_words). The rest: (seeds removed, at most MAX_SEEDS: 16 bits; who
 * has sown which way; round, who is to move, phase; see head_word). The
 * words are built in registers and stored whole: a record read back soon
 * after it is written must not meet narrower stores of the same bytes. */
_Static_assert(MAX_SEEDS <= UINT16_MAX, "seeds removed fit 16 bits of a record");

/* Words of a mask of holes in a record of `r`. */
static inline int mask_words(const Rules *r)
{
    return r->nholes > 64 ? 2 : 1;
}

/* Writes the mask m (mw words) at out; returns the end. */
static inline unsigned char *put_mask(unsigned char *out, Mask m, int mw)
{
    uint64_t lo = (uint64_t)m, hi = (uint64_t)(m >> 64);
    memcpy(out, &lo, 8);
    if (mw == 1)
        return out + 8;
    memcpy(out + 8, &hi, 8);
    return out + 16;
}

/* Words of a record's head: North's holes and the holes out of play, the
 * stores, the last word (head_word). */
static inline int head_words(const Rules *r)
{
    return 2 * mask_words(r) + 2;
}

/* Words of counts in a record of `r`. */
static inline int count_words(const Rules *r)
{
    return (r->nholes + 3) / 4;
}

/* Bytes a record of `r` takes. */
static int rec_size(const Rules *r)
{
    const int mw = mask_words(r);
    return (count_words(r) + r->nflags * mw + (r->mid_move ? 1 + 2 * mw : 0) +
            (has_reserve_word(r) ? 1 : 0) + (r->ncounters ? r->players : 0) +
            (r->players > 2 ? 2 + mw : 0) + head_words(r)) * 8;
}

/* The words of a record that only some variants have (the hand, the
 * reserves, the counters, the third and fourth players' stores and the
 * second bit of the owners), at `out`; returns the end. */
static NOINLINE unsigned char *rec_extra(const Rules *r, const Position *p, unsigned char *out)
{
    if (r->mid_move) {
        uint64_t hand = mid_word(p);
        memcpy(out, &hand, 8);
        out = put_mask(out + 8, p->hand_from[0], mask_words(r));
        out = put_mask(out, p->hand_from[1], mask_words(r));
    }
    if (has_reserve_word(r)) {
        uint64_t w = reserve_word(p);
        memcpy(out, &w, 8);
        out += 8;
    }
    if (r->ncounters) {   /* each player's counters: a word */
        memcpy(out, p->counter, (size_t)r->players * sizeof p->counter[0]);
        out += (size_t)r->players * sizeof p->counter[0];
    }
    if (r->players > 2) {
        uint64_t w[2] = { (uint64_t)(uint32_t)p->store[2] | (uint64_t)(uint32_t)p->store[3] << 32, p->eliminated };
        memcpy(out, w, 16);
        out = put_mask(out + 16, p->owner[1], mask_words(r));
    }
    return out;
}

/* Writes the record of `p` into `out` (rec_size bytes); the counts a word
 * at a time, the last word holding only the board's holes. */
static void rec_make(const Rules *r, const Position *p, unsigned char *out)
{
    const int nh = r->nholes;
    int i = 0;
    uint64_t w;
    for (; i + 4 <= nh; i += 4, out += 8) {
        memcpy(&w, p->count + i, sizeof w);
        memcpy(out, &w, sizeof w);
    }
    if (i < nh) {
        w = 0;
        memcpy(&w, p->count + i, (size_t)(nh - i) * sizeof *p->count);
        memcpy(out, &w, sizeof w);
        out += 8;
    }
    const int mw = mask_words(r);
    for (int f = 0; f < r->nflags; f++)
        out = put_mask(out, p->flags[f], mw);
    if (__builtin_expect(r->rec_extra, 0))
        out = rec_extra(r, p, out);
    /* each store read alone: a capture has just written one of them */
    uint64_t stores = (uint64_t)(uint32_t)p->store[0] | (uint64_t)(uint32_t)p->store[1] << 32;
    uint64_t last = head_word(p);
    out = put_mask(out, p->owner[0], mw);
    out = put_mask(out, p->out_of_play, mw);
    memcpy(out, &stores, 8);
    memcpy(out + 8, &last, 8);
}

/* A hash of a record's counts and its last word (who is to move, the
 * phase, the round): a filter before the comparison. */
static inline uint32_t rec_key(const unsigned char *rec, int count_words, int stride)
{
    uint64_t h = 0, w;
    for (int i = 0; i < count_words; i++) {
        memcpy(&w, rec + 8 * i, sizeof w);
        h = (h << 23 | h >> 41) ^ w;
    }
    memcpy(&w, rec + stride - 8, sizeof w);
    h = (h ^ w) * 0x9E3779B97F4A7C15ull;
    return (uint32_t)(h >> 32);
}

/* The first of key[from..to) equal to k, or -1; four keys at a time
 * where the compiler has vector types. */
static inline int key_find(const uint32_t *key, int from, int to, uint32_t k)
{
    int i = from;
#if defined(__GNUC__)
    typedef uint32_t Four __attribute__((vector_size(16)));
    const Four kk = { k, k, k, k };
    for (; i + 4 <= to; i += 4) {
        Four x, eq;
        uint64_t any[2];
        memcpy(&x, key + i, sizeof x);
        eq = (Four)(x == kk);
        memcpy(any, &eq, sizeof any);
        if (any[0] | any[1])
            break;
    }
#endif
    for (; i < to; i++)
        if (key[i] == k)
            return i;
    return -1;
}

/* Are two records the same? */
static inline int rec_same(const unsigned char *a, const unsigned char *b, int stride)
{
    uint64_t x, y;
    for (int i = 0; i < stride; i += 8) {
        memcpy(&x, a + i, sizeof x);
        memcpy(&y, b + i, sizeof y);
        if (x != y)
            return 0;
    }
    return 1;
}

/* Room for one more record; 0 when out of memory. */
static int grow(History *h)
{
    if (h->n < h->cap)
        return 1;
    int cap = h->cap ? h->cap * 2 : 64;
    unsigned char *nr = realloc(h->rec, (size_t)cap * (size_t)h->stride);
    if (!nr)
        return 0;
    h->rec = nr;
    uint32_t *nk = realloc(h->key, (size_t)cap * sizeof *nk);
    if (!nk)
        return 0;
    h->key = nk;
    h->cap = cap;
    return 1;
}

/* Seeds that left the board for good (stores and removed). */
static inline int64_t gone(const Position *p)
{
    return (int64_t)p->store[0] + p->store[1] + p->removed;
}

/* Seeds gone and the phase of a record (from the end of its head). */
static inline void rec_gone(const unsigned char *rec, int stride, int64_t *g, int *phase)
{
    int32_t stores[2];
    uint64_t last;
    memcpy(stores, rec + stride - 16, sizeof stores);
    memcpy(&last, rec + stride - 8, sizeof last);
    *g = (int64_t)stores[0] + stores[1] + (int64_t)(uint16_t)last;
    *phase = (int)(last >> 60);
}

int hist_push(const Rules *r, History *h, const Position *p)
{
    if (!h->stride)
        h->stride = rec_size(r);
    if (!grow(h))
        return MC_ENOMEM;
    const int stride = h->stride;
    /* While play is on, seeds only go into stores or out of the game, so
     * once their sum grows no earlier position can come back: forget
     * them (phases before play, such as setup choices, never return in a
     * round either). Exact, so a short cut of the plan only. */
    int forget = 0;
    if (r->plan.forget && h->n > h->base && p->phase == PH_PLAY) {
        int64_t g;
        int phase;
        rec_gone(h->rec + (size_t)(h->n - 1) * (size_t)stride, stride, &g, &phase);
        forget = phase == PH_PLAY && gone(p) > g;
    }
    if (forget) {
        if (h->compact)
            h->n = 0;
        h->base = h->n;
    }
    unsigned char *rec = h->rec + (size_t)h->n * (size_t)stride;
    rec_make(r, p, rec);
    const uint32_t k = rec_key(rec, count_words(r), stride);
    int seen = 1;
    for (int i = h->base; i < h->n; i++) {
        i = key_find(h->key, i, h->n, k);
        if (i < 0)
            break;
        seen += rec_same(h->rec + (size_t)i * (size_t)stride, rec, stride);
    }
    h->key[h->n++] = k;
    return seen;
}

void hist_new_round(History *h)
{
    if (h->compact)
        h->n = 0;
    h->base = h->n;
}
