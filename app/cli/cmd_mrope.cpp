// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "core/mrope.h"

namespace rope::cli {

int runMrope(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Multimodal RoPE (Qwen2-VL, Qwen3-VL): which position row each frequency pair reads "
        "(0 temporal, 1 height, 2 width) and the three rows of position ids that get_rope_index "
        "builds for a sequence of text and vision grids.\n"
        "--tokens \"text:5,image:1x4x6,video:2x4x6,text:3\": grids are T x H x W after the 2x2 "
        "spatial merge, T > 1 = frames. With mrope_interleaved (Qwen3-VL) a video grid is read "
        "frame by frame (T grids of 1 x H x W); its timestamp text tokens are separate text runs.\n"
        "Output: {\"axis_of_pair\":[...],\"position_ids\":[[t...],[h...],[w...]]}"));
    parser.addOptions({
        {QStringLiteral("preset"), QStringLiteral("A built-in model with mrope_section."),
         QStringLiteral("ID")},
        {QStringLiteral("config"), QStringLiteral("A Hugging Face config.json with mrope_section."),
         QStringLiteral("PATH")},
        {QStringLiteral("gguf"), QStringLiteral("A GGUF file (metadata only)."),
         QStringLiteral("PATH")},
        {QStringLiteral("tokens"), QStringLiteral("Token layout, e.g. text:5,image:1x4x6,text:3."),
         QStringLiteral("LAYOUT")},
    });
    if (!parseArguments(parser, args)) {
        return 0;
    }
    const QString tokens = requiredValue(parser, QStringLiteral("tokens"));
    const std::optional<ui::ModelConfigResult> model = modelConfigFrom(parser);
    if (!model) {
        throw UsageError("missing required option --config (or --preset, --gguf)");
    }
    if (model->mropeSection.empty()) {
        throw InvalidParameter("config", "the config has no mrope_section (not a multimodal "
                                         "RoPE model)");
    }
    const MropeLayout layout =
        model->mropeInterleaved ? MropeLayout::Interleaved : MropeLayout::Blocks;
    const std::vector<int> axis =
        mropeAxisOfPair(model->mropeSection, layout, model->params.effectiveRotaryDim() / 2);
    const auto rows =
        mropePositionIds(parseMropeSegments(tokens.toStdString()), model->mropeInterleaved);
    std::string json = "{\"axis_of_pair\":[";
    for (std::size_t j = 0; j < axis.size(); ++j) {
        json += (j > 0 ? "," : "") + std::to_string(axis[j]);
    }
    json += "],\"position_ids\":[";
    for (std::size_t r = 0; r < rows.size(); ++r) {
        json += (r > 0 ? ",[" : "[");
        for (std::size_t k = 0; k < rows[r].size(); ++k) {
            json += (k > 0 ? "," : "") + std::to_string(rows[r][k]);
        }
        json += "]";
    }
    printJson(json + "]}");
    return 0;
}

} // namespace rope::cli
