// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "io/engine_translate.h"
#include "io/gguf.h"
#include "io/model_family.h"

#include <QCoreApplication>
#include <QJsonDocument>

#include <iostream>

namespace rope::cli {

namespace {

std::string jsonStringList(const QStringList& list) {
    std::string out = "[";
    for (qsizetype i = 0; i < list.size(); ++i) {
        out += (i > 0 ? "," : "") + jsonString(list[i].toStdString());
    }
    return out + "]";
}

// A flag value may need quoting in a shell only if it has spaces; ours never do.
QString shellLine(const QStringList& flags) {
    return flags.join(QLatin1Char(' '));
}

} // namespace

int runTranslate(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "The same RoPE for another engine.\n"
        "--to llama.cpp: llama.cpp command-line flags (--rope-freq-base, --rope-scaling, "
        "--rope-freq-scale = 1/factor, --rope-scale, --yarn-*) and the GGUF keys a converter "
        "writes; --to hf: the Hugging Face rope_scaling / rope_parameters block. What the other "
        "side cannot express is listed under not_expressible.\n"
        "Output (--json): {\"to\": \"llama.cpp\", \"flags\": [...], \"command_line\": \"...\", "
        "\"gguf_keys\": {...}, \"not_expressible\": [...]} or {\"to\": \"hf\", \"config\": {...}, "
        "\"notes\": [...]} (printed without spaces)"));
    addModelSourceOptions(parser);
    parser.addOptions({
        {QStringLiteral("to"), QStringLiteral("Target: llama.cpp or hf."),
         QStringLiteral("llama.cpp|hf")},
        {QStringLiteral("json"), QStringLiteral("Print JSON instead of text.")},
    });
    if (!parseArguments(parser, args)) {
        return 0;
    }
    const QString to = requiredValue(parser, QStringLiteral("to"));
    if (to != QLatin1String("llama.cpp") && to != QLatin1String("hf")) {
        throw InvalidParameter("to",
                               "--to must be llama.cpp or hf, got '" + to.toStdString() + "'");
    }
    const std::optional<io::ModelConfigResult> model = modelConfigFrom(parser);
    if (!model) {
        throw UsageError("missing required option --config, --gguf or --preset");
    }
    const bool json = parser.isSet(QStringLiteral("json"));
    if (to == QLatin1String("llama.cpp")) {
        const QString arch = io::llamaCppArchOf(model->modelType);
        if (arch.isEmpty()) {
            // Key names depend on the architecture; guessing "llama" would print keys llama.cpp
            // never reads for this model.
            throw InvalidParameter(
                "model_type",
                (model->modelType.isEmpty()
                     ? QStringLiteral("the model has no model_type, so its llama.cpp "
                                      "architecture is unknown")
                     : QStringLiteral("model_type '%1' has no llama.cpp architecture in the "
                                      "explorer's model-family table (known architectures: %2)")
                           .arg(model->modelType, io::knownLlamaCppArchs()))
                    .toStdString());
        }
        const io::LlamaCppTranslation t = io::toLlamaCpp(*model, arch);
        if (json) {
            std::string keys = "{";
            for (std::size_t i = 0; i < t.ggufKeys.size(); ++i) {
                keys += (i > 0 ? "," : "") + jsonString(t.ggufKeys[i].first.toStdString()) + ":" +
                        jsonString(t.ggufKeys[i].second.toStdString());
            }
            printJson("{\"to\":\"llama.cpp\",\"flags\":" + jsonStringList(t.flags) +
                      ",\"command_line\":" + jsonString(shellLine(t.flags).toStdString()) +
                      ",\"gguf_keys\":" + keys +
                      "},\"not_expressible\":" + jsonStringList(t.notExpressible) + "}");
            return 0;
        }
        // Headings follow --lang like the notes under them; keys, values and flags do not.
        std::cout << QCoreApplication::translate("Translate", "llama.cpp flags:").toStdString()
                  << "\n  " << shellLine(t.flags).toStdString() << "\n\n"
                  << QCoreApplication::translate("Translate", "GGUF keys:").toStdString() << '\n';
        for (const auto& [k, v] : t.ggufKeys) {
            std::cout << "  " << k.toStdString() << " = " << v.toStdString() << '\n';
        }
        if (!t.notExpressible.isEmpty()) {
            std::cout << '\n'
                      << QCoreApplication::translate("Translate", "Not expressible as flags:")
                             .toStdString()
                      << '\n';
            for (const QString& n : t.notExpressible) {
                std::cout << "  - " << n.toStdString() << '\n';
            }
        }
        return 0;
    }
    const QJsonObject block = io::toHfRopeBlock(*model);
    // What the import could not carry over (GGUF keys without a config.json field, assumptions
    // such as mscale = mscale_all_dim, recovered Llama 3 parameters) is in its warnings.
    const QStringList notes = model->warnings;
    if (json) {
        printJson("{\"to\":\"hf\",\"config\":" +
                  QJsonDocument(block).toJson(QJsonDocument::Compact).toStdString() +
                  ",\"notes\":" + jsonStringList(notes) + "}");
        return 0;
    }
    std::cout << QJsonDocument(block).toJson(QJsonDocument::Indented).toStdString();
    if (!notes.isEmpty()) {
        std::cout << '\n'
                  << QCoreApplication::translate("Translate", "Notes:").toStdString() << '\n';
        for (const QString& n : notes) {
            std::cout << "  - " << n.toStdString() << '\n';
        }
    }
    return 0;
}

} // namespace rope::cli
