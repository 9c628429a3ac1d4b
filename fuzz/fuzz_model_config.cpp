// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
//
// Fuzz target: the Hugging Face config.json importer (loadModelConfigFromJson, which
// loadModelConfig(path) wraps). Beyond "no crash, no sanitizer report" it checks the importer's
// documented promise: whatever the input, the parameters it returns pass rope::validate and
// rope::scaledFrequencies.

#include "core/rope_params.h"
#include "core/scaling/scaling_registry.h"
#include "io/model_config.h"

#include <QByteArray>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const QByteArray json(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size));
    const rope::io::ModelConfigResult result = rope::io::loadModelConfigFromJson(json);
    try {
        rope::validate(result.params);
        (void)rope::scaledFrequencies(result.params);
        for (const rope::LayerRope& layer : result.layers) {
            if (layer.rope) {
                rope::validate(layer.params);
            }
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "fuzz_model_config: imported parameters fail validate: %s\n",
                     e.what());
        std::abort();
    }
    return 0;
}
