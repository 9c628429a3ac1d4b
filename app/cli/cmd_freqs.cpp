// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "core/model_layers.h"
#include "core/scaling/scaling_registry.h"

#include <string>

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
            if (m.kind == ScalingKind::LongRope) {
                flags << QStringLiteral("--max-context");
            } else if (m.kind == ScalingKind::Proportional) {
                flags << QStringLiteral("--rotary-dim");
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
    parser.addOption({QStringLiteral("layer"),
                      QStringLiteral("With --config/--preset: the frequencies of decoder layer N "
                                     "(0-based), which may have its own RoPE or none (NoPE: "
                                     "inv_freq [])."),
                      QStringLiteral("N")});
    if (!parseArguments(parser, args)) {
        return 0;
    }
    if (parser.isSet(QStringLiteral("layer"))) {
        // A layer is the model's own; mixing in flags would describe no real layer.
        for (const QString& option : parser.optionNames()) {
            if (option != QLatin1String("layer") && option != QLatin1String("config") &&
                option != QLatin1String("preset") && option != QLatin1String("gguf")) {
                throw UsageError("--layer prints a model layer as configured; --" +
                                 option.toStdString() + " cannot be combined with it");
            }
        }
        const std::optional<io::ModelConfigResult> model = modelConfigFrom(parser);
        if (!model) {
            throw UsageError("--layer needs --config FILE or --preset ID (or --gguf FILE)");
        }
        const long long index =
            parseInteger(parser.value(QStringLiteral("layer")), QStringLiteral("layer"));
        const long long count = static_cast<long long>(model->layers.size());
        if (count == 0) {
            throw InvalidParameter("layer", "--layer: the config has no num_hidden_layers, so it "
                                            "has no layer list");
        }
        if (index < 0 || index >= count) {
            throw InvalidParameter("layer", "--layer must be in [0, " + std::to_string(count - 1) +
                                                "], got " + std::to_string(index));
        }
        const LayerFrequencies f =
            layerFrequencies({model->layers[static_cast<std::size_t>(index)]}).front();
        printJson("{\"inv_freq\":" + jsonArray(f.invFreq) +
                  ",\"attention_factor\":" + jsonNumber(f.attentionFactor) + "}");
        return 0;
    }
    const ScalingResult r = scaledFrequencies(ropeParamsFrom(parser));
    printJson("{\"inv_freq\":" + jsonArray(r.invFreq) +
              ",\"attention_factor\":" + jsonNumber(r.attentionFactor) + "}");
    return 0;
}

} // namespace rope::cli
