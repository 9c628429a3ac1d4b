// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Fuzz target: the GGUF header reader and its translation into the config importer
// (loadGgufFromBytes, which loadGguf(path) runs on a memory map). Beyond "no crash, no sanitizer
// report": a refused header gives exactly one "(file): " error, and whatever is imported passes
// rope::validate and rope::scaledFrequencies, as for a config.json.

#include "core/rope_params.h"
#include "core/scaling/scaling_registry.h"
#include "io/gguf.h"

#include <QByteArray>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    const rope::io::ModelConfigResult result = rope::io::loadGgufFromBytes(bytes);
    if (!result.errors.isEmpty() && result.errors.first().startsWith(QStringLiteral("(file): ")) &&
        result.errors.size() != 1) {
        std::fprintf(stderr, "fuzz_gguf: a refused header gave %d errors\n",
                     static_cast<int>(result.errors.size()));
        std::abort();
    }
    try {
        rope::validate(result.params);
        (void)rope::scaledFrequencies(result.params);
        for (const rope::LayerRope& layer : result.layers) {
            if (layer.rope) {
                rope::validate(layer.params);
            }
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "fuzz_gguf: imported parameters fail validate: %s\n", e.what());
        std::abort();
    }
    return 0;
}
