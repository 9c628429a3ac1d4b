// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "core/base_bound.h"
#include "core/rope_params.h"

#include <string>

namespace rope::cli {

int runMinBase(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Smallest RoPE base b* with Σ_i cos(m·b^(−2i/d)) >= 0 for every integer m in [0, L)\n"
        "(Xu et al., arXiv 2405.14591; Su, kexue.fm/archives/10122). Every m is scanned; b is\n"
        "searched on a logarithmic grid upward from 4/π, then refined by bisection.\n"
        "Output: {\"base\":b}"));
    parser.addOptions({
        {QStringLiteral("dim"), QStringLiteral("Head dimension d (even)."), QStringLiteral("D"),
         QStringLiteral("128")},
        {QStringLiteral("context"), QStringLiteral("Context length L (tokens), 1…67108864."),
         QStringLiteral("L")},
        {QStringLiteral("grid"),
         QStringLiteral("Grid points per decade of b (10…100000, default 1000); finer grids "
                        "find narrower feasible islands but take longer."),
         QStringLiteral("N"), QStringLiteral("1000")},
    });
    if (!parseArguments(parser, args)) {
        return 0;
    }
    const long long dim = parseInteger(parser.value(QStringLiteral("dim")), QStringLiteral("dim"));
    const long long context =
        parseInteger(requiredValue(parser, QStringLiteral("context")), QStringLiteral("context"));
    const long long grid =
        parseInteger(parser.value(QStringLiteral("grid")), QStringLiteral("grid"));
    // Range-check before narrowing to int; the core checks parity and the exact limits.
    if (dim < 0 || dim > limits::kMaxDim) {
        throw InvalidParameter("dim", "dim must be an even integer in [2, " +
                                          std::to_string(limits::kMaxDim) + "], got " +
                                          std::to_string(dim));
    }
    if (grid < 10 || grid > 100000) {
        throw InvalidParameter("grid",
                               "--grid must be in [10, 100000], got " + std::to_string(grid));
    }
    MinimalBaseOptions options;
    options.gridPointsPerDecade = static_cast<int>(grid);
    const MinimalBase result = minimalBase(context, static_cast<int>(dim), options);
    if (!result.found) {
        throw InvalidParameter(
            "context", "no base b <= 1e30 keeps the cosine sum >= 0 for every m < " +
                           std::to_string(context) + " at dim " + std::to_string(dim) +
                           " (it is negative at m = " + std::to_string(result.witness) + ")");
    }
    printJson("{\"base\":" + jsonNumber(result.base) + "}");
    return 0;
}

} // namespace rope::cli
