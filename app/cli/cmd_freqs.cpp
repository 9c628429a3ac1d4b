// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "core/scaling/scaling_registry.h"

namespace rope::cli {

int runFreqs(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Inverse frequencies θ_i (rad/token) after the scaling method, and the "
                       "attention factor.\nOutput: {\"inv_freq\":[…],\"attention_factor\":x}"));
    addRopeOptions(parser);
    if (!parseArguments(parser, args)) {
        return 0;
    }
    const ScalingResult r = scaledFrequencies(ropeParamsFrom(parser));
    printJson("{\"inv_freq\":" + jsonArray(r.invFreq) +
              ",\"attention_factor\":" + jsonNumber(r.attentionFactor) + "}");
    return 0;
}

} // namespace rope::cli
