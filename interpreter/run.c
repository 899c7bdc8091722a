/* run.c: the Vm object (vm.h): its poll function, the seeds a sowing has
 * dropped against the limit, and the status of a failure. */
#include "engine.h"

/* Sets up `vm` for the rules `r`: no poll, no sink, no failure. */
void vm_init(Vm *vm, const Rules *r)
{
    memset(vm, 0, sizeof *vm);
    vm->r = r;
    vm->poll_at = POLL_SEEDS;
}

/* Sets the function asked during long work (NULL: none). */
void vm_set_poll(Vm *vm, int (*poll)(void *arg), void *arg)
{
    vm->poll = poll;
    vm->poll_arg = arg;
}

/* Sets where events go (NULL: nowhere). */
void vm_set_events(Vm *vm, McEventFn fn, void *arg, unsigned flags)
{
    vm->sink = fn;
    vm->sink_arg = arg;
    vm->ev_flags = flags;
}

/* Clears a failure; the trials of an interrupted move list are dropped. */
void vm_reset(Vm *vm)
{
    vm->status = MC_OK;
    vm->trials.n = 0;
    vm->quiet = 0;
}

/* Records the first failure; returns the status now in force. */
int vm_fail(Vm *vm, int status)
{
    if (vm->status == MC_OK)
        vm->status = status;
    vm->trials.n = 0;
    return vm->status;
}

/* The count reached a poll point: the limit, then the poll function. */
int vm_count_slow(Vm *vm)
{
    if (vm->status != MC_OK)
        return 1;
    if (vm_sown(vm) >= MC_MAX_SOWN) {
        vm_fail(vm, MC_ETOOLONG);
        return 1;
    }
    vm->poll_at = vm->sown + POLL_SEEDS;
    if (vm->poll_at > vm->sow_base + MC_MAX_SOWN)   /* the limit is checked exactly */
        vm->poll_at = vm->sow_base + MC_MAX_SOWN;
    if (vm->poll && vm->poll(vm->poll_arg)) {
        vm_fail(vm, MC_EINTR);
        return 1;
    }
    return 0;
}
