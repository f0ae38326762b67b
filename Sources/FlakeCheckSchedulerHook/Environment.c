#include "Environment.h"

#include <stdlib.h>

double flakecheckEnvironmentNumber(const char *name, double fallback) {
    const char *text = getenv(name);
    if (!text || !*text) return fallback;
    char *end;
    double value = strtod(text, &end);
    return end == text ? fallback : value;
}

unsigned long long flakecheckEnvironmentSeed(const char *name, unsigned long long fallback) {
    const char *text = getenv(name);
    if (!text || !*text) return fallback;
    char *end;
    unsigned long long value = strtoull(text, &end, 10);
    return end == text ? fallback : value;
}
