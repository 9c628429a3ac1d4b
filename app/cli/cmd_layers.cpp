// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
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
        "on NoPE layers."));
    parser.addOptions({
        {QStringLiteral("preset"), QStringLiteral("A built-in model."), QStringLiteral("ID")},
        {QStringLiteral("config"), QStringLiteral("A Hugging Face config.json."),
         QStringLiteral("PATH")},
        {QStringLiteral("gguf"), QStringLiteral("A GGUF file (metadata only)."),
         QStringLiteral("PATH")},
    });
    if (!parseArguments(parser, args)) {
        return 0;
    }
    const std::optional<ui::ModelConfigResult> model = modelConfigFrom(parser);
    if (!model) {
        throw UsageError("missing required option --config (or --preset, --gguf)");
    }
    if (model->layers.empty()) {
        throw InvalidParameter("config", "the config has no num_hidden_layers, so there is no "
                                         "layer list");
    }
    const std::vector<LayerFrequencies> frequencies = layerFrequencies(model->layers);
    std::string json = "{\"num_layers\":" + std::to_string(frequencies.size()) + ",\"layers\":[";
    for (std::size_t i = 0; i < frequencies.size(); ++i) {
        const LayerFrequencies& f = frequencies[i];
        const LayerRope& l = model->layers[i];
        json += (i > 0 ? "," : "");
        json += "{\"index\":" + std::to_string(f.index) + ",\"type\":" + jsonString(f.type) +
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
                "}";
    }
    printJson(json + "]}");
    return 0;
}

} // namespace rope::cli
