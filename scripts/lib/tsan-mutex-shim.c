// Makes Synchronization.Mutex visible to ThreadSanitizer on Linux. Used by `scripts/sanitize thread`,
// which builds this file into a shared library and preloads it (LD_PRELOAD) into the test processes.
//
// Why: on Linux, Mutex locks and unlocks with an atomic compare-exchange that is inlined into our code
// (so TSan sees it), but under contention it hands the lock over in the kernel (FUTEX_LOCK_PI /
// FUTEX_UNLOCK_PI, in `_MutexHandle._lockSlow` / `_unlockSlow` inside libswiftSynchronization.so, which
// is not instrumented). TSan then sees no happens-before edge between the two owners and reports every
// access inside `withLock` as a race. A four-thread program that only touches state inside
// `Mutex.withLock` reproduces it.
//
// What: these three functions take the place of the library's out-of-line slow paths (the executable
// calls them through the PLT, so a preloaded definition wins), call the real ones, and tell TSan what
// the kernel did: `__tsan_release` on the mutex before handing it over, `__tsan_acquire` after getting
// it. The mutex's address is the one the inlined fast path's atomics use, so both paths meet on the
// same TSan sync object. Nothing is suppressed: an access outside the lock is still reported.
//
// The symbols are Swift-mangled `@usableFromInline` methods of `_MutexHandle`; `self` (the address of
// the mutex) travels in the Swift self register, which clang's `swift_context` names. If a toolchain
// drops or renames them, the script notices (it checks the library) and this library is not used.

#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

// Weak: `swift test` itself and other uninstrumented processes get this library too; there the TSan
// runtime is absent and the wrappers only forward.
extern void __tsan_acquire(void *address) __attribute__((weak));
extern void __tsan_release(void *address) __attribute__((weak));

#define SWIFTCALL __attribute__((swiftcall))
#define SWIFT_SELF __attribute__((swift_context))

#define LOCK_SLOW "$s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF"
#define UNLOCK_SLOW "$s15Synchronization12_MutexHandleV11_unlockSlowyyF"
#define TRY_LOCK_SLOW "$s15Synchronization12_MutexHandleV12_tryLockSlowSbyF"

typedef SWIFTCALL void (*LockSlow)(uint32_t thread, SWIFT_SELF void *mutex);
typedef SWIFTCALL void (*UnlockSlow)(SWIFT_SELF void *mutex);
typedef SWIFTCALL bool (*TryLockSlow)(SWIFT_SELF void *mutex);

static void *real(const char *symbol, void **cache) {
    void *function = __atomic_load_n(cache, __ATOMIC_ACQUIRE);
    if (function == NULL) {
        function = dlsym(RTLD_NEXT, symbol);
        if (function == NULL) {
            fprintf(stderr, "tsan-mutex-shim: %s not found in the Swift runtime\n", symbol);
            abort();
        }
        __atomic_store_n(cache, function, __ATOMIC_RELEASE);
    }
    return function;
}

SWIFTCALL void lockSlow(uint32_t thread, SWIFT_SELF void *mutex) __asm__(LOCK_SLOW);
SWIFTCALL void unlockSlow(SWIFT_SELF void *mutex) __asm__(UNLOCK_SLOW);
SWIFTCALL bool tryLockSlow(SWIFT_SELF void *mutex) __asm__(TRY_LOCK_SLOW);

SWIFTCALL void lockSlow(uint32_t thread, SWIFT_SELF void *mutex) {
    static void *cache;
    ((LockSlow)real(LOCK_SLOW, &cache))(thread, mutex);
    if (__tsan_acquire) __tsan_acquire(mutex);
}

SWIFTCALL void unlockSlow(SWIFT_SELF void *mutex) {
    static void *cache;
    if (__tsan_release) __tsan_release(mutex);
    ((UnlockSlow)real(UNLOCK_SLOW, &cache))(mutex);
}

SWIFTCALL bool tryLockSlow(SWIFT_SELF void *mutex) {
    static void *cache;
    bool locked = ((TryLockSlow)real(TRY_LOCK_SLOW, &cache))(mutex);
    if (locked && __tsan_acquire) __tsan_acquire(mutex);
    return locked;
}
