// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "io/weights_probe.h"

#include <iostream>

namespace rope::cli {

int runWeights(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "How strongly a trained model's W_q and W_k use each rotary pair: per layer, per head and "
        "per pair i, the Frobenius norm of the two weight rows that produce the head's two "
        "components of pair i (rows i and i + R/2 with the half layout, 2i and 2i + 1 with the "
        "interleaved one; R the rotary dimension). The folder holds config.json and "
        "model.safetensors or model.safetensors.index.json with its shards, or Mistral's "
        "params.json and consolidated.safetensors (F32, F16, BF16); "
        "only the q/k projections are read, through memory maps.\n"
        "Output: {\"rotary_dim\":R, \"layout\":\"half\" | \"interleaved\", \"layers\":[{\"index\":i, "
        "\"q\":[[pair norms] per query head], \"k\":[[pair norms] per key/value head]}, ...], "
        "\"head_dim\":D, \"num_attention_heads\":H, \"num_key_value_heads\":G, \"base\":b, "
        "\"naming\":\"q_proj/k_proj\" | \"qkv_proj\" | \"query_key_value\" | \"wq/wk\", "
        "\"prefix\":\"model.\", "
        "\"wavelength\":[2*pi*b^(2i/R) per pair]} (printed without spaces). Config warnings go "
        "to stderr."));
    parser.addOptions({
        {QStringLiteral("model"),
         QStringLiteral("Model folder (config.json + safetensors, or Mistral's params.json + "
                        "consolidated.safetensors); \"synthetic\" for the bundled "
                        "example."),
         QStringLiteral("DIR")},
    });
    if (!parseArguments(parser, args)) {
        return 0;
    }
    QString folder = requiredValue(parser, QStringLiteral("model"));
    if (folder == QLatin1String("synthetic")) {
        folder = io::syntheticWeightsFolder();
    }
    QString error;
    const std::optional<io::WeightsProbe> probe = io::probeModelFolder(folder, error);
    if (!probe) {
        throw InvalidParameter("model", error.toStdString());
    }
    for (const QString& w : probe->warnings) {
        std::cerr << "rope-cli weights: " << w.toStdString() << '\n';
    }
    const auto matrix = [](const std::vector<std::vector<double>>& rows) {
        std::string out = "[";
        for (std::size_t h = 0; h < rows.size(); ++h) {
            out += h > 0 ? ",[" : "[";
            for (std::size_t i = 0; i < rows[h].size(); ++i) {
                out += (i > 0 ? "," : "") + jsonNumber(rows[h][i]);
            }
            out += "]";
        }
        return out + "]";
    };
    std::string json = "{\"rotary_dim\":" + std::to_string(probe->rotaryDim) +
                       ",\"layout\":" + jsonString(layoutId(probe->layout)) + ",\"layers\":[";
    for (std::size_t l = 0; l < probe->layers.size(); ++l) {
        const io::LayerPairNorms& layer = probe->layers[l];
        json += (l > 0 ? ",{\"index\":" : "{\"index\":") + std::to_string(layer.index) +
                ",\"q\":" + matrix(layer.q) + ",\"k\":" + matrix(layer.k) + "}";
    }
    json += "],\"head_dim\":" + std::to_string(probe->headDim) +
            ",\"num_attention_heads\":" + std::to_string(probe->queryHeads) +
            ",\"num_key_value_heads\":" + std::to_string(probe->kvHeads) +
            ",\"base\":" + jsonNumber(probe->base) +
            ",\"naming\":" + jsonString(probe->naming.toStdString()) +
            ",\"prefix\":" + jsonString(probe->prefix.toStdString()) + ",\"wavelength\":[";
    for (int i = 0; i < probe->rotaryDim / 2; ++i) {
        json += (i > 0 ? "," : "") + jsonNumber(probe->wavelength(i));
    }
    json += "]}";
    printJson(json);
    return 0;
}

} // namespace rope::cli
