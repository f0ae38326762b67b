#ifndef FLAKECHECK_NOISE_H
#define FLAKECHECK_NOISE_H

/// Starts the noise threads FLAKECHECK_NOISE_CPU and FLAKECHECK_NOISE_MEMORY_MB ask for (none when unset).
void flakecheckStartNoise(void);

#endif
