// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "core/base_bound.h"
#include "core/model_layers.h"

namespace rope::cli {

int runLayers(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "RoPE of every decoder layer of a model: layer type, whether it rotates at all (NoPE "
        "layers do not), its inverse frequencies, the cos/sin attention factor and the factor "
        "the model's code multiplies the softmax scale by (DeepSeek: mscale^2).\n"
        "Output: {\"num_layers\":N, \"layers\":[{\"index\":i, \"type\":\"...\", "
        "\"rope\":true|false, \"rotary_dim\":r, \"inv_freq\":[...], \"attention_factor\":x, "
        "\"softmax_scale_multiplier\":y, \"query_temperature\":null|{\"floor_scale\":f, "
        "\"attn_scale\":a}}, ...]} (printed without spaces)\n"
        "query_temperature is Llama 4's multiplier ln(1 + floor((m+1)/floor_scale))*attn_scale + 1 "
        "on NoPE layers.\n"
        "Each layer also gives its attention span and the window-aware base check: "
        "\"attention\":\"full|sliding|chunked|linear\", \"window\":W|null (tokens), "
        "\"max_distance\":D|null (window - 1, chunk - 1 or max_position_embeddings - 1; null "
        "when unbounded), \"first_negative_sum_cos\":m|null (the first distance m <= D with "
        "sum_i cos(m*theta'_i) < 0 for the layer's own scaled frequencies, every integer m "
        "evaluated), \"verdict\":\"ok|negative|no_rope|unbounded\", \"min_base\":b|null "
        "(b*(D + 1, rotary dim) of the unscaled ladder, as min-base), \"min_base_status\":"
        "\"computed|no_rope|unbounded|work_cap|not_found|failed\", \"min_base_note\":\"...\"|null, "
        "\"query_scale\":null|{\"beta\":b, \"original_max_position_embeddings\":L0} (Mistral 3: "
        "queries times 1 + beta*ln(1 + floor(pos/L0))), \"indexer_layout\":null|\"half\" "
        "(DeepSeek-V3.2's indexer)."));
    addModelSourceOptions(parser);
    parser.addOptions({
        {QStringLiteral("min-base-work"),
         QStringLiteral("Largest L*d/2 for which min_base is searched (default 2097152, about a "
                        "second per distinct (L, d)); larger layers report min_base_status "
                        "work_cap."),
         QStringLiteral("N")},
    });
    if (!parseArguments(parser, args)) {
        return 0;
    }
    const std::optional<io::ModelConfigResult> model = modelConfigFrom(parser);
    if (!model) {
        throw UsageError("missing required option --config (or --preset, --gguf)");
    }
    if (model->layers.empty()) {
        throw InvalidParameter("config", "the config has no num_hidden_layers, so there is no "
                                         "layer list");
    }
    const std::vector<LayerFrequencies> frequencies = layerFrequencies(model->layers);
    LayerBaseCheckOptions checkOptions;
    if (parser.isSet(QStringLiteral("min-base-work"))) {
        const double cap = parseDouble(parser.value(QStringLiteral("min-base-work")),
                                       QStringLiteral("--min-base-work"));
        if (!(cap >= 0.0) || cap > limits::kMaxBaseSearchWork) {
            throw InvalidParameter(
                "min-base-work", "min-base-work must be in [0, 268435456], got " + jsonNumber(cap));
        }
        checkOptions.minBaseWorkCap = cap;
    }
    const std::vector<LayerBaseCheck> checks =
        layerBaseChecks(model->layers, frequencies, checkOptions);
    const auto optionalInteger = [](long long v) {
        return v >= 0 ? std::to_string(v) : std::string("null");
    };
    std::string json = "{\"num_layers\":" + std::to_string(frequencies.size()) + ",\"layers\":[";
    for (std::size_t i = 0; i < frequencies.size(); ++i) {
        const LayerFrequencies& f = frequencies[i];
        const LayerRope& l = model->layers[i];
        const LayerBaseCheck& c = checks[i];
        const std::string verdict = !f.rope                 ? "no_rope"
                                    : !c.checked            ? "unbounded"
                                    : c.firstNegativeSumCos ? "negative"
                                                            : "ok";
        json += (i > 0 ? "," : "");
        json +=
            "{\"index\":" + std::to_string(f.index) + ",\"type\":" + jsonString(f.type) +
            ",\"rope\":" + (f.rope ? "true" : "false") +
            ",\"rotary_dim\":" + std::to_string(f.rotaryDim) +
            ",\"inv_freq\":" + jsonArray(f.invFreq) +
            ",\"attention_factor\":" + jsonNumber(f.attentionFactor) +
            ",\"softmax_scale_multiplier\":" + jsonNumber(f.softmaxScaleMultiplier) +
            ",\"query_temperature\":" +
            (l.queryTemperatureOn
                 ? "{\"floor_scale\":" + jsonNumber(l.queryTemperature.floorScale) +
                       ",\"attn_scale\":" + jsonNumber(l.queryTemperature.attnScale) + "}"
                 : std::string("null")) +
            ",\"attention\":" + jsonString(std::string(attentionKindName(l.attention))) +
            ",\"window\":" + (l.window > 0 ? std::to_string(l.window) : "null") +
            ",\"max_distance\":" + optionalInteger(l.maxDistance) + ",\"first_negative_sum_cos\":" +
            (c.firstNegativeSumCos ? std::to_string(*c.firstNegativeSumCos) : "null") +
            ",\"verdict\":" + jsonString(verdict) + ",\"min_base\":" +
            (c.minBaseStatus == MinBaseStatus::Computed ? jsonNumber(c.minBase) : "null") +
            ",\"min_base_status\":" + jsonString(std::string(minBaseStatusName(c.minBaseStatus))) +
            ",\"min_base_note\":" + (c.reason.empty() ? "null" : jsonString(c.reason)) +
            ",\"query_scale\":" +
            (l.queryScaleOn ? "{\"beta\":" + jsonNumber(l.queryScale.beta) +
                                  ",\"original_max_position_embeddings\":" +
                                  jsonNumber(l.queryScale.originalContext) + "}"
                            : std::string("null")) +
            ",\"indexer_layout\":" +
            (l.indexerLayout ? jsonString(*l.indexerLayout == Layout::Half ? "half" : "interleaved")
                             : std::string("null")) +
            "}";
    }
    printJson(json + "]}");
    return 0;
}

} // namespace rope::cli
