// libFuzzer's entry point for programs that have their own main.
//
// SwiftPM links every executable target with `main` aliased to the module's own
// entry point, so libFuzzer's `main` is never used: the driver's main calls this.
// See https://llvm.org/docs/LibFuzzer.html#using-libfuzzer-as-a-library.
#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
