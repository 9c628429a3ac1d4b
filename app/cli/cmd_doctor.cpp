// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "io/doctor.h"
#include "io/gguf.h"
#include "io/llama_cpp_args.h"
#include "io/presets.h"

#include <QCoreApplication>
#include <QJsonObject>

#include <iostream>

namespace rope::cli {

namespace {

// The fields as written, for the checks on what the import folds away (text_config when the
// language model is nested).
QJsonObject rawFields(const QCommandLineParser& parser) {
    if (parser.isSet(QStringLiteral("gguf"))) {
        return io::rawModelFields(parser.value(QStringLiteral("gguf")));
    }
    return io::rawModelFields(parser.isSet(QStringLiteral("preset"))
                                  ? io::presetResourcePath(parser.value(QStringLiteral("preset")))
                                  : parser.value(QStringLiteral("config")));
}

std::string jsonList(const QStringList& list) {
    std::string out = "[";
    for (qsizetype i = 0; i < list.size(); ++i) {
        out += (i > 0 ? "," : "") + jsonString(list[i].toStdString());
    }
    return out + "]";
}

} // namespace

int runDoctor(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral(
            "Checks a model's RoPE for the mistakes inference engines' trackers report. Each "
            "finding "
            "has an id, a severity (error, warning, info), the evidence, an explanation and a "
            "fix.\n"
            "Exit status: 0 when no error-level check fires, 1 when one does, 2 on bad input.\n"
            "Checks: ") +
        io::doctorCheckIds().join(QStringLiteral(", ")) +
        QStringLiteral(
            "\nOutput (--json): {\"findings\": [{\"id\", \"severity\", \"title\", \"evidence\": "
            "[...], \"explanation\", \"fix\"}], \"errors\": n} (printed without spaces)"));
    addModelSourceOptions(parser);
    parser.addOptions({
        {QStringLiteral("context"), QStringLiteral("The context you run at (tokens)."),
         QStringLiteral("L")},
        {QStringLiteral("engine"), QStringLiteral("hf (default) or llama.cpp."),
         QStringLiteral("hf|llama.cpp"), QStringLiteral("hf")},
        {QStringLiteral("engine-args"),
         QStringLiteral("The llama.cpp arguments you pass, as one string "
                        "(\"--rope-freq-base 10000 --rope-freq-scale 8\")."),
         QStringLiteral("ARGS")},
        {QStringLiteral("json"), QStringLiteral("Print JSON instead of text.")},
    });
    if (!parseArguments(parser, args)) {
        return 0;
    }
    io::DoctorInput input;
    const std::optional<io::ModelConfigResult> model = modelConfigFrom(parser);
    if (!model) {
        throw UsageError("missing required option --config, --gguf or --preset");
    }
    input.model = *model;
    input.raw = rawFields(parser);
    input.fromGguf = parser.isSet(QStringLiteral("gguf"));
    input.engine = parser.value(QStringLiteral("engine"));
    if (input.engine != QLatin1String("hf") && input.engine != QLatin1String("llama.cpp")) {
        throw InvalidParameter("engine", "--engine must be hf or llama.cpp, got '" +
                                             input.engine.toStdString() + "'");
    }
    if (parser.isSet(QStringLiteral("engine-args"))) {
        if (input.engine != QLatin1String("llama.cpp")) {
            throw UsageError("--engine-args needs --engine llama.cpp");
        }
        input.engineArgs = io::splitEngineArgs(parser.value(QStringLiteral("engine-args")));
    }
    if (parser.isSet(QStringLiteral("context"))) {
        input.context =
            parseInteger(parser.value(QStringLiteral("context")), QStringLiteral("context"));
        if (input.context < 1) {
            throw InvalidParameter("context", "--context must be positive, got " +
                                                  std::to_string(input.context));
        }
    }
    const std::vector<io::DoctorFinding> findings = io::runDoctor(input);
    int errors = 0;
    for (const io::DoctorFinding& f : findings) {
        errors += f.severity == io::DoctorSeverity::Error ? 1 : 0;
    }
    if (parser.isSet(QStringLiteral("json"))) {
        std::string json = "{\"findings\":[";
        for (std::size_t i = 0; i < findings.size(); ++i) {
            const io::DoctorFinding& f = findings[i];
            json += (i > 0 ? "," : "") + std::string("{\"id\":") + jsonString(f.id.toStdString()) +
                    ",\"severity\":" + jsonString(io::severityName(f.severity).toStdString()) +
                    ",\"title\":" + jsonString(f.title.toStdString()) +
                    ",\"evidence\":" + jsonList(f.evidence) +
                    ",\"explanation\":" + jsonString(f.explanation.toStdString()) +
                    ",\"fix\":" + jsonString(f.fix.toStdString()) + "}";
        }
        printJson(json + "],\"errors\":" + std::to_string(errors) + "}");
    } else if (findings.empty()) {
        std::cout << QCoreApplication::translate("Doctor", "No check fired (%1 checks).")
                         .arg(io::doctorCheckIds().size())
                         .toStdString()
                  << '\n';
    } else {
        for (const io::DoctorFinding& f : findings) {
            std::cout << io::severityName(f.severity).toStdString() << " [" << f.id.toStdString()
                      << "] " << f.title.toStdString() << '\n';
            for (const QString& e : f.evidence) {
                std::cout << "  " << e.toStdString() << '\n';
            }
            std::cout << "  " << f.explanation.toStdString() << "\n  "
                      << QCoreApplication::translate("Doctor", "Fix: %1").arg(f.fix).toStdString()
                      << "\n\n";
        }
    }
    return errors > 0 ? 1 : 0;
}

} // namespace rope::cli
