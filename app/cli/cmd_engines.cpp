// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "io/engine_compare.h"

namespace rope::cli {

namespace {

std::string jsonStrings(const QStringList& list) {
    std::string out = "[";
    for (qsizetype i = 0; i < list.size(); ++i) {
        out += (i > 0 ? "," : "") + jsonString(list[i].toStdString());
    }
    return out + "]";
}

std::string jsonSide(const io::EngineRope& s) {
    const int rotary = s.params.effectiveRotaryDim();
    return "{\"rope\":" + std::string(s.rope ? "true" : "false") +
           ",\"window\":" + std::to_string(s.window) + ",\"base\":" + jsonNumber(s.params.base) +
           ",\"rotary_dim\":" + std::to_string(rotary) +
           ",\"method\":" + jsonString(std::string(scalingId(s.params.scaling.method))) +
           ",\"truncate\":" + std::string(s.params.scaling.truncate ? "true" : "false") +
           ",\"attention_factor\":" + jsonNumber(s.attention) + ",\"theta\":" + jsonArray(s.theta) +
           "}";
}

// −1 (never / none) prints as null.
std::string orNull(long long v) {
    return v < 0 ? std::string("null") : std::to_string(v);
}

} // namespace

int runEngines(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "What Hugging Face transformers computes for a model against what llama.cpp computes "
        "for it (llama.cpp commit 00342301d01add50835550e8a916f12097d94517; see "
        "docs/engines.md): per layer whether it rotates, its sliding window, θ_i per pair and "
        "the cos/sin magnitude (attention factor); the largest relative θ difference and the "
        "first distance at which the normalised scores s(Δ) = a²/P·Σ cos(Δθ_i) of the two "
        "engines differ by more than the tolerance; the flags or GGUF keys that close a gap.\n"
        "Output (JSON, printed without spaces): {\"model_type\", \"family\", "
        "\"llama_cpp_arch\", \"context\", \"tolerance\", \"max_rel_theta_diff\", \"max_layer\", "
        "\"max_pair\", \"diverges_at\", \"diverges_layer\" (null when never), \"differences\":"
        "[...], \"fixes\":[...], \"notes\":[...], \"layers\":[{\"index\", \"type\", \"hf\":{"
        "\"rope\", \"window\", \"base\", \"rotary_dim\", \"method\", \"truncate\", "
        "\"attention_factor\", \"theta\":[...]}, \"hf_theta_long\":[...]|null (LongRoPE, "
        "sequences longer than L0), \"llama_cpp\":{...}, \"max_rel_theta_diff\", \"max_pair\", "
        "\"diverges_at\"}]}"));
    addModelSourceOptions(parser);
    parser.addOptions({
        {QStringLiteral("context"),
         QStringLiteral("Context N (llama.cpp's --ctx-size), 1 … 1048576; default the model's "
                        "max_position_embeddings."),
         QStringLiteral("N")},
    });
    if (!parseArguments(parser, args)) {
        return 0;
    }
    const std::optional<io::ModelConfigResult> model = modelConfigFrom(parser);
    if (!model) {
        throw UsageError("missing required option --config or --gguf (or --preset)");
    }
    const bool given = parser.isSet(QStringLiteral("context"));
    const long long context =
        given ? parseInteger(parser.value(QStringLiteral("context")), QStringLiteral("context"))
              : model->params.context;
    if (!given && context > 1048576) {
        throw InvalidParameter("context", "the model's context " + std::to_string(context) +
                                              " is above 1048576; give --context N");
    }
    const io::EngineComparison c =
        io::compareEngines(*model, parser.isSet(QStringLiteral("gguf")), context);
    std::string layers = "[";
    for (std::size_t i = 0; i < c.layers.size(); ++i) {
        const io::EngineLayerComparison& e = c.layers[i];
        layers += (i > 0 ? "," : "") + std::string("{\"index\":") + std::to_string(e.index) +
                  ",\"type\":" + jsonString(e.type.toStdString()) + ",\"hf\":" + jsonSide(e.hf) +
                  ",\"hf_theta_long\":" +
                  (e.hfThetaLong.size() > 0 ? jsonArray(e.hfThetaLong) : std::string("null")) +
                  ",\"llama_cpp\":" + jsonSide(e.llama) +
                  ",\"max_rel_theta_diff\":" + jsonNumber(e.maxRelThetaDiff) +
                  ",\"max_pair\":" + orNull(e.maxPair) +
                  ",\"diverges_at\":" + orNull(e.divergesAt) + "}";
    }
    layers += "]";
    printJson("{\"model_type\":" + jsonString(c.modelType.toStdString()) +
              ",\"family\":" + jsonString(c.family.toStdString()) +
              ",\"llama_cpp_arch\":" + jsonString(c.llamaCppArch.toStdString()) + ",\"context\":" +
              std::to_string(c.context) + ",\"tolerance\":" + jsonNumber(c.tolerance) +
              ",\"max_rel_theta_diff\":" + jsonNumber(c.maxRelThetaDiff) +
              ",\"max_layer\":" + orNull(c.maxLayer) + ",\"max_pair\":" + orNull(c.maxPair) +
              ",\"diverges_at\":" + orNull(c.divergesAt) + ",\"diverges_layer\":" +
              orNull(c.divergesLayer) + ",\"differences\":" + jsonStrings(c.differences) +
              ",\"fixes\":" + jsonStrings(c.fixes) + ",\"notes\":" + jsonStrings(c.notes) +
              ",\"layers\":" + layers + "}");
    return 0;
}

} // namespace rope::cli
