// libFuzzer's driver, linked in by -sanitize=fuzzer (compiler-rt's libclang_rt.fuzzer).
//
// Only the fuzz targets (Package.swift, FUZZ=1) import this module. They call the driver from their own
// main: SwiftPM renames an executable's main, so libFuzzer's own main never runs.
#ifndef CLIBFUZZER_H
#define CLIBFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// Parses libFuzzer's command-line flags and runs `callback` on each input, as libFuzzer's main does.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
