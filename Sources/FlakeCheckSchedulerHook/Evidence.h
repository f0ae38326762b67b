#ifndef FLAKECHECK_EVIDENCE_H
#define FLAKECHECK_EVIDENCE_H

/// Installs the evidence hooks when FLAKECHECK_EVIDENCE_FILE names a file; returns 1 if it did (the
/// process then runs without delays: evidence describes the test as it runs, not as it is perturbed).
int flakecheckStartEvidence(void);

#endif
