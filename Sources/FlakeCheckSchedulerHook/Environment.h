#ifndef FLAKECHECK_ENVIRONMENT_H
#define FLAKECHECK_ENVIRONMENT_H

/// The number in environment variable `name`, or `fallback` when it is unset, empty or not a number:
/// flakecheck passes every setting of this library as a `FLAKECHECK_*` variable.
double flakecheckEnvironmentNumber(const char *name, double fallback);

/// The whole number in `name` (a seed: all 64 bits, which a double would round), or `fallback`.
unsigned long long flakecheckEnvironmentSeed(const char *name, unsigned long long fallback);

#endif
