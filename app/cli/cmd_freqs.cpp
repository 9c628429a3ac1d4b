// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "core/scaling/scaling_registry.h"

namespace rope::cli {

namespace {

QString fromView(std::string_view text) {
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

// The --method list comes from the registry, so a new method shows up here without edits.
QString methodList() {
    QString text = QStringLiteral("\n\nScaling methods (--method ID):");
    for (const ScalingMethod& m : allScalingMethods()) {
        text += QStringLiteral("\n  %1  %2: %3")
                    .arg(fromView(m.id), -8)
                    .arg(fromView(m.displayName), fromView(m.summary));
        if (!m.usedParams.empty()) {
            QStringList flags;
            for (const std::string_view p : m.usedParams) {
                // The registry names the YaRN switch "truncate"; on the command line it is the
                // negative flag, since truncation is HF's default.
                flags << (p == "truncate" ? QStringLiteral("--no-truncate")
                                          : QStringLiteral("--") + fromView(p));
            }
            text += QStringLiteral("\n            flags: ") + flags.join(QStringLiteral(" "));
        }
    }
    return text;
}

} // namespace

int runFreqs(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Inverse frequencies θ_i (rad/token) after the scaling method, and the "
                       "attention factor.\nOutput: {\"inv_freq\":[…],\"attention_factor\":x}") +
        methodList());
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
