// ThreadSanitizer and `Synchronization.Mutex` on Linux.
//
// `Mutex.withLock` is inlined into the caller, so its uncontended lock and unlock (a compare-and-swap on
// the futex word) are built with the caller's instrumentation and ThreadSanitizer sees them. When the
// lock is contended the caller calls `_MutexHandle._lockSlow(_:)` or `_unlockSlow()` in the toolchain's
// libswiftSynchronization.so, which is not instrumented: the acquire that ends the wait is invisible, and
// every access under a contended Mutex is reported as a data race (measured on Swift 6.3.1:
// Documentation/Benchmarks.md, "Measurements behind the code").
//
// This library stands in front of the two slow paths and tells ThreadSanitizer what they do: the lock
// is acquired after `_lockSlow` returns, released before `_unlockSlow` starts, with the futex word's
// address as the synchronisation object. The two functions are Swift methods: `self` (the address of the
// handle) arrives in the swiftself register, which clang's `swift_context` parameter is.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>

#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__))

typedef __attribute__((swiftcall)) void (*LockSlowFunction)(uint32_t, void *__attribute__((swift_context)));
typedef __attribute__((swiftcall)) void (*UnlockSlowFunction)(void *__attribute__((swift_context)));

// Defined by the ThreadSanitizer runtime linked into a sanitized test binary; absent anywhere else, where
// these stand-ins only pass the call on.
extern void __tsan_acquire(void *address) __attribute__((weak));
extern void __tsan_release(void *address) __attribute__((weak));

#define LOCK_SLOW "$s15Synchronization12_MutexHandleV9_lockSlowyys6UInt32VF"
#define UNLOCK_SLOW "$s15Synchronization12_MutexHandleV11_unlockSlowyyF"

__attribute__((swiftcall)) void flakecheck_lockSlow(uint32_t owner, void *__attribute__((swift_context)) handle)
    __asm__(LOCK_SLOW);
__attribute__((swiftcall)) void flakecheck_unlockSlow(void *__attribute__((swift_context)) handle) __asm__(UNLOCK_SLOW);

__attribute__((swiftcall)) void flakecheck_lockSlow(uint32_t owner, void *__attribute__((swift_context)) handle) {
    static LockSlowFunction real;
    if (!real) real = (LockSlowFunction)dlsym(RTLD_NEXT, LOCK_SLOW);
    real(owner, handle);
    if (__tsan_acquire) __tsan_acquire(handle);
}

__attribute__((swiftcall)) void flakecheck_unlockSlow(void *__attribute__((swift_context)) handle) {
    static UnlockSlowFunction real;
    if (!real) real = (UnlockSlowFunction)dlsym(RTLD_NEXT, UNLOCK_SLOW);
    if (__tsan_release) __tsan_release(handle);
    real(handle);
}

#endif
