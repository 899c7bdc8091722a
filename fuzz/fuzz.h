/* fuzz.h: what the libFuzzer targets of fuzz/ share (fuzz/common.c).
 * See fuzz/README.md for building and running them. */
#ifndef MANCALA_FUZZ_H
#define MANCALA_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include "rules.h"
#include "vm.h"

/* libFuzzer's entry point, declared so -Wmissing-prototypes is content. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A malloc'd, NUL-terminated copy of the input, or NULL. */
char *fz_text(const uint8_t *data, size_t size);

/* Loads `text` (size bytes) as a variant file named fuzz.yaml; a first
 * line `#opts KEY=VALUE` passes that one option. `mode`: MC_LOAD_PLANNED
 * or MC_LOAD_GENERAL (the reference mode). The diagnostics go to `dg`
 * (initialised here; the caller frees it). */
Rules *fz_load(const char *text, size_t size, unsigned mode, Diags *dg);

/* FNV-1a of the input: seeds each target's choices, so that a crash
 * replays from its input alone. */
uint64_t fz_hash(const uint8_t *data, size_t size);

/* A small generator (xorshift64*). */
typedef struct FzRng {
    uint64_t s;
} FzRng;
void fz_rng_seed(FzRng *g, uint64_t seed);
int fz_rng_below(FzRng *g, int n);

/* Time bounds for the VM. A relay sowing calls the poll function every
 * 16384 seeds sown (vm_set_poll). fz_arm(vm) starts a new VM call: it
 * clears the Vm's failure and sets the poll, and the VM is interrupted
 * (MC_EINTR) after FZ_CALL_POLLS polls within that call (~330k seeds), or
 * FZ_INPUT_POLLS in the whole input, or at the first poll once the input
 * has run FZ_INPUT_MS milliseconds (fz_new_input() starts the input): a
 * lap carries up to 30000 seeds, so laps alone do not bound the time. Only
 * a VM that polls too seldom, or sows too long without a relay, then runs
 * into libFuzzer's -timeout. After an interrupted call the caller drops
 * the game; fz_spent() says whether the input's budget is gone (its polls,
 * or its time: games of many short sowings never poll), so that no
 * further decision is played and no further game starts. */
#define FZ_CALL_POLLS  20
#define FZ_INPUT_POLLS 40
#define FZ_INPUT_MS    300
void fz_new_input(void);
void fz_arm(Vm *vm);
int fz_spent(void);

/* Plays `m`, a move gen_moves offered at `p`, with flow_play under
 * fz_arm(vm). Returns 0 if the VM failed (`p` is then meaningless: drop
 * the game), else 1. Aborts when the seeds on the board, in the stores
 * and removed (pos_seed_total) change while the round stays the same: a
 * new round of a match sets the board up afresh (match.next), so only a
 * round is checked. */
int fz_play(Vm *vm, Position *p, const Move *m, History *h);

/* The built-in variants without options, loaded once (never freed: they
 * live as long as the process). NULL where one fails to load. */
int fz_nbuiltin(void);
const Rules *fz_builtin(int i);
/* The index of the built-in variant called `name`, or -1. */
int fz_builtin_index(const char *name);

#endif
