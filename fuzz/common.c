/* common.c: helpers of the fuzz targets (see fuzz.h). */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "builtin.h"
#include "vm.h"

char *fz_text(const uint8_t *data, size_t size)
{
    char *t = malloc(size + 1);
    if (t) {
        if (size)
            memcpy(t, data, size);
        t[size] = 0;
    }
    return t;
}

Rules *fz_load(const char *text, size_t size, unsigned mode, Diags *dg)
{
    const char *opts[1];
    char *opt = NULL;
    int nopts = 0;
    if (!strncmp(text, "#opts ", 6)) {
        opt = strndup(text + 6, strcspn(text + 6, "\n"));
        if (opt)
            opts[nopts++] = opt;
    }
    dg_init(dg, "fuzz.yaml", text, size);
    Rules *r = rules_open("fuzz.yaml", text, size, opts, nopts, mode, dg);
    free(opt);
    return r;
}

uint64_t fz_hash(const uint8_t *data, size_t size)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < size; i++) {
        h ^= data[i];
        h *= 0x100000001b3ull;
    }
    return h;
}

void fz_rng_seed(FzRng *g, uint64_t seed)
{
    g->s = seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull;
    if (!g->s)
        g->s = 1;
}

int fz_rng_below(FzRng *g, int n)
{
    g->s ^= g->s >> 12;
    g->s ^= g->s << 25;
    g->s ^= g->s >> 27;
    return (int)(((g->s * 0x2545F4914F6CDD1Dull) >> 33) % (uint64_t)n);
}

/* ---- time bounds -------------------------------------------------------- */

static int call_polls, input_polls;
static struct timespec input_start;

static long ms_since(const struct timespec *t)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (now.tv_sec - t->tv_sec) * 1000 + (now.tv_nsec - t->tv_nsec) / 1000000;
}

static int fz_poll(void *arg)
{
    (void)arg;
    call_polls++;
    input_polls++;
    if (input_polls < FZ_INPUT_POLLS && ms_since(&input_start) >= FZ_INPUT_MS)
        input_polls = FZ_INPUT_POLLS;
    return call_polls >= FZ_CALL_POLLS || input_polls >= FZ_INPUT_POLLS;
}

void fz_new_input(void)
{
    input_polls = 0;
    clock_gettime(CLOCK_MONOTONIC, &input_start);
}

void fz_arm(Vm *vm)
{
    call_polls = 0;
    vm_reset(vm);
    vm_set_poll(vm, fz_poll, NULL);
}

int fz_spent(void)
{
    /* many short sowings never poll: the time counts between decisions too */
    if (input_polls < FZ_INPUT_POLLS && ms_since(&input_start) >= FZ_INPUT_MS)
        input_polls = FZ_INPUT_POLLS;
    return input_polls >= FZ_INPUT_POLLS;
}

int fz_play(Vm *vm, Position *p, const Move *m, History *h)
{
    const Rules *r = vm->r;
    Position before = *p;
    fz_arm(vm);
    if (flow_play(vm, p, m, h, NULL) < 0)
        return 0;
    long was = pos_seed_total(r, &before), now = pos_seed_total(r, p);
    if (p->round == before.round && now != was) {
        char tok[64];
        tok_write(r, m, tok, sizeof tok);
        fprintf(stderr, "fuzz: move %s changed the seeds in the game from %ld to %ld (round %d)\n", tok, was,
                now, p->round);
        abort();
    }
    return 1;
}

/* ---- built-in variants ------------------------------------------------- */

#define FZ_MAX_BUILTIN 64

static Rules *builtin[FZ_MAX_BUILTIN];
static int nbuiltin = -1;

static void load_builtins(void)
{
    if (nbuiltin >= 0)
        return;
    nbuiltin = 0;
    for (const BuiltinVariant *b = builtin_variants; b->name && nbuiltin < FZ_MAX_BUILTIN; b++) {
        Diags dg;
        size_t len = strlen(b->text);
        dg_init(&dg, b->path, b->text, len);
        builtin[nbuiltin++] = rules_open(b->path, b->text, len, NULL, 0, MC_LOAD_DEFAULT, &dg);
        dg_free(&dg);
    }
}

int fz_nbuiltin(void)
{
    load_builtins();
    return nbuiltin;
}

const Rules *fz_builtin(int i)
{
    load_builtins();
    return i >= 0 && i < nbuiltin ? builtin[i] : NULL;
}

int fz_builtin_index(const char *name)
{
    load_builtins();
    for (int i = 0; i < nbuiltin; i++)
        if (!strcmp(builtin_variants[i].name, name))
            return i;
    return -1;
}
