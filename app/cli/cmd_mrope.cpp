// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "core/mrope.h"

#include <charconv>
#include <iostream>
#include <stdexcept>

namespace rope::cli {

namespace {

// 2^22 tokens: ~0.1 GB of ids in memory and ~0.1 GB of JSON, a few seconds; a longer sequence
// is a question for the M-RoPE panel, not a printout.
constexpr long long kMaxPrintedMropeTokens = 1LL << 22;

} // namespace

int runMrope(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Multimodal RoPE (Qwen2-VL, Qwen3-VL): which position row each frequency pair reads "
        "(0 temporal, 1 height, 2 width) and the three rows of position ids that get_rope_index "
        "builds for a sequence of text and vision grids.\n"
        "--tokens \"text:5,image:1x4x6,video:2x4x6,text:3\": grids are T x H x W after the 2x2 "
        "spatial merge, T > 1 = frames. With mrope_interleaved (Qwen3-VL) a video grid is read "
        "frame by frame (T grids of 1 x H x W; image grids stay whole); its timestamp text tokens "
        "are separate text runs. Qwen2.5-VL (vision_config.tokens_per_second) gives video frame t "
        "the temporal id floor(t * seconds-per-grid * tokens_per_second), images 0.\n"
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
        {QStringLiteral("seconds-per-grid"),
         QStringLiteral("Seconds one temporal grid step of a video covers (Qwen2.5-VL's "
                        "second_per_grid_ts = temporal_patch_size / fps; default 1)."),
         QStringLiteral("S")},
    });
    if (!parseArguments(parser, args)) {
        return 0;
    }
    const QString tokens = requiredValue(parser, QStringLiteral("tokens"));
    const std::optional<io::ModelConfigResult> model = modelConfigFrom(parser);
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
    const std::vector<MropeSegment> segments = parseMropeSegments(tokens.toStdString());
    // The core accepts up to 2^26 tokens; printed whole, that is 3 rows of 2^26 ids (1.6 GB
    // in memory, ~1.5 GB of JSON: 30 s and 6.8 GB when the text was built as one string).
    // The printout is bounded before anything is computed and written as it is produced.
    // Summed in double: T·H·W of three ints can pass 2^63; exact below 2^53, far above the bound.
    double count = 0;
    for (const MropeSegment& s : segments) {
        count += s.isText ? static_cast<double>(s.textTokens)
                          : static_cast<double>(s.gridT) * s.gridH * s.gridW;
    }
    if (count > static_cast<double>(kMaxPrintedMropeTokens)) {
        throw UsageError("--tokens describes " + jsonNumber(count) +
                         " tokens; rope-cli mrope prints position ids for at most " +
                         std::to_string(kMaxPrintedMropeTokens) +
                         " tokens (3 rows of JSON numbers)");
    }
    MropeTime time;
    time.tokensPerSecond = model->mropeTokensPerSecond;
    if (parser.isSet(QStringLiteral("seconds-per-grid"))) {
        if (time.tokensPerSecond <= 0.0) {
            throw InvalidParameter("seconds-per-grid",
                                   "--seconds-per-grid needs a model with a time axis "
                                   "(Qwen2.5-VL's vision_config.tokens_per_second); this one has "
                                   "none");
        }
        time.secondsPerGrid = parseDouble(parser.value(QStringLiteral("seconds-per-grid")),
                                          QStringLiteral("--seconds-per-grid"));
    }
    const auto rows = mropePositionIds(segments, model->mropeInterleaved, time);
    std::string json = "{\"axis_of_pair\":[";
    for (std::size_t j = 0; j < axis.size(); ++j) {
        json += (j > 0 ? "," : "") + std::to_string(axis[j]);
    }
    json += "],\"position_ids\":[";
    // Streamed in blocks of about 64 KiB; to_chars writes each id without a temporary string.
    constexpr std::size_t kBlock = 1 << 16;
    json.reserve(kBlock + 64);
    for (std::size_t r = 0; r < rows.size(); ++r) {
        json += (r > 0 ? ",[" : "[");
        for (std::size_t k = 0; k < rows[r].size(); ++k) {
            if (k > 0) {
                json += ',';
            }
            char digits[24];
            const auto end = std::to_chars(digits, digits + sizeof digits, rows[r][k]).ptr;
            json.append(digits, end);
            if (json.size() >= kBlock) {
                std::cout.write(json.data(), static_cast<std::streamsize>(json.size()));
                json.clear();
            }
        }
        json += "]";
    }
    printJson(json + "]}");
    if (!std::cout) {
        throw std::runtime_error("cannot write the output (standard output failed)");
    }
    return 0;
}

} // namespace rope::cli
