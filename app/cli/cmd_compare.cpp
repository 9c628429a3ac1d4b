// SPDX-FileCopyrightText: 2026 RoPE Explorer authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "app/cli/cli_common.h"
#include "app/cli/commands.h"
#include "io/gguf.h"
#include "io/model_compare.h"
#include "io/presets.h"

#include <QFileInfo>

#include <algorithm>
#include <iostream>

namespace rope::cli {

namespace {

// A path (config.json or GGUF) or a preset id.
io::ModelConfigResult loadModel(const QString& what) {
    const bool file = QFileInfo::exists(what);
    if (!file && io::findPreset(what) == nullptr) {
        throw InvalidParameter("model",
                               "'" + what.toStdString() + "' is neither a file nor a preset id");
    }
    const io::ModelConfigResult r = file ? io::loadModelFile(what) : io::loadPreset(what);
    if (!r.ok()) {
        throw InvalidParameter("model", "'" + what.toStdString() + "': " +
                                            r.errors.join(QStringLiteral("; ")).toStdString());
    }
    for (const QString& w : r.warnings) {
        std::cerr << "rope-cli: warning: " << what.toStdString() << ": " << w.toStdString() << '\n';
    }
    return r;
}

} // namespace

int runCompare(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Compare two models' RoPE over relative distance: the cosine between their rotated "
        "query-key scores q·R(Δ)k over 128 random (q, k) pairs (seed 20261125), and the first "
        "distance where it drops below 0.99. A and B are config.json files, GGUF files or preset "
        "ids (same head dimension).\n"
        "Output: {\"context\": L, \"first_below_0_99\": Δ|null, \"distances\": [...], "
        "\"cosine\": [...]} (printed without spaces) "
        "(at most 512 distances listed; first_below_0_99 is over every Δ < L)"));
    parser.addPositionalArgument(QStringLiteral("A"), QStringLiteral("First model."));
    parser.addPositionalArgument(QStringLiteral("B"), QStringLiteral("Second model."));
    parser.addOption({QStringLiteral("context"),
                      QStringLiteral("Largest distance + 1 (default: the larger "
                                     "max_position_embeddings of the two, at most 1048576)."),
                      QStringLiteral("L")});
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption help(QStringList{QStringLiteral("h"), QStringLiteral("help")},
                                  QStringLiteral("Show this help."));
    parser.addOption(help);
    if (!parser.parse(args)) {
        throw UsageError(parser.errorText().toStdString());
    }
    if (parser.isSet(help)) {
        std::cout << parser.helpText().toStdString();
        return 0;
    }
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 2) {
        throw UsageError("expected two models A and B, got " + std::to_string(pos.size()));
    }
    const io::ModelConfigResult a = loadModel(pos[0]);
    const io::ModelConfigResult b = loadModel(pos[1]);
    long long context = std::min<long long>(std::max(a.params.context, b.params.context), 1 << 20);
    if (parser.isSet(QStringLiteral("context"))) {
        context = parseInteger(parser.value(QStringLiteral("context")), QStringLiteral("context"));
    }
    const io::ScoreComparison r = io::compareScores(a.params, b.params, context);
    const long long step = std::max<long long>(1, (context + 511) / 512);
    std::string distances = "[";
    std::string cosines = "[";
    for (long long d = 0; d < context; d += step) {
        distances += (d > 0 ? "," : "") + std::to_string(d);
        cosines += (d > 0 ? "," : "") + jsonNumber(r.cosine[static_cast<std::size_t>(d)]);
    }
    printJson("{\"context\":" + std::to_string(context) + ",\"first_below_0_99\":" +
              (r.firstBelow ? std::to_string(*r.firstBelow) : std::string("null")) +
              ",\"distances\":" + distances + "],\"cosine\":" + cosines + "]}");
    return 0;
}

} // namespace rope::cli
