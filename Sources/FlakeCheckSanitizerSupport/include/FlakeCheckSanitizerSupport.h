#ifndef FLAKECHECK_SANITIZER_SUPPORT_H
#define FLAKECHECK_SANITIZER_SUPPORT_H

/// Loaded by `run --sanitize thread` into the sanitized test processes (LD_PRELOAD) so that
/// ThreadSanitizer sees the synchronisation of Swift's `Synchronization.Mutex`. Nothing here is called
/// from Swift; see MutexAnnotations.c for why it exists.

#endif
